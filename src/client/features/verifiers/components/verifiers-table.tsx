import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { GREEN_BADGE, ORANGE_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { notify } from '#client/lib/notify.ts';
import type { PasswordResetLinkView } from '#shared/api/users.ts';
import type { VerifierStatus, VerifierView } from '#shared/api/verifiers.ts';
import {
  approveVerifier,
  decideVerifier,
  newSetupLink,
  type VerifierDecision,
} from '../api/verifiers-api.ts';
import { CheckLogDialog } from './check-log-dialog.tsx';
import { failureText } from './failure-text.ts';
import { QuotaForm } from './quota-form.tsx';
import { SetupLinkDialog } from './setup-link-dialog.tsx';

const statusColor: Record<VerifierStatus, string> = {
  pending: ORANGE_BADGE,
  approved: GREEN_BADGE,
  refused: 'gray.8',
  suspended: RED_BADGE,
};

/** Applications and verifier accounts, newest first, with what staff may do to each. */
export function VerifiersTable({ verifiers }: { verifiers: VerifierView[] }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ verifier: VerifierView; link: PasswordResetLinkView } | null>(null);
  const [logOf, setLogOf] = useState<VerifierView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['verifiers'] });
  const approve = useMutation({
    mutationFn: (verifier: VerifierView) => approveVerifier(verifier.id),
    onSuccess: async (approval) => {
      setShown({ verifier: approval.verifier, link: approval.setupLink });
      await refresh();
    },
    onError: (error) => notify.error(failureText(error, 'The application could not be approved.')),
  });
  const link = useMutation({
    mutationFn: async (verifier: VerifierView) => ({ verifier, link: await newSetupLink(verifier.id) }),
    onSuccess: setShown,
    onError: (error) => notify.error(failureText(error, 'No set-up link could be made.')),
  });
  const decide = useMutation({
    mutationFn: ({ verifier, decision }: { verifier: VerifierView; decision: VerifierDecision }) =>
      decideVerifier(verifier.id, decision),
    onSuccess: async (verifier) => {
      notify.success(`${verifier.companyName}: ${verifier.status}`);
      await refresh();
    },
    onError: (error) => notify.error(failureText(error, 'The change could not be made.')),
  });
  const busy = approve.isPending || link.isPending || decide.isPending;
  const action = (verifier: VerifierView, decision: VerifierDecision, label: string, color?: string) => (
    <Button
      size="xs"
      variant="light"
      color={color}
      disabled={busy}
      onClick={() => decide.mutate({ verifier, decision })}
      aria-label={`${label} ${verifier.companyName}`}
    >
      {label}
    </Button>
  );

  if (verifiers.length === 0) return <Text>No applications yet.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <ColumnHeads
            names={['Organisation', 'Contact', 'Purpose', 'Applied', 'Status', 'Daily quota', 'Actions']}
          />
          <Table.Tbody>
            {verifiers.map((verifier) => (
              <Table.Tr key={verifier.id}>
                <Table.Td>
                  {verifier.companyName}
                  <Text size="sm" c="dimmed">
                    {verifier.registrationNumber}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {verifier.contactName}
                  <Text size="sm" c="dimmed">
                    {verifier.email}
                  </Text>
                </Table.Td>
                <Table.Td maw={280}>{verifier.purpose}</Table.Td>
                <Table.Td>{formatDateTime(verifier.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[verifier.status]}>{verifier.status}</Badge>
                </Table.Td>
                <Table.Td>{verifier.status === 'refused' ? '–' : <QuotaForm verifier={verifier} />}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {verifier.status === 'pending' && (
                      <>
                        <Button
                          size="xs"
                          disabled={busy}
                          onClick={() => approve.mutate(verifier)}
                          aria-label={`Approve ${verifier.companyName}`}
                        >
                          Approve
                        </Button>
                        {action(verifier, 'refuse', 'Refuse', 'red')}
                      </>
                    )}
                    {verifier.status === 'approved' && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          disabled={busy}
                          onClick={() => link.mutate(verifier)}
                          aria-label={`New set-up link for ${verifier.companyName}`}
                        >
                          New set-up link
                        </Button>
                        {action(verifier, 'suspend', 'Suspend', 'red')}
                      </>
                    )}
                    {verifier.status === 'suspended' && action(verifier, 'reinstate', 'Reinstate')}
                    {verifier.status !== 'pending' && verifier.status !== 'refused' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setLogOf(verifier)}
                        aria-label={`Checks by ${verifier.companyName}`}
                      >
                        Checks
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {logOf && <CheckLogDialog verifier={logOf} onClose={() => setLogOf(null)} />}
      {shown && (
        <SetupLinkDialog verifier={shown.verifier} link={shown.link} onClose={() => setShown(null)} />
      )}
    </>
  );
}
