import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Affix } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FLOATING_BUTTON_OFFSET, FLOATING_BUTTON_SIZE } from '#client/components/layout/layout-constants.ts';

const loadPopover = () => import('./feedback-popover.tsx');
const FeedbackPopover = lazy(loadPopover);

/** The smiley both the placeholder and the loaded popover show, so nothing moves when it swaps. */
export function Smiley(props: { 'aria-expanded': boolean; onClick: () => void } & Record<string, unknown>) {
  const { t } = useLingui();
  return (
    <ActionIcon
      size={FLOATING_BUTTON_SIZE}
      radius="xl"
      variant="filled"
      aria-label={t`Give feedback`}
      {...props}
    >
      <IconMoodSmile size={30} aria-hidden />
    </ActionIcon>
  );
}

/**
 * The floating smiley at the bottom left. The popover behind it (Popover, Rating, Textarea: about
 * 12 kB gzipped) is fetched when a pointer or keyboard focus reaches the smiley and mounted on the
 * first click, opened, so no page pays for it in its first paint.
 */
export function FeedbackButton() {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadPopover();
  const placeholder = (
    <Smiley
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setWanted(true)}
    />
  );
  return (
    <Affix
      position={{ bottom: FLOATING_BUTTON_OFFSET, left: FLOATING_BUTTON_OFFSET }}
      // In the page's frame, not a portal: where the page has no side margin the button sits at
      // the end of the page (global.css) instead of floating over text.
      withinPortal={false}
      className="no-print feedback-affix"
    >
      {wanted ? (
        <Suspense fallback={placeholder}>
          <FeedbackPopover defaultOpened />
        </Suspense>
      ) : (
        placeholder
      )}
    </Affix>
  );
}
