import { Badge, Button, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmRevokeKey } from '#client/components/dialog/confirm-revoke-key.tsx';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { ScrollTable } from '#client/components/table/scroll-table.tsx';
import { GREEN_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { notify } from '#client/lib/notify.ts';
import type { ApiKeyView } from '#shared/api/api-keys.ts';
import { revokeApiKey } from '../api/api-keys-api.ts';

function status(key: ApiKeyView): { label: string; color: string } {
  if (key.revokedAt) return { label: 'Revoked', color: RED_BADGE };
  if (Date.parse(key.expiresAt) <= Date.now()) return { label: 'Expired', color: 'gray.8' };
  return { label: 'Active', color: GREEN_BADGE };
}

/** The issuer's API keys: when each was last used, and revoking one at once. */
export function ApiKeysTable({ keys }: { keys: ApiKeyView[] }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => revokeApiKey(key.id),
    onSuccess: (key) => {
      notify.success(`API key “${key.name}” revoked`);
      return queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (error) => notify.error(failureText(error, 'Failed to revoke the key.')),
  });
  const confirmRevoke = (key: ApiKeyView) => confirmRevokeKey(key.name, () => revoke.mutate(key));

  if (keys.length === 0) return <Text>No API keys yet.</Text>;
  return (
    <ScrollTable label="API keys" minWidth={820}>
      <Table striped withTableBorder>
        <ColumnHeads names={['Name', 'Key', 'Scope', 'Expires', 'Last used', 'Status', 'Actions']} />
        <Table.Tbody>
          {keys.map((key) => {
            const { label, color } = status(key);
            return (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <code>{key.prefix}…</code>
                </Table.Td>
                <Table.Td>{key.scope === 'write' ? 'Read and write' : 'Read'}</Table.Td>
                <Table.Td>{formatDateTime(key.expiresAt)}</Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
                <Table.Td>
                  <Badge color={color}>{label}</Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    disabled={label !== 'Active' || revoke.isPending}
                    onClick={() => confirmRevoke(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
