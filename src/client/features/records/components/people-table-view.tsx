import { Stack } from '@mantine/core';
import { useState } from 'react';
import { notify } from '#client/lib/notify.ts';
import { BULK_MAX_RECORDS, type PeoplePage, type PeopleQuery, type PersonView } from '#shared/api/people.ts';
import { shownSort } from '../api/people-list.ts';
import { BulkActions } from './bulk-actions.tsx';
import { PeopleTable } from './people-table.tsx';
import { TablePager } from './table-pager.tsx';

/**
 * The table view: the chosen rows' actions, the table, and its pages. The choice is kept across
 * pages (up to the most one action takes) until an action ends or it is cleared.
 */
export function PeopleTableView({ query, data }: { query: PeopleQuery; data: PeoplePage }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const choose = (people: PersonView[], on: boolean) => {
    const next = new Set(chosen);
    for (const person of people) {
      if (on) next.add(person.id);
      else next.delete(person.id);
    }
    if (next.size > BULK_MAX_RECORDS) {
      notify.error(`Choose at most ${BULK_MAX_RECORDS} records at once.`);
      return;
    }
    setChosen(next);
  };
  return (
    <Stack gap="md">
      {chosen.size > 0 && <BulkActions chosen={[...chosen]} onDone={() => setChosen(new Set())} />}
      <PeopleTable people={data.items} sort={shownSort(query)} chosen={chosen} onChoose={choose} />
      <TablePager total={data.total} pageSize={query.pageSize} page={query.page} />
    </Stack>
  );
}
