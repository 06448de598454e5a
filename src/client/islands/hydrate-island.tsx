import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { busyRetries } from '#client/lib/retry-when-busy.ts';
import { isIslandName, loadIsland } from './registry.ts';

// The "service is busy" notice of the page, in a root of its own from the first request that
// waits to be tried again: islands send requests, none of them owns the page.
const stopWatching = busyRetries.subscribe(() => {
  if (busyRetries.waiting() === 0) return;
  stopWatching();
  void Promise.all([import('#client/components/page/busy-notice.tsx'), import('./with-mantine.tsx')]).then(
    ([{ BusyNotice }, { withMantine }]) => {
      const Notice = withMantine(BusyNotice);
      createRoot(document.body.appendChild(document.createElement('div'))).render(<Notice />);
    },
  );
});

/** Runs once the island's first render has been committed, i.e. once it responds. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * Text typed into the island's fields before it responded stays in the page, but React starts
 * from the server's values: each such field is set again as if typed now, so its state holds it.
 */
function keepTyping(element: HTMLElement) {
  for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const { value } = field;
    if (value === field.defaultValue) continue;
    // React tracks what it last saw through the field's own setter; the prototype's bypasses it.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Hydrates an island in a root of its own, as the server rendered it (render-islands.tsx). */
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
  keepTyping(element);
  element.dataset.hydrated = '';
}
