import { I18nProvider } from '@lingui/react';
import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RenderIsland } from './island.tsx';
import { type IslandName, islands, loadIsland } from './registry.ts';

/**
 * The server's renderer of islands: each alone, in the root and with the id prefix the browser
 * hydrates it with (hydrate-island.tsx), so that the browser's first render matches its HTML.
 * Every island's component is loaded first: an island renders synchronously inside its page.
 */
export async function createIslandRenderer(): Promise<RenderIsland> {
  const names = Object.keys(islands) as IslandName[];
  const components = new Map<IslandName, ComponentType<Record<string, unknown>>>(
    await Promise.all(names.map(async (name) => [name, await loadIsland(name)] as const)),
  );
  return (name, props, i18n) => {
    const Component = components.get(name);
    if (!Component) throw new Error(`No island is named ${name}.`);
    if (!i18n) throw new Error(`The island ${name} rendered outside the page's I18nProvider.`);
    return renderToString(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <Component {...(props as Record<string, unknown>)} />
        </I18nProvider>
      </StrictMode>,
      { identifierPrefix: `${name}-` },
    );
  };
}
