import { postJson } from '#client/lib/api-client.ts';

/** The second step of a sign-in, or the confirmation of set-up: a code from the app, or a backup code once. */
export const verifyTwoFactor = (code: string, backup = false) =>
  postJson<unknown>(`/api/auth/two-factor/${backup ? 'verify-backup-code' : 'verify-totp'}`, { code });
