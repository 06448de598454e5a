import type { QueryClient } from '@tanstack/react-query';

/** A person or renewal changed: lists, counts and image pages that show it are out of date. */
export const invalidateRecords = (queryClient: QueryClient, kind: 'people' | 'renewals') =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [kind] }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
    queryClient.invalidateQueries({ queryKey: ['audit'] }),
    kind === 'people' ? queryClient.invalidateQueries({ queryKey: ['images'] }) : null,
  ]);
