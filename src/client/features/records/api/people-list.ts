import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listParams } from '#client/lib/list-params.ts';
import {
  defaultDirection,
  defaultSort,
  type PeoplePage,
  type PeopleQuery,
  peopleQuery,
  type SortDirection,
} from '#shared/api/people.ts';
import { RECORDS_PAGE_SIZE } from './records-query.ts';

export type PeopleView = 'cards' | 'table';
/** The table's choices of rows a page; the cards stay at RECORDS_PAGE_SIZE, as they always were. */
export const TABLE_PAGE_SIZES = [12, 25, 50, 100] as const;
const DEFAULT_TABLE_PAGE_SIZE = 25;
const VIEW_KEY = 'ecert.peoples.view';

/** The Peoples page's state, all of it in the URL's query string so reload and Back keep it. */
export interface PeopleListState {
  view: PeopleView;
  query: PeopleQuery;
}

/** The view last chosen on this browser, used when the URL does not say. */
function rememberedView(): PeopleView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

export function rememberView(view: PeopleView) {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Storage may be off (private mode, policy): the URL still carries the view.
  }
}

const pick = <K extends keyof PeopleQuery>(key: K, value: string | null): PeopleQuery[K] | undefined => {
  const parsed = peopleQuery.shape[key].safeParse(value ?? undefined);
  return parsed.success ? (parsed.data as PeopleQuery[K]) : undefined;
};

/**
 * Reads the URL's `view`, `q`, `page`, `pageSize`, `sort`, `direction`, `course`, `result`,
 * `status`, `missing`, and `after`, `before` or `from`; a value the API would refuse is left out, as if not given. The cards
 * ignore sorting and page size, so that view stays as it always was.
 */
export function readPeopleList(search: URLSearchParams | string): PeopleListState {
  const params = typeof search === 'string' ? new URL(search).searchParams : search;
  const view: PeopleView =
    params.get('view') === 'table' ? 'table' : params.get('view') === 'cards' ? 'cards' : rememberedView();
  const { q, page } = listParams(params);
  const filters = {
    course: pick('course', params.get('course')),
    result: pick('result', params.get('result')),
    status: pick('status', params.get('status')),
    missing: pick('missing', params.get('missing')),
  };
  // Where the page starts: a page link's cursor or a jump, when the URL has one.
  const position = {
    after: pick('after', params.get('after')),
    before: pick('before', params.get('before')),
    from: pick('from', params.get('from')),
  };
  if (view === 'cards') {
    return { view, query: { q, page, pageSize: RECORDS_PAGE_SIZE, ...filters, ...position } };
  }
  const size = Number(params.get('pageSize'));
  return {
    view,
    query: {
      q,
      page,
      pageSize: (TABLE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TABLE_PAGE_SIZE,
      sort: pick('sort', params.get('sort')),
      direction: pick('direction', params.get('direction')),
      ...filters,
      ...position,
    },
  };
}

/** The sort a list is in, chosen or by default (a search without a sort is in relevance order). */
export function shownSort(query: PeopleQuery): { sort: string; direction: SortDirection } | null {
  if (query.q && !query.sort) return null;
  const sort = query.sort ?? defaultSort(query);
  return { sort, direction: query.direction ?? defaultDirection[sort] };
}

/** The query string of a list request, without what is unset. */
export function peopleQueryString(query: Partial<PeopleQuery>): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

export const peopleListQuery = (query: PeopleQuery) =>
  queryOptions({
    queryKey: ['people', 'list', query],
    queryFn: () => apiFetch<PeoplePage>(`/api/people?${peopleQueryString(query)}`),
    staleTime: 10_000,
  });

export const peopleCoursesQuery = () =>
  queryOptions({
    queryKey: ['people', 'courses'],
    queryFn: () => apiFetch<{ courses: string[] }>('/api/people/courses'),
    staleTime: 60_000,
  });
