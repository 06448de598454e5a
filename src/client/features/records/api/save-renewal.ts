import { apiFetch, postJson } from '#client/lib/api-client.ts';
import { type RecordFields, type RenewalView, recordFields } from '#shared/api/people.ts';

export const createRenewal = (values: RecordFields) =>
  postJson<RenewalView>('/api/renewals', recordFields.parse(values));

export const updateRenewal = (id: string, values: RecordFields) =>
  apiFetch<RenewalView>(`/api/renewals/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(recordFields.parse(values)),
  });

export const deleteRenewal = (id: string) =>
  apiFetch<void>(`/api/renewals/${encodeURIComponent(id)}`, { method: 'DELETE' });
