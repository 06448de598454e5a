import { Progress } from '@mantine/core';

/** A thin animated bar across the top while a page or the session check is loading. */
export function LoadingBar({ label = 'Loading page', zIndex = 1000 }: { label?: string; zIndex?: number }) {
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex }}
      aria-label={label}
    />
  );
}
