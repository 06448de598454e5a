import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { defaultLanguage, languageOfPath } from '#shared/i18n/languages.ts';
import type { RenderPage } from '#shared/rendered-page.ts';
import { publicRoutes } from './app/public-routes.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { IslandRenderer, type RenderIsland } from './islands/island.tsx';
import { createIslandRenderer } from './islands/render-islands.tsx';
import { pageI18nIn } from './lib/i18n/page-i18n.server.ts';
import { renderContext } from './lib/render-context.server.ts';

let islandRenderer: Promise<RenderIsland> | undefined;

/**
 * Renders a public page on the server, its route loaders asking the API in-process through
 * `fetchApi`. Null for a redirect; otherwise the markup and the HTTP status. A page in a language
 * other than English lives under its prefix (`/zh-Hans/verify`), the router's base there.
 */
export const renderPage: RenderPage = async (url, fetchApi) => {
  islandRenderer ??= createIslandRenderer();
  const renderIsland = await islandRenderer;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } },
  });
  const language = languageOfPath(new URL(url).pathname);
  const basename = language === defaultLanguage ? undefined : `/${language}`;
  return renderContext.run({ queryClient, fetchApi, language }, async () => {
    const handler = createStaticHandler(publicRoutes, { basename });
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <I18nProvider i18n={pageI18nIn(language)}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <IslandRenderer value={renderIsland}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </IslandRenderer>
          </MantineProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    return { html, status: context.statusCode };
  });
};
