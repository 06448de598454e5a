import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ImportKind } from '#shared/api/imports.ts';
import { sampleUrl, templateUrl } from '../api/import-links.ts';

const linkStyle = { display: 'inline-flex', alignItems: 'center', gap: 6 } as const;

/** What an import takes, and the template that has the right columns. */
export function ImportIntro({ kind }: { kind: ImportKind }) {
  return (
    <>
      <Text maw={760}>
        {kind === 'people'
          ? 'Add many people records at once from a CSV file, one record per row. '
          : 'Add many renewal records at once from a CSV file, one record per row. '}
        Columns may be separated by commas, semicolons or tabs, in UTF-8 or UTF-16 text (Excel's "CSV UTF-8"
        or "Unicode Text"). Dates may be written 2024-12-31 or as a spreadsheet shows them, such as
        31/12/2024; the review says how they were read. Every row is checked before anything is saved: you see
        the problems and choose what happens to duplicates, then commit.
      </Text>
      {kind === 'people' && (
        <Text maw={760}>
          Images and PDFs go in one ZIP file; write each file's name in the passportImage, certificateImage,
          signatureImage or pdf column. Rows may leave those columns empty and get their files later through
          Edit.
        </Text>
      )}
      <Group gap="lg">
        <Anchor href={templateUrl(kind)} download underline="always" style={linkStyle}>
          <IconDownload size={18} aria-hidden />
          Download the template
        </Anchor>
        <Anchor href={sampleUrl(kind)} download underline="always" style={linkStyle}>
          <IconDownload size={18} aria-hidden />
          Download a sample
        </Anchor>
      </Group>
      <Text size="sm" maw={760}>
        The template has the column names only. The sample shows example rows; they are made up, and an import
        refuses them.
      </Text>
    </>
  );
}
