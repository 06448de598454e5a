import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '#client/lib/query-client.ts';
import { sessionQuery } from './session-query.ts';

/**
 * A staff page's loader runs beside the layout's session check; it waits for that check (the same
 * cached request) and asks for nothing while signed out, so a visitor sends no doomed API calls.
 */
export const staffLoader =
  <T>(load: (args: LoaderFunctionArgs) => Promise<T> | T) =>
  async (args: LoaderFunctionArgs): Promise<T | null> =>
    (await queryClient.fetchQuery(sessionQuery())) ? load(args) : null;
