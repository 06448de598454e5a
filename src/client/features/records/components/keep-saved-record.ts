import type { QueryClient } from '@tanstack/react-query';
import type { RecordFields } from '#shared/api/people.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { recordValuesOf } from '../api/record-values.ts';
import { type RecordKind, type RecordTypes, recordQuery } from '../api/records-query.ts';

interface RecordForm<V> {
  getValues: () => V;
  reset: () => void;
  setInitialValues: (values: V) => void;
  setValues: (values: V) => void;
}

interface SavedRecord<K extends RecordKind, V> {
  kind: K;
  queryClient: QueryClient;
  form: RecordForm<V>;
  /** The record the form edits; none when it adds one. */
  editedId: string | undefined;
  saved: RecordTypes[K]['one'] | undefined;
  /** The form's values for a record's fields (a person's form adds empty file pickers). */
  valuesOf: (fields: RecordFields) => V;
  onAdded: (added: RecordTypes[K]['one'] | null) => void;
}

/**
 * After a record form saved: an edit caches the saved record and makes it the form's unchanged
 * state; an add empties the form and hands back what was added, for links to it. Lists refresh.
 */
export async function keepSavedRecord<K extends RecordKind, V extends RecordFields>({
  kind,
  queryClient,
  form,
  editedId,
  saved,
  valuesOf,
  onAdded,
}: SavedRecord<K, V>) {
  if (editedId) {
    if (saved?.id) queryClient.setQueryData(recordQuery(kind, editedId).queryKey, saved);
    const values = valuesOf(recordValuesOf(saved?.id ? saved : form.getValues()));
    form.setInitialValues(values);
    form.setValues(values);
  } else {
    form.reset();
    onAdded(saved?.id ? saved : null);
  }
  await invalidateRecords(queryClient, kind);
}
