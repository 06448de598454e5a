import { apiFetch } from '#client/lib/api-client.ts';

const paths = { person: 'people', renewal: 'renewals' } as const;

/** Takes back one's own deletion, shortly after (the server says how long). */
export const undoDelete = (kind: 'person' | 'renewal', id: string) =>
  apiFetch<void>(`/api/${paths[kind]}/${encodeURIComponent(id)}/undo-delete`, { method: 'POST' });
