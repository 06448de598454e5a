import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { FileView } from '#shared/api/certificates.ts';

export const IMAGES_PAGE_SIZE = 12;

/** One person's documents, as `GET /api/images` lists them. */
export interface ImageEntry {
  id: string;
  name: string;
  finNumber: string;
  eCertNumber: string;
  signatureImage: FileView | null;
  passportImage: FileView | null;
  certificateImage: FileView | null;
  pdf: FileView | null;
  createdAt: string;
}

export interface ImagesPage {
  items: ImageEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const imagesQuery = (page: number) =>
  queryOptions({
    queryKey: ['images', page],
    queryFn: () =>
      apiFetch<ImagesPage>(`/api/images?${listQueryString({ page, pageSize: IMAGES_PAGE_SIZE })}`),
    staleTime: 10_000,
  });
