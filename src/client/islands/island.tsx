import type { I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { type ComponentType, createContext, lazy, Suspense, use } from 'react';
import { type IslandName, type IslandProps, islands, loadIsland } from './registry.ts';

/**
 * On the server: an island's HTML, rendered in a root of its own as the browser will hydrate it,
 * in the page's texts (its render's i18n instance).
 */
export type RenderIsland = (name: IslandName, props: unknown, i18n: I18n | undefined) => string;

/** Provided by the server's renderer (entry-server.tsx); absent in the staff app, a client render. */
export const IslandRenderer = createContext<RenderIsland | null>(null);

const lazyIslands = new Map<IslandName, ComponentType<Record<string, unknown>>>();
const lazyIsland = (name: IslandName) => {
  let component = lazyIslands.get(name);
  if (!component) {
    component = lazy(async () => ({ default: await loadIsland(name) }));
    lazyIslands.set(name, component);
  }
  return component;
};

/**
 * A part of a page that responds to a visitor. The server renders it inside a marker element that
 * names it and carries its props, and the browser hydrates it there in a root of its own (boot.ts);
 * the rest of the page stays the server's HTML. In the staff app it renders like any component.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const renderIsland = use(IslandRenderer);
  const i18n = use(LinguiContext)?.i18n;
  if (!renderIsland) {
    const Component = lazyIsland(name);
    return (
      <Suspense fallback={null}>
        <Component {...(props as Record<string, unknown>)} />
      </Suspense>
    );
  }
  return (
    <div
      className="island"
      data-island={name}
      data-hydrate={islands[name].hydrate}
      data-props={JSON.stringify(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island
      dangerouslySetInnerHTML={{ __html: renderIsland(name, props, i18n) }}
    />
  );
}
