import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderPage } from '#shared/rendered-page.ts';
import { publicRoutes } from './app/public-routes.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { IslandRenderer, type RenderIsland } from './islands/island.tsx';
import { createIslandRenderer } from './islands/render-islands.tsx';
import { renderContext } from './lib/render-context.server.ts';

let islandRenderer: Promise<RenderIsland> | undefined;

/**
 * Renders a public page on the server, its route loaders asking the API in-process through
 * `fetchApi`. Null for a redirect; otherwise the markup and the HTTP status.
 */
export const renderPage: RenderPage = async (url, fetchApi) => {
  islandRenderer ??= createIslandRenderer();
  const renderIsland = await islandRenderer;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } },
  });
  return renderContext.run({ queryClient, fetchApi }, async () => {
    const handler = createStaticHandler(publicRoutes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <IslandRenderer value={renderIsland}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </IslandRenderer>
        </MantineProvider>
      </QueryClientProvider>,
    );
    return { html, status: context.statusCode };
  });
};
