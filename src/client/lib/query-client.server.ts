import type { QueryClient } from '@tanstack/react-query';
import { currentRender } from './render-context.server.ts';

/**
 * @public Stands in for query-client.ts in the server's build (vite.config.ts), so that the route loaders,
 * which use the browser's one cache, reach the cache of the render they run for instead of one
 * shared by every visitor.
 */
export const queryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    const client = currentRender().queryClient;
    const value = Reflect.get(client, key, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});
