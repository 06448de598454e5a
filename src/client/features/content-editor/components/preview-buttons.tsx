import { Anchor, Button, Group } from '@mantine/core';
import type { ContentFileName } from '#shared/api/content-files.ts';
import { pathIn } from '#shared/i18n/languages.ts';
import { type FileKey, previewUrl } from '../api/content-editor-api.ts';

/** The public page a file is shown on; the brand shows on every page, the home page among them. */
const pageOf = (name: ContentFileName): string | null => {
  if (name === 'site' || name === 'home') return '/';
  if (name === 'not-found' || name === 'e-cert') return null;
  return `/${name}`;
};

const widths = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1366, height: 900 },
];

/** Opens the page with every draft in it, at a phone's and a desktop's width. */
export function PreviewButtons({ file }: { file: FileKey }) {
  if (file.name === 'e-cert') {
    return (
      <Anchor
        href={`/api/content-editor/e-cert-preview.pdf?lang=${file.language}`}
        target="_blank"
        underline="always"
      >
        Preview the e-Cert PDF of a sample record (saved drafts)
      </Anchor>
    );
  }
  const page = pageOf(file.name);
  if (!page) return null;
  const url = previewUrl(pathIn(file.language, page));
  return (
    <Group gap="xs">
      {widths.map(({ label, width, height }) => (
        <Button
          key={label}
          variant="default"
          onClick={() => window.open(url, `preview-${label}`, `popup,width=${width},height=${height}`)}
        >
          Preview at {width} px ({label})
        </Button>
      ))}
      <Anchor href={url} target="_blank" underline="always">
        Open the preview in a new tab
      </Anchor>
    </Group>
  );
}
