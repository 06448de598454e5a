import { Badge, Group, Text } from '@mantine/core';
import { GREEN_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import type { PersonView } from '#shared/api/people.ts';
import { formatDate } from '#shared/format-date.ts';
import { recordState } from '#shared/rules/record-state.ts';

const GREY = 'gray.8';

const labels = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' } as const;
const colours = { valid: GREEN_BADGE, expired: GREY, revoked: RED_BADGE } as const;

type StateRecord = Pick<PersonView, 'revokedAt' | 'revocationReason' | 'courseStatus' | 'courseExpiresOn'>;

/** Valid, Expired or Revoked, as one badge (revoked wins over validity). */
export function RecordStateBadge({ person }: { person: StateRecord }) {
  const state = recordState(person);
  return <Badge color={colours[state]}>{labels[state]}</Badge>;
}

/**
 * A card's line under the name: "Revoked" with the date and reason, or "Expired" with the last
 * valid day. Nothing for a valid record, whose card stays as it always was.
 */
export function RecordStateLine({ person }: { person: StateRecord }) {
  const state = recordState(person);
  if (state === 'valid') return null;
  const detail =
    state === 'revoked'
      ? `on ${formatDate((person.revokedAt ?? '').slice(0, 10))}: ${person.revocationReason ?? 'no reason given'}`
      : `was valid until ${formatDate(person.courseExpiresOn)}`;
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <RecordStateBadge person={person} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Text>
    </Group>
  );
}
