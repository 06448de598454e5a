import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** A page rendered on the server carries this, for the browser to take the page over with. */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}
