import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { ImportView } from '#shared/api/imports.ts';
import { importedListLink } from '../api/import-links.ts';

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en')} ${value === 1 ? one : many}`;

/** "3 records added, 0 replaced, 1 duplicate row skipped; 2 rows with problems left out." */
function summary(view: ImportView): string {
  const parts = `${count(view.created, 'record', 'records')} added, ${view.replaced.toLocaleString('en')} replaced, ${count(view.skipped, 'duplicate row', 'duplicate rows')} skipped`;
  return view.invalid > 0
    ? `${parts}; ${count(view.invalid, 'row', 'rows')} with problems left out.`
    : `${parts}.`;
}

/** A finished import: what it wrote, where to see it, and the way to the next one. */
export function ImportResult({ view, restart }: { view: ImportView; restart: string }) {
  const list = importedListLink[view.kind];
  return (
    <Stack gap="md">
      <Alert color="green.9" variant="outline" role="status" maw={760}>
        {summary(view)}
      </Alert>
      <Group>
        <Button component={Link} to={list.to}>
          {list.label}
        </Button>
        <Button component={Link} to={restart} variant="outline">
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}
