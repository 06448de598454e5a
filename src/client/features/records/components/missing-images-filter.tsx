import { Checkbox } from '@mantine/core';
import { toFirstPage } from '#client/lib/list-position.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';

/**
 * "Missing images only": keeps people lacking a passport, certificate or signature image, such as
 * imported ones. It lives in the URL (`?missing=images`) like the search, and starts at page 1.
 */
export function MissingImagesFilter({ checked }: { checked: boolean }) {
  const update = useUpdateSearch();
  return (
    <Checkbox
      // The box ticks at once, as a person clicks it, while the filtered list loads; a change of
      // the URL from elsewhere (Back, a link) remounts it with the URL's state.
      key={String(checked)}
      defaultChecked={checked}
      label="Missing images only"
      mb={8}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        update((params) => {
          if (checked) params.set('missing', 'images');
          else params.delete('missing');
          toFirstPage(params);
        });
      }}
    />
  );
}
