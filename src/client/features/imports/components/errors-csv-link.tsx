import { Anchor } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ImportView } from '#shared/api/imports.ts';
import { errorsCsvUrl } from '../api/import-links.ts';

/** The import's errors.csv: every bad and duplicate row, to correct and import again. */
export function ErrorsCsvLink({
  view,
  children,
}: {
  view: Pick<ImportView, 'kind' | 'id'>;
  children: ReactNode;
}) {
  return (
    <Anchor
      href={errorsCsvUrl(view.kind, view.id)}
      download
      underline="always"
      w="fit-content"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      <IconDownload size={18} aria-hidden />
      {children}
    </Anchor>
  );
}
