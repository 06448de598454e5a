import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { GREEN_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import type { PersonView, RenewalView } from '#shared/api/people.ts';
import { formatDate } from '#shared/format-date.ts';
import { isPassed } from '#shared/rules/test-result.ts';

type CardRecord = Pick<
  PersonView | RenewalView,
  | 'dob'
  | 'gender'
  | 'nationality'
  | 'passportNumber'
  | 'eCertNumber'
  | 'finNumber'
  | 'tradeTested'
  | 'testLevel'
  | 'testResult'
  | 'passedDate'
  | 'courseStatus'
>;

interface RecordDetailsProps {
  record: CardRecord;
  courseLabel: string;
  resultLabel: string;
  /** A revoked record's course reads "Revoked", and its result is no longer shown as a success. */
  revoked?: boolean;
}

/** The card field list shared by people and renewal cards. */
export function RecordDetails({ record: r, courseLabel, resultLabel, revoked = false }: RecordDetailsProps) {
  const rows = [
    ['DOB', formatDate(r.dob)],
    ['Gender', r.gender],
    ['Nationality', r.nationality],
    ['Passport No', r.passportNumber],
    ['e-Cert No', r.eCertNumber],
    ['FIN No', r.finNumber],
    ['Trade Tested', r.tradeTested],
    ['Test Level', r.testLevel],
    ['Passed Date', formatDate(r.passedDate)],
  ] as const;
  const available = r.courseStatus === 'available';
  const passed = isPassed(r.testResult);
  return (
    <Stack component="dl" gap={4} m={0}>
      {rows.map(([label, value]) => (
        <Row key={label} label={label}>
          <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value || 'N/A'}
          </Text>
        </Row>
      ))}
      <Row label={courseLabel}>
        {revoked ? (
          <Badge color={RED_BADGE}>Revoked</Badge>
        ) : (
          <Badge color={available ? GREEN_BADGE : RED_BADGE}>{available ? 'Available' : 'Unavailable'}</Badge>
        )}
      </Row>
      <Row label={resultLabel}>
        {revoked ? (
          <Badge color="gray.8">{r.testResult || 'N/A'}</Badge>
        ) : (
          <Badge color={passed ? GREEN_BADGE : 'yellow.5'} c={passed ? 'white' : 'dark.9'}>
            {r.testResult || 'N/A'}
          </Badge>
        )}
      </Row>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" fw={700} miw={110}>
        {label}:
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Group>
  );
}
