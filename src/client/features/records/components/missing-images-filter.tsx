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
      label="Missing images only"
      checked={checked}
      mb={8}
      onChange={(event) => {
        const next = new URLSearchParams(params);
        if (event.currentTarget.checked) next.set('missing', 'images');
        else next.delete('missing');
        next.delete('page');
        setParams(next);
      }}
    />
  );
}
