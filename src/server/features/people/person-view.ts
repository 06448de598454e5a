import { z } from 'zod';
import { fileView as fileViewSchema } from '#shared/api/certificates.ts';
import { pageOf } from '#shared/api/paging.ts';
import {
  type PersonFileField,
  type PersonView,
  personFileFields,
  recordFieldNames,
} from '#shared/api/people.ts';
import { courseExpiryDate } from '#shared/rules/course-validity.ts';
import type { person } from '../../db/schema/index.ts';
import { fileView } from '../certificates/certificate-view.ts';
import { toRecordView } from './record-view.ts';

export type PersonRow = typeof person.$inferSelect;

/** A person as staff see it: every identifier in full, validity computed now, files as URLs. */
export const toPersonView = (row: PersonRow, validityYears: number): PersonView => ({
  ...toRecordView(row, validityYears),
  signatureImage: fileView(row.signatureImage),
  passportImage: fileView(row.passportImage),
  certificateImage: fileView(row.certificateImage),
  pdf: fileView(row.pdf),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revocationReason: row.revocationReason,
  courseExpiresOn: courseExpiryDate(row.passedDate, validityYears),
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/** One entry of "All Images": whose documents they are, and the documents. */
const imageSet = z.object({
  id: z.uuid(),
  name: z.string(),
  finNumber: z.string(),
  eCertNumber: z.string(),
  signatureImage: fileViewSchema.nullable(),
  passportImage: fileViewSchema.nullable(),
  certificateImage: fileViewSchema.nullable(),
  pdf: fileViewSchema.nullable(),
  createdAt: z.string(),
});
export type ImageSet = z.infer<typeof imageSet>;
export const imagesPage = pageOf(imageSet);

export type ImageSetRow = Pick<
  PersonRow,
  'id' | 'name' | 'finNumber' | 'eCertNumber' | 'createdAt' | PersonFileField
>;

export const toImageSet = (row: ImageSetRow): ImageSet => ({
  id: row.id,
  name: row.name,
  finNumber: row.finNumber,
  eCertNumber: row.eCertNumber,
  signatureImage: fileView(row.signatureImage),
  passportImage: fileView(row.passportImage),
  certificateImage: fileView(row.certificateImage),
  pdf: fileView(row.pdf),
  createdAt: row.createdAt.toISOString(),
});

/** What the audit trail records of a person: its text fields, and each file by key only. */
export const auditedPersonFields = [...recordFieldNames, ...personFileFields] as const;

export function auditSnapshot(row: PersonRow): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {};
  for (const field of recordFieldNames) snapshot[field] = row[field];
  for (const field of personFileFields) snapshot[field] = row[field]?.key ?? null;
  return snapshot;
}
