import { Alert, Button, List, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DuplicateChoice, ImportView } from '#shared/api/imports.ts';
import { commitImport } from '../api/commit-import.ts';
import { importFailureText } from '../api/import-failure-text.ts';
import { importQuery } from '../api/import-query.ts';
import { ImportCounts } from './import-counts.tsx';
import { ImportDuplicatesTable } from './import-duplicates-table.tsx';
import { ImportErrorsTable } from './import-errors-table.tsx';
import { ImportReadAs } from './import-read-as.tsx';

// Mantine's darkest orange (9) is 4.3:1 on white; this one passes 4.5:1.
const WARNING_COLOR = '#a84300';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * Records a commit writes. Skipping leaves every duplicate out; replacing writes the last row of
 * each pair the file repeats, over the live record holding it if there is one.
 */
const recordsToCommit = (view: ImportView, choice: DuplicateChoice) =>
  Math.max(0, view.valid - (choice === 'skip' ? view.duplicates : view.duplicatesInFile));

/** The commit's sum in words, from the same counts the cards above show. */
function commitSummary(view: ImportView, choice: DuplicateChoice): string {
  const added = view.valid - view.duplicates;
  const leftOut = (duplicates: number) =>
    [
      duplicates > 0 && plural(duplicates, 'duplicate row', 'duplicate rows'),
      view.invalid > 0 && plural(view.invalid, 'row with problems', 'rows with problems'),
    ].filter(Boolean);
  if (choice === 'skip') {
    const out = leftOut(view.duplicates);
    return `${plural(added, 'new record', 'new records')} to add${out.length > 0 ? `; ${out.join(' and ')} left out` : ''}.`;
  }
  const replaced = view.duplicates - view.duplicatesInFile;
  const out = leftOut(view.duplicatesInFile);
  return `${plural(added, 'new record', 'new records')} to add and ${plural(replaced, 'existing record', 'existing records')} to replace${out.length > 0 ? `; ${out.join(' and ')} left out (of a pair the file repeats, its last row is written)` : ''}.`;
}

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
  const chosen = view.duplicates > 0 ? choice : 'skip';
  const count = recordsToCommit(view, chosen);

  return (
    <Stack gap="lg">
      <ImportReadAs view={view} />
      <ImportCounts view={view} />
      {view.rows === 0 && (
        <Text maw={760}>
          The file has no rows below its column names, as the template comes: add one record per row, then
          upload it again.
        </Text>
      )}
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
      {view.duplicates > 0 && <ImportDuplicatesTable view={view} />}
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
      <Text maw={760}>{commitSummary(view, chosen)}</Text>
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
