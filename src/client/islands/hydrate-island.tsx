import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { busyRetries } from '#client/lib/retry-when-busy.ts';
import { isIslandName, loadIsland } from './registry.ts';

// The page's "service is busy" notice, in a root of its own once a request waits to be tried again.
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

/** Runs once the island's first render is committed: it responds. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * Text typed into the island's fields before it responded: React resets a controlled field to its
 * state when it hydrates, so each is set again afterwards as if typed then, and its state holds it.
 */
function keepTyping(element: HTMLElement) {
  const fields = element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  const typed = [...fields].filter((field) => field.value !== field.defaultValue && field.tabIndex >= 0);
  const values = typed.map((field) => field.value);
  return () =>
    typed.forEach((field, i) => {
      // React tracks what it last saw through the field's own setter; the prototype's bypasses it.
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, values[i]);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
}

/** Hydrates an island in a root of its own, as the server rendered it (render-islands.tsx). */
export async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  const Component = await loadIsland(name);
  const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
  const restoreTyping = keepTyping(element);
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
  restoreTyping();
  element.dataset.hydrated = '';
}
