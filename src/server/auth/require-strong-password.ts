import { judgePassword, weakPasswordMessage } from '#shared/rules/password-strength.ts';
import { invalidInput } from '../errors.ts';

/**
 * Refuses a new password that is easy to guess (judgePassword), naming `field` with the reason.
 * Every way a password is set calls this: setup, new users (dashboard and CLI), reset, change.
 */
export function requireStrongPassword(password: string, field: string, personal: readonly string[]): void {
  const judged = judgePassword(password, personal);
  if (judged.strong) return;
  const message = weakPasswordMessage(judged);
  throw invalidInput(message, { [field]: message });
}
