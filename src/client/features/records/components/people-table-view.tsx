import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '#client/lib/notify.ts';
import {
  BULK_MATCHING_MAX,
  BULK_MAX_RECORDS,
  type PeoplePage,
  type PeopleQuery,
  type PersonView,
} from '#shared/api/people.ts';
import { shownSort } from '../api/people-list.ts';
import { BulkActions } from './bulk-actions.tsx';
import { MatchingActions } from './matching-actions.tsx';
import { PeopleTable } from './people-table.tsx';
import { TablePager } from './table-pager.tsx';

/** The search and filters "all matching" stands for: another search or filter is another choice. */
const matchingKey = ({ q, course, result, status, missing }: PeopleQuery) =>
  JSON.stringify([q, course, result, status, missing]);

/**
 * The table view: the chosen rows' actions, the table, and its pages. The choice is kept across
 * pages (up to the most one action takes) until an action ends or it is cleared. With a whole page
 * chosen, a line offers every record matching the search and filters instead, as mail apps do.
 */
export function PeopleTableView({ query, data }: { query: PeopleQuery; data: PeoplePage }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMatchingOf, setAllMatchingOf] = useState<string | null>(null);
  const allMatching = allMatchingOf === matchingKey(query);
  const clear = () => {
    setChosen(new Set());
    setAllMatchingOf(null);
  };
  const pageChosen = data.items.length > 0 && data.items.every((p) => chosen.has(p.id));
  // Offered only for an exact count, which the confirmation repeats and the server checks.
  const offerAll =
    pageChosen && data.total > chosen.size && !data.totalCapped && data.total <= BULK_MATCHING_MAX;
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
    setAllMatchingOf(null);
  };
  return (
    <Stack gap="md">
      {allMatching ? (
        <MatchingActions query={query} total={data.total} onDone={clear} />
      ) : (
        chosen.size > 0 && <BulkActions chosen={[...chosen]} onDone={clear} />
      )}
      {offerAll && !allMatching && (
        <Group gap="xs">
          <Text size="sm">{`All ${data.items.length} people on this page are chosen.`}</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setAllMatchingOf(matchingKey(query))}
          >
            {`Choose all ${data.total.toLocaleString('en')} matching`}
          </Anchor>
        </Group>
      )}
      <PeopleTable people={data.items} sort={shownSort(query)} chosen={chosen} onChoose={choose} />
      <TablePager query={query} data={data} />
    </Stack>
  );
}
