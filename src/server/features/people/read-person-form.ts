import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type PersonFileField, type RecordFields, requiredPersonFiles } from '#shared/api/people.ts';
import { UploadRejected } from '../uploads/field-errors.ts';
import { type PreparedFile, prepareImage, preparePdf } from '../uploads/prepare-upload.ts';
import { readMultipartForm } from '../uploads/read-multipart-form.ts';
import type { FileField } from '../uploads/upload-limits.ts';

/** The file inputs of the people forms, in form order, with the words messages use for them. */
export const personFileInputs = [
  { name: 'passportImage', label: 'Passport image', kind: 'image' },
  { name: 'certificateImage', label: 'Certificate image', kind: 'image' },
  { name: 'signatureImage', label: 'Signature image', kind: 'image' },
  { name: 'pdf', label: 'PDF', kind: 'pdf' },
] as const satisfies readonly (FileField & { name: PersonFileField })[];

export interface PersonForm<Fields = RecordFields> {
  fields: Fields;
  /** The files sent, checked and ready to store; a field left out is absent. */
  files: Partial<Record<PersonFileField, PreparedFile>>;
}

/**
 * Reads and checks a whole add or edit form before anything is written: the text fields by
 * `fields` (all of them to add, those sent to edit), every file by its content. One refusal names
 * every field that is wrong (400, or 413/415 for files).
 */
export async function readPersonForm<Fields extends Partial<RecordFields>>(
  request: FastifyRequest,
  { fields, filesRequired }: { fields: z.ZodType<Fields>; filesRequired: boolean },
): Promise<PersonForm<Fields>> {
  const form = await readMultipartForm(request, personFileInputs);
  const { errors } = form;

  const parsed = fields.safeParse(form.text);
  for (const issue of parsed.error?.issues ?? []) errors.add(String(issue.path[0]), 400, issue.message);

  const files: PersonForm<Fields>['files'] = {};
  // One at a time: a 40-megapixel image takes a lot of memory to decode.
  for (const input of personFileInputs) {
    const data = form.files.get(input.name);
    if (!data) {
      const required = filesRequired && (requiredPersonFiles as readonly string[]).includes(input.name);
      if (required) errors.add(input.name, 400, `${input.label} is required`);
      continue;
    }
    try {
      files[input.name] =
        input.kind === 'image' ? await prepareImage(data, input.label) : await preparePdf(data, input.label);
    } catch (error) {
      if (!(error instanceof UploadRejected)) throw error;
      errors.add(input.name, error.status, error.message);
    }
  }

  errors.throwIfAny();
  if (!parsed.success) throw new Error('unreachable: invalid fields were reported above');
  return { fields: parsed.data, files };
}
