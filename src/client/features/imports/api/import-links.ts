import { type ImportKind, importsPath } from '#shared/api/imports.ts';

/** Plain download links: the browser's own download, with the session cookie, needs no script. */
export const templateUrl = (kind: ImportKind) => `${importsPath(kind)}/template.csv`;
export const sampleUrl = (kind: ImportKind) => `${importsPath(kind)}/sample.csv`;
export const errorsCsvUrl = (kind: ImportKind, id: string) =>
  `${importsPath(kind)}/${encodeURIComponent(id)}/errors.csv`;

/** Where the imported records are listed, and what the link there says. */
export const importedListLink = {
  people: { to: '/dashboard/peoples', label: 'Go to Peoples' },
  renewals: { to: '/dashboard/renew-peoples', label: 'Go to Renew Peoples' },
} as const satisfies Record<ImportKind, { to: string; label: string }>;
