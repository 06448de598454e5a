import { Alert, Anchor, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError, apiFetch } from '#client/lib/api-client.ts';

const importArchive = (file: File) =>
  apiFetch<{ files: number; drafts: number }>('/api/content-editor/import', {
    method: 'POST',
    body: file,
    headers: { 'content-type': 'application/zip' },
  });

/** The published content as the `content/` files, for version control, and such an archive brought back as drafts. */
export function ContentFilesPanel() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: importArchive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['content-editor'] }),
  });
  const failure =
    upload.error instanceof ApiRequestError
      ? upload.error.body?.message
      : upload.error && 'The import failed.';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="content-files-title">
      <Title order={2} size="h3" id="content-files-title" mb="md">
        Content files
      </Title>
      <Stack>
        <Text>
          <Anchor href="/api/content-editor/export.zip" underline="always">
            Download the published content as content/ files (ZIP)
          </Anchor>
        </Text>
        <Group align="end">
          <FileInput
            label="Import content files (ZIP)"
            accept=".zip,application/zip"
            value={file}
            onChange={setFile}
            clearable
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Import as drafts
          </Button>
        </Group>
        {upload.data && (
          <Alert role="status">
            Read {upload.data.files} files; {upload.data.drafts} differ from the published pages and are now
            drafts.
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
