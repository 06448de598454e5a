import { Alert, Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '#client/lib/api-client.ts';
import { EditorSection } from './editor-section.tsx';
import { FailureAlert } from './failure-alert.tsx';

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
  return (
    <EditorSection id="content-files-title" title="Content files">
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
        <FailureAlert error={upload.error} fallback="The import failed." />
      </Stack>
    </EditorSection>
  );
}
