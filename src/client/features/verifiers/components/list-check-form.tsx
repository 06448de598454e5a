import { Alert, Button, Card, FileInput, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_LIST_ROWS } from '#shared/api/verifiers.ts';
import { checkListFile, checkPastedList } from '../api/verifiers-api.ts';
import { failureText } from './failure-text.ts';
import { ListResults } from './list-results.tsx';

/** Paste rows or choose a CSV file of FIN and serial; the results show below, in the list's order. */
export function ListCheckForm() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({
    mutationFn: (list: { text: string } | { file: File }) =>
      'file' in list ? checkListFile(list.file) : checkPastedList(list.text),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['verifier-account'] }),
  });
  return (
    <Stack>
      <Card withBorder padding="lg" component="section" aria-labelledby="check-title">
        <Title order={2} size="h3" id="check-title" mb="xs">
          Check a list
        </Title>
        <Text mb="md">
          Up to {MAX_LIST_ROWS.toLocaleString('en')} rows of FIN and serial number, one a line, separated by a
          comma, semicolon or tab; a first line naming the columns is skipped. Every row checked counts
          against your daily quota, and is recorded with your purpose.
        </Text>
        <Stack>
          <Textarea
            label="Rows to check"
            placeholder={'G1234567A,ABC-000123\nG7654321B,ABC-000124'}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button
            w="fit-content"
            disabled={check.isPending || !text.trim()}
            onClick={() => check.mutate({ text })}
          >
            Check rows
          </Button>
          <Group align="flex-end">
            <FileInput
              label="Or a CSV file"
              accept=".csv,text/csv"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the file' }}
              value={file}
              onChange={setFile}
              w={320}
            />
            <Button disabled={check.isPending || !file} onClick={() => file && check.mutate({ file })}>
              Check file
            </Button>
          </Group>
          {check.error && (
            <Alert color="red" role="alert">
              {failureText(
                check.error,
                'The list could not be checked. Check your connection and try again.',
              )}
            </Alert>
          )}
        </Stack>
      </Card>
      {check.data && <ListResults result={check.data} />}
    </Stack>
  );
}
