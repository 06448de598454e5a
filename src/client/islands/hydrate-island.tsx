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

// Text typed before the island responds, each field's last: hydrating resets a field to its state.
function keepTyping(element: HTMLElement) {
  const fields = [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
  const typed = new Map(
    fields.filter((f) => f.value !== f.defaultValue && f.tabIndex >= 0).map((f) => [f, f.value]),
  );
  const note = (event: Event) => {
    for (const f of fields) if (f === event.target) typed.set(f, f.value);
  };
  element.addEventListener('input', note, true);
  return () => {
    element.removeEventListener('input', note, true);
    typed.forEach((value, field) => {
      // React tracks what it last saw through the field's own setter; the prototype's bypasses it.
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
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
