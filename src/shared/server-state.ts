import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** A page rendered on the server carries this, for the browser to take the page over with. */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

/** A landing page rendered on the server: the markup for #root, and the state it came from. */
export interface RenderedPage {
  html: string;
  state: ServerState;
}

/**
 * The server's renderer of landing pages (src/client/entry-server.tsx): the page at `url` from
 * the API answers it waits for, by query key; null when it cannot be rendered so.
 */
export type RenderPage = (url: string, data: [readonly unknown[], unknown][]) => Promise<RenderedPage | null>;
