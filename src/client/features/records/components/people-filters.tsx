import { Group, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toFirstPage } from '#client/lib/list-position.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import type { PeopleFilters as Filters } from '#shared/api/people.ts';
import { peopleCoursesQuery } from '../api/people-list.ts';
import { MissingImagesFilter } from './missing-images-filter.tsx';

const ANY = '';

/** Sets or clears one `?name=value` of the list and goes back to its first page. */
export function useListParam() {
  const update = useUpdateSearch();
  return (name: string, value: string | undefined) =>
    update((params) => {
      if (value) params.set(name, value);
      else params.delete(name);
      toFirstPage(params);
    });
}

/**
 * The Peoples list's filters beside its search: Course, Result, Status (revoked wins over valid or
 * expired, as on the cards) and "Missing images only". Native selects: every keyboard and screen
 * reader knows them. Each lives in the URL, and a change starts again at page 1.
 */
export function PeopleFilters({ filters }: { filters: Filters }) {
  const setParam = useListParam();
  const courses = useQuery(peopleCoursesQuery()).data?.courses ?? [];
  const choices =
    filters.course && !courses.includes(filters.course) ? [filters.course, ...courses] : courses;
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Course"
        value={filters.course ?? ANY}
        data={[{ value: ANY, label: 'Any course' }, ...choices]}
        onChange={(event) => setParam('course', event.currentTarget.value)}
        maw={240}
      />
      <NativeSelect
        label="Result"
        value={filters.result ?? ANY}
        data={[
          { value: ANY, label: 'Any result' },
          { value: 'passed', label: 'Passed' },
          { value: 'other', label: 'Not passed' },
          { value: 'review', label: 'To review (not one of the set)' },
        ]}
        onChange={(event) => setParam('result', event.currentTarget.value)}
      />
      <NativeSelect
        label="Status"
        value={filters.status ?? ANY}
        data={[
          { value: ANY, label: 'Any status' },
          { value: 'valid', label: 'Valid' },
          { value: 'expired', label: 'Expired' },
          { value: 'revoked', label: 'Revoked' },
        ]}
        onChange={(event) => setParam('status', event.currentTarget.value)}
      />
      <MissingImagesFilter checked={filters.missing === 'images'} />
    </Group>
  );
}
