import { validateWith } from '#client/lib/zod-form.ts';
import { type RecordFields, recordFields, requiredPersonFiles } from '#shared/api/people.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '#shared/limits.ts';
import { emptyRecord } from './record-values.ts';

export interface PersonFiles {
  passportImage: File | null;
  certificateImage: File | null;
  signatureImage: File | null;
  pdf: File | null;
}
export type PersonFormValues = RecordFields & PersonFiles;

export const noFiles = (): PersonFiles => ({
  passportImage: null,
  certificateImage: null,
  signatureImage: null,
  pdf: null,
});

export const emptyPersonForm = (): PersonFormValues => ({ ...emptyRecord(), ...noFiles() });

export const fileLabels: Record<keyof PersonFiles, string> = {
  passportImage: 'Passport Image',
  certificateImage: 'Certificate Image',
  signatureImage: 'Signature Image',
  pdf: 'PDF',
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function fileError(field: keyof PersonFiles, file: File | null, required: boolean): string | null {
  const label = fileLabels[field];
  if (!file) return required ? `${label} is required` : null;
  if (field === 'pdf') {
    if (file.type && file.type !== 'application/pdf') return 'PDF must be a PDF file';
    return file.size > PDF_MAX_BYTES ? `PDF must be at most ${megabytes(PDF_MAX_BYTES)}` : null;
  }
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${label} must be a PNG, JPEG, WebP or GIF image`;
  }
  return file.size > IMAGE_MAX_BYTES ? `${label} must be at most ${megabytes(IMAGE_MAX_BYTES)}` : null;
}

/**
 * The shared text rules plus a first check of the files; the server checks the content again.
 * New records need the three images; an edit keeps the stored ones when none is chosen.
 */
export const validatePersonForm =
  (filesRequired: boolean) =>
  (values: PersonFormValues): Record<string, string> => {
    const errors = validateWith(recordFields)(values);
    for (const field of Object.keys(fileLabels) as (keyof PersonFiles)[]) {
      const required = filesRequired && (requiredPersonFiles as readonly string[]).includes(field);
      const error = fileError(field, values[field], required);
      if (error) errors[field] = error;
    }
    return errors;
  };
