import { Anchor, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ImportKind } from '#shared/api/imports.ts';
import { templateUrl } from '../api/import-links.ts';

/** What an import takes, and the template that has the right columns. */
export function ImportIntro({ kind }: { kind: ImportKind }) {
  return (
    <>
      <Text maw={760}>
        {kind === 'people'
          ? 'Add many people records at once from a CSV file, one record per row. '
          : 'Add many renewal records at once from a CSV file, one record per row. '}
        Dates are written YYYY-MM-DD. Every row is checked before anything is saved: you see the problems and
        choose what happens to duplicates, then commit.
      </Text>
      {kind === 'people' && (
        <Text maw={760}>
          Images and PDFs go in one ZIP file; write each file's name in the passportImage, certificateImage,
          signatureImage or pdf column. Rows may leave those columns empty and get their files later through
          Edit.
        </Text>
      )}
      <Anchor
        href={templateUrl(kind)}
        download
        underline="always"
        w="fit-content"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      >
        <IconDownload size={18} aria-hidden />
        Download the template
      </Anchor>
    </>
  );
}
