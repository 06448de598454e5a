import { defaultLanguage, type Language } from '../i18n/languages.ts';
import type { ContentName } from './content.ts';

/** An API answer a page waits for: where it is fetched, and the key the browser caches it under. */
export interface PageData {
  url: string;
  queryKey: readonly unknown[];
}

/** An API address asked in a language: English, the default, needs no `?lang=`. */
export const inLanguage = (url: string, language: Language) =>
  language === defaultLanguage ? url : `${url}?lang=${language}`;

export const siteData = (language: Language): PageData => ({
  url: inLanguage('/api/site', language),
  queryKey: ['site', language],
});

export const contentData = (name: ContentName, language: Language): PageData => ({
  url: inLanguage(`/api/content/${name}`, language),
  queryKey: ['content', name, language],
});

export const certificateData = (id: string): PageData => ({
  url: `/api/certificates/${encodeURIComponent(id)}`,
  queryKey: ['certificate', id],
});
