import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { CertificateResponse } from '#shared/api/certificates.ts';

export const certificateQuery = (id: string) =>
  queryOptions({
    queryKey: ['certificate', id],
    queryFn: () => apiFetch<CertificateResponse>(`/api/certificates/${encodeURIComponent(id)}`),
    retry: false,
    // The route's loader has asked already: a failed answer (an unknown id) is not asked again
    // when the page mounts.
    retryOnMount: false,
    staleTime: 60_000,
  });
