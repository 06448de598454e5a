// The one style sheet of public pages: the Mantine components they use, and the site's own rules.
import '#client/app/mantine-public.css';
import '#client/app/global.css';
import { maybeSignedIn } from '#client/features/auth/api/signed-in-hint.ts';
import { isIslandName, islands } from './registry.ts';

/** What shows that a visitor reaches for an island: its scripts are fetched then. */
const REACHES = ['pointerover', 'focusin', 'touchstart', 'input', 'dragenter'];
/** What an island not yet responding would lose: held, and replayed once it responds. */
const HELD = ['click', 'submit', 'keydown', 'dragover', 'drop'];
/** Fields where Enter submits their form. */
const SUBMITS_ON_ENTER =
  'input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=file])';

/** Starts an island: its plain script on the server's HTML, or React hydrating it. */
async function hydrate(island: HTMLElement) {
  const name = island.dataset.island;
  if (!isIslandName(name)) return;
  const props = JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>;
  const script = await islands[name].script?.();
  if (script) script(island, props as never);
  else await import('./hydrate-island.tsx').then(({ hydrateIsland }) => hydrateIsland(island, name, props));
  island.dataset.hydrated = '';
}

/** The same event again, for the hydrated island; null for one that needs no replay. */
function replayOf(event: Event): (() => void) | null {
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) return () => target.requestSubmit();
  // Enter in a field submits even while the server-rendered form's button is still disabled, as
  // it is until the island has read what was typed: the browser itself would then do nothing.
  if (event instanceof KeyboardEvent && event.key === 'Enter' && !event.isComposing) {
    const form = target instanceof HTMLInputElement && target.matches(SUBMITS_ON_ENTER) ? target.form : null;
    if (form) return () => form.requestSubmit();
  }
  const button = target?.closest<HTMLElement>('button, [role="button"]');
  if (event.type === 'click' && button) return () => button.click();
  if (event.type === 'drop' && event instanceof DragEvent && target) {
    const files = [...(event.dataTransfer?.files ?? [])];
    return () => {
      const dataTransfer = new DataTransfer();
      for (const file of files) dataTransfer.items.add(file);
      target.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
    };
  }
  return null;
}

/** Hydrates the island on the first sign of the visitor reaching for it; resolves once it responds. */
function onInteraction(island: HTMLElement) {
  let hydrated: Promise<void> | undefined;
  let responding = false;
  const replays: (() => void)[] = [];
  const start = () => {
    hydrated ??= hydrate(island).then(() => {
      responding = true;
      for (const replay of replays.splice(0)) replay();
    });
    return hydrated;
  };
  for (const type of REACHES) island.addEventListener(type, start, { once: true, passive: true });
  // An image's error does not bubble; it reaches the island only while capturing.
  island.addEventListener('error', start, { once: true, capture: true });
  const hold = (event: Event) => {
    if (responding) return;
    const replay = replayOf(event);
    // A link works without the island, and keys other than Enter type as they should.
    if ((event.type === 'click' || event.type === 'keydown') && !replay) return;
    event.preventDefault();
    event.stopPropagation();
    if (replay) replays.push(replay);
    void start();
  };
  for (const type of HELD) island.addEventListener(type, hold, { capture: true });
  // Focus already inside (the visitor typed before this script ran), or an image already failed.
  const failed = [...island.querySelectorAll('img')].some((image) => image.complete && !image.naturalWidth);
  return island.contains(document.activeElement) || failed ? start() : null;
}

const atOnce = { 'on-load': () => true, 'if-signed-in': maybeSignedIn } as Record<string, () => boolean>;
const started = [...document.querySelectorAll<HTMLElement>('[data-island]')].map((island) => {
  const when = atOnce[island.dataset.hydrate ?? ''];
  return when ? when() && hydrate(island) : onInteraction(island);
});
void Promise.all(started).then(() => {
  // Every island responds or waits for the visitor: the browser tests and the bench wait for this.
  document.documentElement.dataset.ready = '';
  performance.mark('ready');
});
