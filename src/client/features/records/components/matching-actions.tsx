import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '#client/lib/notify.ts';
import type { PeopleQuery } from '#shared/api/people.ts';
import { revokeMatchingPeople } from '../api/bulk-people.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { saveFailureText } from '../api/submit-messages.ts';
import { RevokeForm } from './revocation-button.tsx';

const eCerts = (n: number) => (n === 1 ? '1 e-Cert' : `${n.toLocaleString('en')} e-Certs`);

interface MatchingActionsProps {
  query: PeopleQuery;
  total: number;
  onDone: () => void;
}

/**
 * What staff do to every record the list's search and filters match (not only the pages seen):
 * revoke them, the count confirmed first. The server runs the list's query itself, and changes
 * nothing if another number matches by then.
 */
export function MatchingActions({ query, total, onDone }: MatchingActionsProps) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeMatchingPeople,
    onSuccess: async ({ count }) => {
      notify.success(`${eCerts(count)} revoked.`);
      onDone();
      await invalidateRecords(queryClient, 'people');
    },
    onError: (error) => notify.error(saveFailureText(error)),
  });
  const { q, course, result, status, missing } = query;
  const askReason = () =>
    modals.open({
      title: `Revoke ${eCerts(total)}?`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <RevokeForm
          note={`Every record matching the search and filters, ${total.toLocaleString('en')} of them, stays visible, marked revoked with this reason; those revoked already keep theirs.`}
          confirmLabel={`Revoke ${eCerts(total)}`}
          onSubmit={(reason) =>
            revoke.mutate({ matching: { q, course, result, status, missing }, count: total, reason })
          }
        />
      ),
    });

  return (
    <Group gap="sm" role="group" aria-label="Chosen people">
      <Text fw={700} role="status">
        {`All ${total.toLocaleString('en')} matching people chosen`}
      </Text>
      <Button size="xs" color="red.9" onClick={askReason} disabled={revoke.isPending}>
        Revoke all {total.toLocaleString('en')}
      </Button>
      <Button size="xs" variant="subtle" onClick={onDone} disabled={revoke.isPending}>
        Clear choice
      </Button>
    </Group>
  );
}
