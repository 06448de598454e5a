import { Button, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { notify } from '#client/lib/notify.ts';
import { revokeInput } from '#shared/api/credentials.ts';
import type { PersonView } from '#shared/api/people.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { reinstatePerson, revokePerson } from '../api/revoke-person.ts';
import { saveFailureText } from '../api/submit-messages.ts';

const ONE_REVOKED =
  'The record stays visible, marked revoked with this reason, and its signed credentials show as revoked within a minute.';

/** Asks for the reason of a revocation (of one record, or with `note` of several), then closes. */
export function RevokeForm({
  onSubmit,
  note = ONE_REVOKED,
  confirmLabel = 'Revoke',
}: {
  onSubmit: (reason: string) => void;
  note?: string;
  confirmLabel?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = revokeInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    modals.closeAll();
    onSubmit(parsed.data.reason);
  };
  return (
    <Stack>
      <Text>{note}</Text>
      <Textarea
        label="Reason"
        required
        value={reason}
        error={error}
        onChange={(e) => setReason(e.currentTarget.value)}
        data-autofocus
      />
      <Button color="red.9" onClick={submit}>
        {confirmLabel}
      </Button>
    </Stack>
  );
}

/** "Revoke" on a live record (asks for a reason), "Reinstate" on a revoked one (administrators only). */
export function RevocationButton({ person }: { person: PersonView }) {
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery());
  const onSuccess = (text: string) => async () => {
    notify.success(text);
    await invalidateRecords(queryClient, 'people');
  };
  const revoke = useMutation({
    mutationFn: revokePerson,
    onSuccess: onSuccess('Record revoked.'),
    onError: (e) => notify.error(saveFailureText(e)),
  });
  const reinstate = useMutation({
    mutationFn: reinstatePerson,
    onSuccess: onSuccess('Record reinstated.'),
    onError: (e) => notify.error(saveFailureText(e)),
  });
  const busy = revoke.isPending || reinstate.isPending;

  if (!person.revokedAt) {
    const open = () =>
      modals.open({
        title: `Revoke the record of ${person.name}`,
        centered: true,
        closeButtonProps: { 'aria-label': 'Close' },
        children: <RevokeForm onSubmit={(reason) => revoke.mutate({ id: person.id, reason })} />,
      });
    return (
      <Button size="xs" variant="outline" color="red.9" onClick={open} disabled={busy}>
        Revoke
      </Button>
    );
  }
  if (session?.user.role !== 'admin') return null;
  const confirm = () =>
    modals.openConfirmModal({
      title: `Reinstate the record of ${person.name}`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text>Credentials downloaded before stay revoked; the record page offers a new one.</Text>,
      labels: { confirm: 'Reinstate', cancel: 'Cancel' },
      onConfirm: () => reinstate.mutate(person.id),
    });
  return (
    <Button size="xs" variant="outline" onClick={confirm} disabled={busy}>
      Reinstate
    </Button>
  );
}
