import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { type ImportKind, type ImportView, importsPath } from '#shared/api/imports.ts';

/** The server works on an import in the background while it is in one of these states. */
const isWorking = (view: ImportView | undefined) =>
  view?.status === 'checking' || view?.status === 'committing';

// Often enough that a progress bar moves smoothly, rarely enough to leave the server alone.
const POLL_MS = 500;

/** One import as the server sees it, polled while it checks or saves its rows. */
export const importQuery = (kind: ImportKind, id: string) =>
  queryOptions({
    queryKey: ['imports', kind, id],
    queryFn: () => apiFetch<ImportView>(`${importsPath(kind)}/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (isWorking(query.state.data) ? POLL_MS : false),
    // A reload resumes the import where the server has it, never from an old copy.
    staleTime: 0,
    retry: false,
  });
