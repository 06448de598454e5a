import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { languageNames } from '#shared/i18n/languages.ts';
import { contentOverviewQuery, publishDrafts } from '../api/content-editor-api.ts';

/** Every draft waiting, and one button that publishes them all as the next version. */
export function PublishPanel() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(contentOverviewQuery());
  const publish = useMutation({
    mutationFn: () => publishDrafts(data.version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['content-editor'] }),
  });
  const failure =
    publish.error instanceof ApiRequestError
      ? publish.error.body?.message
      : publish.error && 'Publishing failed.';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="publish-title">
      <Title order={2} size="h3" id="publish-title" mb="md">
        Drafts
      </Title>
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
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button
          w="fit-content"
          disabled={data.drafts.length === 0}
          loading={publish.isPending}
          onClick={() => publish.mutate()}
        >
          Publish all drafts
        </Button>
      </Stack>
    </Card>
  );
}
