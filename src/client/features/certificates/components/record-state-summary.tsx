import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { dateIn } from '#client/lib/i18n/format-date.ts';
import type { CertificateView } from '#shared/api/certificates.ts';
import { OTHER_COLOR, PASSED_COLOR, REVOKED_COLOR } from './state-colors.ts';

type Summarised = Pick<
  CertificateView,
  'state' | 'courseExpiresOn' | 'revokedAt' | 'revocationReason' | 'issuer' | 'testResult'
>;

/** What an expired, revoked or not passed record says wherever it is shown; nothing for a valid one. */
export function stateSentence(c: Summarised, i18n: I18n): string | null {
  if (c.state === 'not-passed') {
    const result = c.testResult;
    return i18n._(msg`This is a training record with the result ${result}, not an e-Cert.`);
  }
  if (c.state === 'revoked') {
    const date = dateIn(i18n, c.revokedAt);
    return i18n._(msg`This certificate was revoked on ${date} and is no longer valid.`);
  }
  if (c.state === 'expired') {
    const date = dateIn(i18n, c.courseExpiresOn);
    return i18n._(msg`This certificate has expired. It was valid until ${date}.`);
  }
  return null;
}

/**
 * The first thing an employer reads: "Verified Information" (held by this issuer, not revoked),
 * with "Expired" and its last valid day beside it once past its validity; "Revoked" instead when
 * revoked; the result in words when it is not a pass, which is no e-Cert. An expired record's
 * badge is not green: nothing on it may read as valid.
 */
export function RecordStateSummary({ certificate: c }: { certificate: Summarised }) {
  const { i18n } = useLingui();
  const { revocationReason: reason, issuer, testResult: result } = c;
  return (
    <Stack gap={6} data-testid="record-state" data-state={c.state}>
      {c.state === 'not-passed' ? (
        <>
          <Group gap="xs">
            <Badge color={OTHER_COLOR} size="lg" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
              <Trans>Result: {result}</Trans>
            </Badge>
          </Group>
          <Text fw={700} c={OTHER_COLOR}>
            {stateSentence(c, i18n)}
          </Text>
        </>
      ) : c.state === 'revoked' ? (
        <>
          <Group gap="xs">
            <Badge color={REVOKED_COLOR} size="lg" leftSection={<IconCircleX size={16} aria-hidden />}>
              <Trans>Revoked</Trans>
            </Badge>
          </Group>
          <Text fw={700} c="red.9">
            {stateSentence(c, i18n)}
          </Text>
          {reason && (
            <Text c="red.9">
              <Trans>Reason: {reason}</Trans>
            </Text>
          )}
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
              <Trans>Verified Information</Trans>
            </Badge>
            {c.state === 'expired' && (
              <Badge color={OTHER_COLOR} size="lg" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
                <Trans>Expired</Trans>
              </Badge>
            )}
          </Group>
          {c.state === 'expired' && (
            <Text fw={700} c={OTHER_COLOR}>
              {stateSentence(c, i18n)}
            </Text>
          )}
        </>
      )}
      <Text>
        <Trans>Record held by {issuer}</Trans>
      </Text>
    </Stack>
  );
}
