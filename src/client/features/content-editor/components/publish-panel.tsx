import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { languageNames } from '#shared/i18n/languages.ts';
import { contentOverviewQuery, publishDrafts } from '../api/content-editor-api.ts';
import { EditorSection } from './editor-section.tsx';
import { FailureAlert } from './failure-alert.tsx';

/** Every draft waiting, and one button that publishes them all as the next version. */
export function PublishPanel() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(contentOverviewQuery());
  const publish = useMutation({
    mutationFn: () => publishDrafts(data.version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['content-editor'] }),
  });
  return (
    <EditorSection id="publish-title" title="Drafts">
      <Stack>
        <Text>Published version: {data.version === 0 ? '0 (the content files)' : data.version}</Text>
        {data.drafts.length === 0 ? (
          <Text>No drafts. Pages you save appear here until you publish them.</Text>
        ) : (
          <List>
            {data.drafts.map((draft) => (
              <List.Item key={`${draft.language}/${draft.name}`}>
                {draft.name} ({languageNames[draft.language]}), saved by {draft.updatedBy}
              </List.Item>
            ))}
          </List>
        )}
        {publish.data && <Alert role="status">Published as version {publish.data.version}.</Alert>}
        <FailureAlert error={publish.error} fallback="Publishing failed." />
        <Button
          w="fit-content"
          disabled={data.drafts.length === 0}
          loading={publish.isPending}
          onClick={() => publish.mutate()}
        >
          Publish all drafts
        </Button>
      </Stack>
    </EditorSection>
  );
}
