import type { z } from 'zod';

/** Validates form values with a shared Zod schema; Mantine form wants { field: message }. */
export const validateWith =
  <S extends z.ZodType>(schema: S) =>
  (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return errors;
  };
