import { postJson } from '#client/lib/api-client.ts';
import type { PasswordResetCheck, PasswordResetInput } from '#shared/api/password-reset.ts';

export const checkResetLink = (token: string) =>
  postJson<PasswordResetCheck>('/api/password-reset/check', { token });

export const resetPassword = (input: PasswordResetInput) => postJson<void>('/api/password-reset', input);
