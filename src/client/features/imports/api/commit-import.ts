import { postJson } from '#client/lib/api-client.ts';
import { type DuplicateChoice, type ImportKind, importsPath } from '#shared/api/imports.ts';

/** Saves a checked import's valid rows; the server answers 202 and saves them in the background. */
export const commitImport = (kind: ImportKind, id: string, duplicates: DuplicateChoice) =>
  postJson<{ id: string }>(`${importsPath(kind)}/${encodeURIComponent(id)}/commit`, { duplicates });
