import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { toFirstPage } from '#client/lib/list-position.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import { type PeopleView, rememberView } from '../api/people-list.ts';

/**
 * Cards or a table, remembered on this browser and kept in the URL. Changing view starts at page
 * 1; the table's sort and page size stay in the URL for when the table comes back.
 */
export function ViewToggle({ view }: { view: PeopleView }) {
  const update = useUpdateSearch();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        View
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={view}
        data={[
          { value: 'cards', label: 'Cards' },
          { value: 'table', label: 'Table' },
        ]}
        onChange={(value) => {
          const chosen = value as PeopleView;
          rememberView(chosen);
          update((params) => {
            params.set('view', chosen);
            toFirstPage(params);
          });
        }}
      />
    </Stack>
  );
}
