import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderPage } from '#shared/server-state.ts';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/router.tsx';
import { renderQueryClient } from './lib/query-client.server.ts';

/** The browser's StaffOverlaysWhenNeeded (main.tsx) renders nothing on a landing page either. */
const StaffOverlaysWhenNeeded = () => null;

/**
 * Renders a landing page on the server, from API answers the server has already fetched (`data`,
 * by query key), so that the browser paints it before any script has run. Null when the page
 * cannot be rendered so (a redirect or an error): the browser then renders it itself.
 */
export const renderPage: RenderPage = async (url, data) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity } },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  return renderQueryClient.run(queryClient, async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <StaffOverlaysWhenNeeded />
      </AppProviders>,
    );
    const { loaderData } = context;
    return { html, state: { router: { loaderData }, queries: dehydrate(queryClient) } };
  });
};
