import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';

/** The cache of the page being rendered on the server: each render has its own (entry-server.tsx). */
export const renderQueryClient = new AsyncLocalStorage<QueryClient>();

/**
 * @public Stands in for query-client.ts in the server's build (vite.config.ts), so that the route loaders,
 * which use the browser's one cache, reach the cache of the render they run for instead of one
 * shared by every visitor.
 */
export const queryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    const client = renderQueryClient.getStore();
    if (!client) throw new Error('A route loader ran outside a server render.');
    const value = Reflect.get(client, key, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});
