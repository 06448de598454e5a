import { Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface ScrollTableProps {
  /** Names the scrolling region for screen readers ("Users", "Audit trail"). */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A wide table that scrolls sideways on a narrow screen, and shows it: a line says so, the scroll
 * bar is always drawn (Mantine's default shows it only on hover, which phones never do), and the
 * scrolling box is a labelled region in the tab order, so the arrow keys scroll it.
 */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  const { ref, width } = useElementSize();
  const scrolls = width > 0 && width < minWidth;
  return (
    <div ref={ref}>
      {scrolls && (
        <Text size="sm" mb={4} aria-hidden>
          Scroll sideways to see every column →
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{
          type: 'always',
          classNames: { viewport: 'scroll-table-viewport' },
          viewportProps: {
            tabIndex: 0,
            role: 'region',
            'aria-label': scrolls ? `${label} (scrolls sideways)` : label,
          },
        }}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
