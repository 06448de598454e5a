import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { CertificateResponse } from '#shared/api/certificates.ts';
import { certificateData } from '#shared/api/page-data.ts';

export const certificateQuery = (id: string) =>
  queryOptions({
    queryKey: certificateData(id).queryKey,
    queryFn: () => apiFetch<CertificateResponse>(certificateData(id).url),
    retry: false,
    // The route's loader has asked already: a failed answer (an unknown id) is not asked again
    // when the page mounts.
    retryOnMount: false,
    staleTime: 60_000,
  });
