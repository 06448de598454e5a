import { type RecordFields, recordFieldNames } from '#shared/api/people.ts';
import { courseStatus } from '#shared/rules/course-validity.ts';

interface RecordRow extends RecordFields {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What people and renewal records show alike: the record's fields, validity computed now, never stored. */
export function toRecordView(row: RecordRow, validityYears: number) {
  const fields = Object.fromEntries(recordFieldNames.map((name) => [name, row[name]])) as RecordFields;
  return {
    id: row.id,
    ...fields,
    courseStatus: courseStatus(row, validityYears),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
