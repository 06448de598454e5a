import { Text } from '@mantine/core';
import { fieldLabel } from '#client/lib/field-label.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { AuditEventView } from '#shared/api/audit.ts';
import { personFileFields } from '#shared/api/people.ts';

/** What an import's or a bulk action's own event records, in words. */
const summaryLabels: Record<string, string> = {
  kind: 'Kind',
  rows: 'Rows in the file',
  invalid: 'Rows with errors',
  duplicates: 'Duplicates',
  created: 'Added',
  replaced: 'Replaced',
  skipped: 'Skipped',
  records: 'Records',
};
/** The import a record came from is the line it is listed under; its id says nothing more. */
const hidden = new Set(['importId']);
const files = new Set<string>(personFileFields);
const instants = new Set(['revokedAt', 'deletedAt', 'banExpires', 'expiresAt']);
/** Past this many, a record's values fold away behind their count (a new record has fifteen). */
const SHOWN_OPEN = 4;

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (instants.has(field) && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'number') return value.toLocaleString('en');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A file is stored by a key that means nothing to a reader: say what happened to it. */
function fileChange(before: unknown, after: unknown): string {
  if (before && after) return 'replaced';
  return after ? 'added' : 'removed';
}

function Change({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const label = summaryLabels[field] ?? fieldLabel(field);
  const value = files.has(field)
    ? fileChange(before, after)
    : before === null || before === undefined
      ? shown(field, after)
      : `${shown(field, before)} → ${shown(field, after)}`;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={700} size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** Old and new values of what an event changed (the new ones alone for something new). */
export function AuditChanges({ event }: { event: AuditEventView }) {
  const changes = Object.entries(event.changes).filter(([field]) => !hidden.has(field));
  if (changes.length === 0) return <>—</>;
  const lines = changes.map(([field, [before, after]]) => (
    <Change key={field} field={field} before={before} after={after} />
  ));
  if (changes.length <= SHOWN_OPEN) return <>{lines}</>;
  return (
    <details>
      <summary>
        <Text span size="sm">
          {changes.length} values
        </Text>
      </summary>
      {lines}
    </details>
  );
}
