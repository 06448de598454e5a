import type { ContentName } from './content.ts';

/** An API answer a page waits for: where it is fetched, and the key the browser caches it under. */
export interface PageData {
  url: string;
  queryKey: readonly unknown[];
}

export const siteData: PageData = { url: '/api/site', queryKey: ['site'] };

export const contentData = (name: ContentName): PageData => ({
  url: `/api/content/${name}`,
  queryKey: ['content', name],
});

export const certificateData = (id: string): PageData => ({
  url: `/api/certificates/${encodeURIComponent(id)}`,
  queryKey: ['certificate', id],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no record: it answers 404 like an unknown one, never a database error. */
export const isUuid = (id: string) => UUID.test(id);
