import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import {
  peopleListQuery,
  peopleQueryString,
  readPeopleList,
} from '#client/features/records/api/people-list.ts';
import { PeopleFilters } from '#client/features/records/components/people-filters.tsx';
import { PeopleTableView } from '#client/features/records/components/people-table-view.tsx';
import { PersonCard } from '#client/features/records/components/person-card.tsx';
import { RecordsList } from '#client/features/records/components/records-list.tsx';
import { PageLinks } from '#client/features/records/components/table-pager.tsx';
import { useDeleteRecord } from '#client/features/records/components/use-delete-record.tsx';
import { ViewToggle } from '#client/features/records/components/view-toggle.tsx';
import { isPositionParam } from '#client/lib/list-position.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(peopleListQuery(readPeopleList(request.url).query)),
);

/** Peoples: the cards as they always were, or a table that sorts, pages and acts on chosen rows. */
export function Component() {
  const [params] = useSearchParams();
  const { view, query } = readPeopleList(params);
  const { data } = useSuspenseQuery(peopleListQuery(query));
  const { confirmDelete, deletingId } = useDeleteRecord('person');
  const { q, page, pageSize, course, result, status, missing } = query;
  const filters = { course, result, status, missing };
  const kept = Object.fromEntries([...params].filter(([name]) => name !== 'q' && !isPositionParam(name)));
  const filtered = Boolean(course || result || status || missing);
  return (
    <RecordsList
      title="Peoples"
      q={q}
      page={page}
      pageSize={pageSize}
      keep={kept}
      filtered={filtered}
      filters={<PeopleFilters filters={filters} />}
      actions={<ViewToggle view={view} />}
      exportUrl={`/api/people/export.csv?${peopleQueryString({ q, ...filters })}`}
      importPath="/dashboard/import"
      data={data}
      cappedNotice={
        q
          ? `More than ${data.total.toLocaleString('en')} match “${q}”${filtered || query.sort ? ': filters and sorting apply to the best 300' : ': the best are shown first'}. Refine your search to see fewer.`
          : `More than ${data.total.toLocaleString('en')} records match. Page on with Next, jump to a name, serial or date, or add a filter or a search to see fewer.`
      }
      table={view === 'table' ? <PeopleTableView query={query} data={data} /> : undefined}
      pager={<PageLinks prev={data.prev} next={data.next} />}
    >
      {(person) => (
        <PersonCard
          key={person.id}
          person={person}
          onDelete={() => confirmDelete(person)}
          deleting={deletingId === person.id}
        />
      )}
    </RecordsList>
  );
}
