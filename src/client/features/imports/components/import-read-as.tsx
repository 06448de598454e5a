import { Text } from '@mantine/core';
import type { ImportView } from '#shared/api/imports.ts';

const separators = { comma: 'commas', semicolon: 'semicolons', tab: 'tabs' } as const;
const encodings = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16 (big-endian)' } as const;
const dateOrders = {
  'day-first': 'day first (31/12/2024)',
  'month-first': 'month first (12/31/2024)',
} as const;

/** How the server read the file, so that a misread (a wrong separator, dates the other way) shows. */
export function ImportReadAs({ view }: { view: ImportView }) {
  if (!view.separator || !view.encoding) return null;
  return (
    <Text maw={760}>
      Read as {encodings[view.encoding]} text with columns separated by {separators[view.separator]}; dates
      read {dateOrders[view.dateOrder]} or as YYYY-MM-DD.
      {view.originalRows &&
        ' Rows are numbered as in the original file, by its "Original row" column, not by their lines in this one.'}
    </Text>
  );
}
