import { z } from 'zod';

/**
 * The archive is encrypted with this passphrase (age, scrypt): whoever holds a copy without it
 * holds noise. Twelve characters at least, since a stolen archive can be guessed at offline.
 */
export const BACKUP_PASSPHRASE_MIN = 12;

export const backupPassphrase = z
  .string({ error: 'A passphrase is required' })
  .min(BACKUP_PASSPHRASE_MIN, {
    error: `The passphrase must have at least ${BACKUP_PASSPHRASE_MIN} characters`,
  })
  .max(1024, { error: 'The passphrase must have at most 1024 characters' });

export const backupRequest = z.object({ passphrase: backupPassphrase });
