import { type RecordFields, recordFieldNames } from '#shared/api/people.ts';

export const emptyRecord = (): RecordFields =>
  Object.fromEntries(recordFieldNames.map((field) => [field, ''])) as RecordFields;

/** The eleven text fields of a stored record, as a form's starting values. */
export const recordValuesOf = (record: RecordFields): RecordFields =>
  Object.fromEntries(recordFieldNames.map((field) => [field, record[field] ?? ''])) as RecordFields;
