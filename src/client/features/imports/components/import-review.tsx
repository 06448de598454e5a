import { Alert, Button, List, Radio, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DuplicateChoice, ImportView } from '#shared/api/imports.ts';
import { commitImport } from '../api/commit-import.ts';
import { importFailureText } from '../api/import-failure-text.ts';
import { importQuery } from '../api/import-query.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportErrorsTable } from './import-errors-table.tsx';

// Mantine's darkest orange (9) is 4.3:1 on white; this one passes 4.5:1.
const WARNING_COLOR = '#a84300';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** Records a commit writes: duplicates are left out when skipped, and overwrite when replacing. */
const recordsToCommit = (view: ImportView, choice: DuplicateChoice) =>
  choice === 'skip' ? Math.max(0, view.valid - view.duplicates) : view.valid;

interface ImportReviewProps {
  view: ImportView;
  /** After a failed commit: the button says so. */
  again?: boolean;
}

/** A checked import: what was found, what to do with duplicates, and the button that saves it. */
export function ImportReview({ view, again = false }: ImportReviewProps) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<DuplicateChoice>('skip');
  const { queryKey } = importQuery(view.kind, view.id);
  const commit = useMutation({
    // Without duplicates there is nothing to choose: skip is what the server expects then.
    mutationFn: () => commitImport(view.kind, view.id, view.duplicates > 0 ? choice : 'skip'),
    onSuccess: () => {
      // The server is saving now: show it at once and poll until it has finished.
      client.setQueryData(queryKey, (old) =>
        old ? { ...old, status: 'committing' as const, progress: 0, message: null } : old,
      );
      return client.invalidateQueries({ queryKey });
    },
  });
  const count = recordsToCommit(view, view.duplicates > 0 ? choice : 'skip');

  return (
    <Stack gap="lg">
      <ImportCounts view={view} />
      {view.warnings.length > 0 && (
        // Mantine's Alert is role="alert" unless told: warnings refuse nothing, so they wait their turn.
        <Alert color={WARNING_COLOR} variant="outline" title="Worth knowing" role="note" maw={760}>
          <List size="sm">
            {view.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {view.invalid > 0 && <ImportErrorsTable view={view} />}
      {view.duplicates > 0 && (
        <Radio.Group
          value={choice}
          onChange={(value) => setChoice(value as DuplicateChoice)}
          label="Duplicates"
          description={`${plural(view.duplicates, 'row has', 'rows have')} the FIN and e-Cert serial number of an existing record or of an earlier row.`}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="skip" label="Skip rows that duplicate an existing record" />
            <Radio value="replace" label="Replace the existing record with the row" />
          </Stack>
        </Radio.Group>
      )}
      <Button
        w="fit-content"
        size="md"
        disabled={count === 0 || commit.isPending}
        onClick={() => commit.mutate()}
      >
        {commit.isPending
          ? 'Committing...'
          : again
            ? 'Commit again'
            : `Commit ${plural(count, 'record', 'records')}`}
      </Button>
      {commit.isError && (
        <Alert color="red.9" variant="outline" role="alert" title="Not committed" maw={760}>
          {importFailureText(commit.error, 'commit')}
        </Alert>
      )}
    </Stack>
  );
}
