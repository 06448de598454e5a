import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import { auditActorsQuery, type AuditFilters as Filters } from '../api/audit-query.ts';
import { actionWords } from './audit-entity.tsx';

const ANY = '';
const recordTypes = [
  { value: 'person', label: 'People' },
  { value: 'renewal', label: 'Renewals' },
  { value: 'user', label: 'Users' },
  { value: 'import', label: 'Imports' },
  { value: 'bulk', label: 'Actions on chosen records' },
  { value: 'apiKey', label: 'API keys' },
  { value: 'backup', label: 'Backups' },
  { value: 'content', label: 'Public pages' },
];

/**
 * Who, what, which records and which days (the reader's own, both included). Native controls:
 * every keyboard and screen reader knows them. Each lives in the URL, and a change starts again at
 * page 1.
 */
export function AuditFilters({ filters }: { filters: Filters }) {
  const [, setParams] = useSearchParams();
  const update = useUpdateSearch();
  const actors = useQuery(auditActorsQuery()).data?.actors ?? [];
  const set = (name: string, value: string) =>
    update((params) => {
      if (value) params.set(name, value);
      else params.delete(name);
      params.delete('page');
    });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Who"
        value={filters.actor ?? ANY}
        onChange={(event) => set('actor', event.currentTarget.value)}
        data={[
          { value: ANY, label: 'Anyone' },
          { value: 'system', label: 'The system' },
          ...actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` })),
        ]}
        maw={280}
      />
      <NativeSelect
        label="What"
        value={filters.action ?? ANY}
        onChange={(event) => set('action', event.currentTarget.value)}
        data={[
          { value: ANY, label: 'Any change' },
          ...Object.entries(actionWords).map(([value, label]) => ({ value, label })),
        ]}
      />
      <NativeSelect
        label="Records"
        value={filters.entityType ?? ANY}
        onChange={(event) => set('entityType', event.currentTarget.value)}
        data={[{ value: ANY, label: 'All records' }, ...recordTypes]}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set('from', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set('to', event.currentTarget.value)}
      />
      {filtered && (
        <Button variant="subtle" onClick={() => setParams(new URLSearchParams())}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
