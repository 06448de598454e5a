import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '#client/components/page/public-busy-notice.tsx';
import { loadPageTexts } from '#client/lib/i18n/page-texts.tsx';
import { type IslandName, loadIsland } from './registry.ts';

/** Runs once the island's first render is committed: it responds. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

// Text typed before the island responds, each field's last: hydrating resets a field to its state.
function keepTyping(element: HTMLElement) {
  const fields = [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
  const changed = fields.filter((f) => f.value !== f.defaultValue && f.tabIndex >= 0);
  const typed = new Map(changed.map((f) => [f, f.value]));
  const note = (event: Event) => {
    for (const f of fields) if (f === event.target) typed.set(f, f.value);
  };
  element.addEventListener('input', note, true);
  return () => {
    element.removeEventListener('input', note, true);
    typed.forEach((value, field) => {
      // Setting the value moves the caret to the end: a visitor who has just selected the text to
      // replace it would type after it instead.
      const { selectionStart, selectionEnd, selectionDirection } = field;
      // React tracks what it last saw through the field's own setter; the prototype's bypasses it.
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      if (field === document.activeElement && selectionStart !== null && selectionEnd !== null)
        field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
    });
  };
}

/** Hydrates an island in a root of its own, as the server rendered it (render-islands.tsx). */
export async function hydrateIsland(element: HTMLElement, name: IslandName, props: Record<string, unknown>) {
  const [Component, PageTexts] = await Promise.all([loadIsland(name), loadPageTexts()]);
  const restoreTyping = keepTyping(element);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <PageTexts>
          <Component {...props} />
        </PageTexts>
        <Hydrated onHydrated={resolve} />
      </StrictMode>,
      { identifierPrefix: `${name}-` },
    );
  });
  restoreTyping();
}
