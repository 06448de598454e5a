import { postJson } from '#client/lib/api-client.ts';
import type { ChangePasswordInput } from '#shared/api/auth.ts';

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export const changePassword = (input: ChangePasswordInput) =>
  postJson<unknown>('/api/auth/change-password', input);

/** Starts two-factor set-up: the secret (in the URI for the QR code) and the backup codes. */
export const enableTwoFactor = (password: string) =>
  postJson<TwoFactorSetup>('/api/auth/two-factor/enable', { password });

export const disableTwoFactor = (password: string) =>
  postJson<unknown>('/api/auth/two-factor/disable', { password });
