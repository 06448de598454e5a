import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isIslandName, loadIsland } from './registry.ts';

/** Runs once the island's first render has been committed, i.e. once it responds. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * Hydrates one island in a root of its own, with the props and the id prefix the server rendered
 * it with (entry-server.tsx). Resolves once it responds.
 */
export async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  const Component = await loadIsland(name);
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <Component {...props} />
        <Hydrated onHydrated={resolve} />
      </StrictMode>,
      { identifierPrefix: `${name}-` },
    );
  });
}
