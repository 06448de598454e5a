import { apiFetch } from '#client/lib/api-client.ts';
import { uploadForm } from '#client/lib/upload.ts';
import {
  type PersonFileField,
  type PersonView,
  personFileFields,
  recordFieldNames,
} from '#shared/api/people.ts';
import type { PersonFormValues } from './person-form-values.ts';

/** The multipart body: the eleven text fields, then only the files that were chosen. */
function personFormData(values: PersonFormValues): FormData {
  const body = new FormData();
  for (const field of recordFieldNames) body.append(field, values[field].trim());
  for (const field of personFileFields) {
    const file = values[field as PersonFileField];
    if (file) body.append(field, file, file.name);
  }
  return body;
}

export const createPerson = (values: PersonFormValues, onProgress: (percent: number) => void) =>
  uploadForm<PersonView>('/api/people', personFormData(values), { onProgress });

export const updatePerson = (id: string, values: PersonFormValues, onProgress: (percent: number) => void) =>
  uploadForm<PersonView>(`/api/people/${encodeURIComponent(id)}`, personFormData(values), {
    method: 'PATCH',
    onProgress,
  });

export const deletePerson = (id: string) =>
  apiFetch<void>(`/api/people/${encodeURIComponent(id)}`, { method: 'DELETE' });
