import { errorCodes } from '#shared/api/errors.ts';

/** An error the client may see: its status, stable code and message go out as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: keyof typeof errorCodes | number,
    message: string,
    readonly code: string = errorCodes[statusCode as keyof typeof errorCodes] ?? 'INTERNAL',
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalidInput = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, 'INVALID_INPUT', fields);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, message, code);
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const signInRequired = () => new AppError(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
