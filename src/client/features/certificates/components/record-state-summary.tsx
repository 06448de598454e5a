import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { CertificateView } from '#shared/api/certificates.ts';
import { formatDate } from '#shared/format-date.ts';
import { OTHER_COLOR, PASSED_COLOR, REVOKED_COLOR } from './state-colors.ts';

type Summarised = Pick<
  CertificateView,
  'state' | 'courseExpiresOn' | 'revokedAt' | 'revocationReason' | 'issuer'
>;

/** What an expired or revoked record says wherever it is shown; nothing for a valid one. */
export function stateSentence(c: Summarised): string | null {
  if (c.state === 'revoked')
    return `This certificate was revoked on ${formatDate(c.revokedAt)} and is no longer valid.`;
  if (c.state === 'expired')
    return `This certificate has expired. It was valid until ${formatDate(c.courseExpiresOn)}.`;
  return null;
}

/**
 * The first thing an employer reads: "Verified Information" (held by this issuer, not revoked),
 * with "Expired" and its last valid day beside it once past its validity; "Revoked" instead when
 * revoked. An expired record's badge is not green: nothing on it may read as valid.
 */
export function RecordStateSummary({ certificate: c }: { certificate: Summarised }) {
  return (
    <Stack gap={6} data-testid="record-state" data-state={c.state}>
      {c.state === 'revoked' ? (
        <>
          <Group gap="xs">
            <Badge color={REVOKED_COLOR} size="lg" leftSection={<IconCircleX size={16} aria-hidden />}>
              Revoked
            </Badge>
          </Group>
          <Text fw={700} c="red.9">
            {stateSentence(c)}
          </Text>
          {c.revocationReason && <Text c="red.9">Reason: {c.revocationReason}</Text>}
        </>
      ) : (
        <>
          <Group gap="xs">
            <Badge
              color={c.state === 'valid' ? PASSED_COLOR : 'gray.8'}
              variant={c.state === 'valid' ? 'filled' : 'outline'}
              size="lg"
              leftSection={<IconCircleCheck size={16} aria-hidden />}
            >
              Verified Information
            </Badge>
            {c.state === 'expired' && (
              <Badge color={OTHER_COLOR} size="lg" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
                Expired
              </Badge>
            )}
          </Group>
          {c.state === 'expired' && (
            <Text fw={700} c={OTHER_COLOR}>
              {stateSentence(c)}
            </Text>
          )}
        </>
      )}
      <Text>Record held by {c.issuer}</Text>
    </Stack>
  );
}
