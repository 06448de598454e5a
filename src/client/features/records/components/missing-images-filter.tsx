import { Checkbox } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * "Missing images only": keeps people lacking a passport, certificate or signature image, such as
 * imported ones. It lives in the URL (`?missing=images`) like the search, and starts at page 1.
 */
export function MissingImagesFilter({ checked }: { checked: boolean }) {
  const [params, setParams] = useSearchParams();
  return (
    <Checkbox
      // The box ticks at once, as a person clicks it, while the filtered list loads; a change of
      // the URL from elsewhere (Back, a link) remounts it with the URL's state.
      key={String(checked)}
      defaultChecked={checked}
      label="Missing images only"
      mb={8}
      onChange={(event) => {
        const updated = new URLSearchParams(params);
        if (event.currentTarget.checked) updated.set('missing', 'images');
        else updated.delete('missing');
        updated.delete('page');
        setParams(updated);
      }}
    />
  );
}
