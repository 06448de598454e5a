import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type { UploadedBrandImage } from '#shared/api/brand-images.ts';
import type {
  ContentFileView,
  ContentOverview,
  TranslationReviews,
  VersionDetail,
  VersionList,
} from '#shared/api/content-editor.ts';
import type { ContentFileName } from '#shared/api/content-files.ts';
import type { Language } from '#shared/i18n/languages.ts';

export interface FileKey {
  language: Language;
  name: ContentFileName;
}

const fileUrl = ({ language, name }: FileKey) =>
  `/api/content-editor/files/${encodeURIComponent(language)}/${encodeURIComponent(name)}`;

export const contentOverviewQuery = () =>
  queryOptions({
    queryKey: ['content-editor'],
    queryFn: () => apiFetch<ContentOverview>('/api/content-editor'),
  });

export const contentFileQuery = (file: FileKey) =>
  queryOptions({
    queryKey: ['content-editor', 'file', file.language, file.name],
    queryFn: () => apiFetch<ContentFileView>(fileUrl(file)),
  });

export const contentVersionsQuery = () =>
  queryOptions({
    queryKey: ['content-editor', 'versions'],
    queryFn: () => apiFetch<VersionList>('/api/content-editor/versions'),
  });

export const contentVersionQuery = (version: number) =>
  queryOptions({
    queryKey: ['content-editor', 'versions', version],
    queryFn: () => apiFetch<VersionDetail>(`/api/content-editor/versions/${version}`),
    staleTime: Infinity,
  });

export const saveDraft = (file: FileKey, body: unknown, stamp: string) =>
  apiFetch<{ stamp: string }>(fileUrl(file), { method: 'PUT', body: JSON.stringify({ body, stamp }) });

export const discardDraft = (file: FileKey) => apiFetch<void>(fileUrl(file), { method: 'DELETE' });

export const publishDrafts = (version: number) =>
  postJson<{ version: number }>('/api/content-editor/publish', { version });

export const restoreVersion = (version: number, current: number) =>
  postJson<{ version: number }>(`/api/content-editor/versions/${version}/restore`, { version: current });

/** Where a public page is previewed with the drafts: a page of the site, in one language. */
export const previewUrl = (path: string) => `/api/content-editor/preview?path=${encodeURIComponent(path)}`;

export const translationReviewsQuery = () =>
  queryOptions({
    queryKey: ['content-editor', 'reviews'],
    queryFn: async () => (await apiFetch<TranslationReviews>('/api/content-editor/reviews')).items,
  });

export const approveTranslation = (file: FileKey) =>
  apiFetch<void>(
    `/api/content-editor/reviews/${encodeURIComponent(file.language)}/${encodeURIComponent(file.name)}`,
    {
      method: 'POST',
    },
  );

/** Uploads a logo or signature for the form field at `field`; the answer's `src` goes in the draft. */
export function uploadBrandImage(field: string, image: File) {
  const form = new FormData();
  form.append('image', image);
  return apiFetch<UploadedBrandImage>(`/api/content-editor/images?field=${encodeURIComponent(field)}`, {
    method: 'POST',
    body: form,
  });
}
