import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/i18n/languages.ts';

/** How the server's renderer asks its own API: in-process, as the browser would over HTTP. */
export type FetchApi = (path: string, init?: RequestInit) => Promise<Response>;

/** The page being rendered on the server: its own cache, its way to the API, its language. */
export const renderContext = new AsyncLocalStorage<{
  queryClient: QueryClient;
  fetchApi: FetchApi;
  language: Language;
}>();

export function currentRender() {
  const render = renderContext.getStore();
  if (!render) throw new Error('Page code ran outside a server render.');
  return render;
}
