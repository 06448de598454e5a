import { uploadForm } from '#client/lib/upload.ts';
import { type ImportKind, importsPath } from '#shared/api/imports.ts';

export interface ImportFiles {
  csv: File;
  /** A ZIP of the images and PDFs the CSV names (people only). */
  zip: File | null;
}

/** Starts an import: the server answers 202 at once and checks the rows in the background. */
export function uploadImport(
  kind: ImportKind,
  { csv, zip }: ImportFiles,
  onProgress: (percent: number) => void,
) {
  const body = new FormData();
  body.append('file', csv, csv.name);
  if (zip && kind === 'people') body.append('files', zip, zip.name);
  return uploadForm<{ id: string }>(importsPath(kind), body, { onProgress });
}
