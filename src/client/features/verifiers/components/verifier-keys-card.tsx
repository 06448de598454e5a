import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmRevokeKey } from '#client/components/dialog/confirm-revoke-key.tsx';
import { CopyField } from '#client/components/form/copy-field.tsx';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { GREEN_BADGE } from '#client/lib/badge-colors.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { notify } from '#client/lib/notify.ts';
import type { NewVerifierKey } from '#shared/api/verifiers.ts';
import { createVerifierKey, revokeVerifierKey, verifierKeysQuery } from '../api/verifiers-api.ts';
import { failureText } from './failure-text.ts';

/** The verifier's API keys for its own systems: each shown once when made, revoked here. */
export function VerifierKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery(verifierKeysQuery());
  const [name, setName] = useState('');
  const [made, setMade] = useState<NewVerifierKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['verifier-keys'] });
  const create = useMutation({
    mutationFn: () => createVerifierKey(name),
    onSuccess: async (key) => {
      setMade(key);
      setName('');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeVerifierKey,
    onSuccess: refresh,
    onError: (error) => notify.error(failureText(error, 'The key could not be revoked.')),
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="keys-title">
      <Title order={2} size="h3" id="keys-title" mb="xs">
        API keys
      </Title>
      <Text mb="md">
        Your own systems check one FIN and serial (<code>POST /api/verifier/check</code>) or a list (
        <code>POST /api/verifier/checks</code>) with a key: <code>Authorization: Bearer &lt;key&gt;</code>. A
        key only checks, and its rows count against your quota. The API is described at{' '}
        <Anchor href="/api/docs" underline="always">
          /api/docs
        </Anchor>
        .
      </Text>
      <Stack>
        {made && (
          <Alert color={GREEN_BADGE} variant="outline" role="status" title={`Key "${made.name}" made`}>
            <Text mb="xs">Copy it now: it is shown only this once.</Text>
            <CopyField label="New key" value={made.key} />
          </Alert>
        )}
        <Group align="flex-end">
          <TextInput
            label="Key name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            w={280}
          />
          <Button onClick={() => create.mutate()} disabled={create.isPending || !name.trim()}>
            Make a key
          </Button>
        </Group>
        {create.error && (
          <Alert color="red" role="alert">
            {failureText(create.error, 'The key could not be made.')}
          </Alert>
        )}
        {keys.data && keys.data.length > 0 && (
          <Table>
            <ColumnHeads names={['Name', 'Key', 'Last used', 'Revoke']} />
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>{key.prefix}…</Table.Td>
                  <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      disabled={revoke.isPending}
                      onClick={() => confirmRevokeKey(key.name, () => revoke.mutate(key.id))}
                      aria-label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
