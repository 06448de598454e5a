/** Where a record's public page lives: the address its e-Cert, QR code and credential point to. */
const recordPagePrefix = '/info/';

export const recordPath = (id: string) => `${recordPagePrefix}${id}`;

/** The full address of a record's page on a portal whose public address is `publicUrl`. */
export const recordPageUrl = (publicUrl: string, id: string) => `${publicUrl}${recordPath(id)}`;

/** The record id a page address names, or null when it is not a record page. */
export const recordIdOfUrl = (url: string, publicUrl = ''): string | null => {
  const prefix = `${publicUrl}${recordPagePrefix}`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
};
