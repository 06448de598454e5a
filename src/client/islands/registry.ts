import type { ComponentProps, ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, its props read from it
interface Options<C extends ComponentType<any>> {
  /** As the visitor first reaches for it (boot.ts), at once (it acts alone), or if signed in before. */
  hydrate?: 'on-interaction' | 'on-load' | 'if-signed-in';
  mantine?: boolean; // built with the UI kit: its provider comes with it
  queries?: boolean; // sends requests: a query client comes with it
  /** Plain DOM code driving the server's HTML instead of React: it starts at once, and uses no UI kit. */
  script?: () => Promise<(island: HTMLElement, props: ComponentProps<C>) => void>;
}

/** An island's loader, which fetches what the component needs around it with it. */
// biome-ignore lint/suspicious/noExplicitAny: each island keeps its own props type (IslandProps)
function island<C extends ComponentType<any>>(load: () => Promise<C>, options: Options<C> = {}) {
  const { script, queries = false } = options;
  const { hydrate = script ? 'on-load' : 'on-interaction', mantine = !script } = options;
  const withAll = async () => {
    const [component, withMantine, withQueries] = await Promise.all([
      load(),
      mantine ? import('./with-mantine.tsx').then((m) => m.withMantine) : null,
      queries ? import('./with-query-client.tsx').then((m) => m.withQueryClient) : null,
    ]);
    const inQueries = withQueries ? withQueries(component) : component;
    return (withMantine ? withMantine(inQueries) : inQueries) as C;
  };
  return { load: withAll, hydrate, script };
}

/**
 * Every part of a public page that responds to a visitor, by name. The server renders each inside
 * a marker (island.tsx); the browser fetches only the islands a page holds (boot.ts).
 */
export const islands = {
  'signed-in-link': island(
    () => import('../features/auth/components/signed-in-link.tsx').then((m) => m.SignedInLink),
    { hydrate: 'if-signed-in' },
  ),
  'site-menu': island(() => import('../components/layout/site-menu.tsx').then((m) => m.SiteMenu)),
  'feedback-button': island(
    () => import('../features/feedback/components/feedback-button.tsx').then((m) => m.FeedbackButton),
    { queries: true },
  ),
  'verify-form': island(
    () => import('../features/verification/components/verify-form.tsx').then((m) => m.VerifyForm),
    { queries: true },
  ),
  'image-carousel': island(
    () => import('../features/carousel/image-carousel.tsx').then((m) => m.ImageCarousel),
    { script: () => import('../features/carousel/start-carousel.ts').then((m) => m.startCarousel) },
  ),
  'language-switcher': island(
    () => import('../features/languages/language-switcher.tsx').then((m) => m.LanguageSwitcher),
    { script: () => import('../features/languages/start-switcher.ts').then((m) => m.startSwitcher) },
  ),
  'record-actions': island(() =>
    import('../features/certificates/components/record-actions.tsx').then((m) => m.RecordActions),
  ),
  'signature-image': island(() =>
    import('../features/certificates/components/signature-image.tsx').then((m) => m.SignatureImage),
  ),
  'take-along-panel': island(
    () => import('../features/certificates/components/take-along-panel.tsx').then((m) => m.TakeAlongPanel),
    { queries: true },
  ),
  'credential-checker': island(
    () =>
      import('../features/credentials/components/credential-checker.tsx').then((m) => m.CredentialChecker),
    { queries: true },
  ),
  'contact-form': island(
    () => import('../features/contact/components/contact-form.tsx').then((m) => m.ContactForm),
    { queries: true },
  ),
  'faq-list': island(() => import('../features/content/components/faq-list.tsx').then((m) => m.FaqList)),
};

export type IslandName = keyof typeof islands;
/** The props an island's component takes: what the server writes into the page as JSON. */
export type IslandProps<N extends IslandName> = ComponentProps<
  Awaited<ReturnType<(typeof islands)[N]['load']>>
>;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islands, name);

/** The component of an island, its props checked against its name by the caller. */
export const loadIsland = (name: IslandName) =>
  islands[name].load() as Promise<ComponentType<Record<string, unknown>>>;
