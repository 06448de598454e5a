import { errorCodes } from '#shared/api/errors.ts';
import { AppError } from '../../errors.ts';

export type FieldErrorStatus = 400 | 413 | 415;

/** A file a form field carried was refused: too large (413), not the right kind (415), unusable (400). */
export class UploadRejected extends Error {
  constructor(
    readonly status: FieldErrorStatus,
    message: string,
  ) {
    super(message);
  }
}

// The most serious problem decides the status; every field's message is still reported.
const precedence: FieldErrorStatus[] = [413, 415, 400];

/** Problems found while reading a form, one per field, so a request can be refused with all of them. */
export class FieldErrors {
  private readonly found = new Map<string, { status: FieldErrorStatus; message: string }>();

  add(field: string, status: FieldErrorStatus, message: string) {
    if (!this.found.has(field)) this.found.set(field, { status, message });
  }

  has(field: string) {
    return this.found.has(field);
  }

  /** Throws `{ statusCode, code, message, fields }` naming every field found wrong, if any was. */
  throwIfAny() {
    if (this.found.size === 0) return;
    const problems = [...this.found.values()];
    const status = precedence.find((s) => problems.some((p) => p.status === s)) ?? 400;
    const first = problems.find((p) => p.status === status);
    const fields = Object.fromEntries([...this.found].map(([field, problem]) => [field, problem.message]));
    throw new AppError(status, first?.message ?? 'Please correct the form.', errorCodes[status], fields);
  }
}
