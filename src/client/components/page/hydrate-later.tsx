import { type ReactNode, Suspense } from 'react';

/**
 * Server-rendered content that React takes over after what surrounds it, in a render and commit of
 * its own: React leaves a Suspense boundary's server HTML as it is on the first pass and hydrates
 * it at idle priority (a boundary inside one waits for the next pass). On a slow phone this splits
 * one long commit into short ones. A visitor's click or keystroke inside it hydrates it at once.
 * In a page the browser renders itself, it renders at once like any child.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Content React takes over in the last pass, with what must respond last and the readiness mark
 * (app-providers.tsx): two boundaries deep, which no other boundary may nest deeper than.
 */
export function HydrateLast({ children }: { children: ReactNode }) {
  return (
    <HydrateLater>
      <HydrateLater>{children}</HydrateLater>
    </HydrateLater>
  );
}
