import { Badge, Group, Text } from '@mantine/core';
import { GREEN_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import type { PersonView } from '#shared/api/people.ts';
import { formatDate } from '#shared/format-date.ts';
import { recordState } from '#shared/rules/record-state.ts';

const GREY = 'gray.8';

const labels = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
  'not-passed': 'Not passed',
} as const;
const colours = { valid: GREEN_BADGE, expired: GREY, revoked: RED_BADGE, 'not-passed': 'yellow.5' } as const;

type StateRecord = Pick<
  PersonView,
  'revokedAt' | 'revocationReason' | 'courseStatus' | 'courseExpiresOn' | 'testResult'
>;

/** Valid, Expired, Revoked or Not passed, as one badge (revoked wins over the rest). */
export function RecordStateBadge({ person }: { person: StateRecord }) {
  const state = recordState(person);
  return (
    <Badge color={colours[state]} c={state === 'not-passed' ? 'dark.9' : undefined}>
      {labels[state]}
    </Badge>
  );
}

/**
 * A card's line under the name: "Revoked" with the date and reason, "Expired" with the last
 * valid day, or "Not passed" with the result. Nothing for a valid record, whose card stays as it was.
 */
export function RecordStateLine({ person }: { person: StateRecord }) {
  const state = recordState(person);
  if (state === 'valid') return null;
  const detail = {
    revoked: `on ${formatDate((person.revokedAt ?? '').slice(0, 10))}: ${person.revocationReason ?? 'no reason given'}`,
    expired: `was valid until ${formatDate(person.courseExpiresOn)}`,
    'not-passed': `result ${person.testResult}: a training record, not an e-Cert`,
  }[state];
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <RecordStateBadge person={person} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Text>
    </Group>
  );
}
