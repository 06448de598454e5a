import { Button, Group, NumberInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '#client/lib/notify.ts';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { setDailyQuota } from '../api/verifiers-api.ts';
import { failureText } from './failure-text.ts';

/** A verifier's daily quota, changed in place: rows checked per UTC day. */
export function QuotaForm({ verifier }: { verifier: VerifierView }) {
  const queryClient = useQueryClient();
  const [quota, setQuota] = useState<number | string>(verifier.dailyQuota);
  const save = useMutation({
    mutationFn: () => setDailyQuota(verifier.id, Number(quota)),
    onSuccess: async () => {
      notify.success(`Daily quota of ${verifier.companyName} set`);
      await queryClient.invalidateQueries({ queryKey: ['verifiers'] });
    },
    onError: (error) => notify.error(failureText(error, 'The quota could not be changed.')),
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        aria-label={`Daily quota of ${verifier.companyName}`}
        value={quota}
        onChange={setQuota}
        min={0}
        allowDecimal={false}
        w={110}
        size="xs"
      />
      <Button
        size="xs"
        variant="light"
        onClick={() => save.mutate()}
        disabled={save.isPending || quota === verifier.dailyQuota}
      >
        Save
      </Button>
    </Group>
  );
}
