import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { contentVersionQuery, contentVersionsQuery, restoreVersion } from '../api/content-editor-api.ts';
import { EditorSection } from './editor-section.tsx';
import { FailureAlert, shownValue } from './failure-alert.tsx';

function VersionChanges({ version }: { version: number }) {
  const { data } = useQuery(contentVersionQuery(version));
  if (!data) return <Text>Loading...</Text>;
  if (data.changes.length === 0) return <Text>No changes from the version before.</Text>;
  return (
    <List aria-label={`Changes in version ${version}`}>
      {data.changes.map((change) => (
        <List.Item key={`${change.language}/${change.name}/${change.field}`}>
          {change.name} ({change.language}) {change.field}: {shownValue(change.before)} →{' '}
          {shownValue(change.after)}
        </List.Item>
      ))}
    </List>
  );
}

/** Every published version with who and when; each compared with the one before, and restored in one step. */
export function VersionHistory() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(contentVersionsQuery());
  const [open, setOpen] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => restoreVersion(version, data.current),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['content-editor'] }),
  });
  return (
    <EditorSection id="history-title" title="History">
      <Stack>
        {data.items.length === 0 && <Text>Nothing has been published from the dashboard yet.</Text>}
        {restore.data && <Alert role="status">Restored as version {restore.data.version}.</Alert>}
        <FailureAlert error={restore.error} fallback="Restoring failed." />
        {data.items.length > 0 && (
          <Table>
            <ColumnHeads names={['Version', 'Published', 'By', 'Actions']} />
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.version}>
                  <Table.Td>
                    {item.version}
                    {item.restoredFrom !== null && ` (restores ${item.restoredFrom})`}
                  </Table.Td>
                  <Table.Td>{new Date(item.publishedAt).toLocaleString()}</Table.Td>
                  <Table.Td>{item.publishedBy ?? 'The content files'}</Table.Td>
                  <Table.Td>
                    <Stack gap="xs">
                      <Group gap="xs">
                        {item.version > 0 && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-expanded={open === item.version}
                            onClick={() => setOpen(open === item.version ? null : item.version)}
                          >
                            Compare version {item.version} with the one before
                          </Button>
                        )}
                        {item.version !== data.current && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => restore.mutate(item.version)}
                          >
                            Restore version {item.version}
                          </Button>
                        )}
                      </Group>
                      {open === item.version && <VersionChanges version={item.version} />}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </EditorSection>
  );
}
