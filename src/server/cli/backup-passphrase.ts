import readline from 'node:readline';
import { Writable } from 'node:stream';
import { backupPassphrase } from '#shared/api/backup.ts';

/**
 * The archive's passphrase: BACKUP_PASSPHRASE, else typed at the terminal (not echoed; twice when
 * making a backup, since a mistyped one would lock the archive for good).
 */
export async function askPassphrase(purpose: 'backup' | 'restore'): Promise<string> {
  const given = process.env.BACKUP_PASSPHRASE;
  if (given !== undefined) return checked(given, 'BACKUP_PASSPHRASE: ');
  if (!process.stdin.isTTY)
    throw new Error('Set BACKUP_PASSPHRASE, or run this in a terminal to type the backup passphrase.');
  const typed = await hiddenQuestion(
    purpose === 'backup' ? 'Passphrase to encrypt the backup with: ' : 'Passphrase of the backup: ',
  );
  if (purpose === 'backup') {
    checked(typed, '');
    if ((await hiddenQuestion('The same passphrase again: ')) !== typed)
      throw new Error('The two passphrases differ. Nothing was written.');
  }
  return checked(typed, '');
}

function checked(passphrase: string, prefix: string): string {
  const result = backupPassphrase.safeParse(passphrase);
  if (!result.success) throw new Error(`${prefix}${result.error.issues[0]?.message}.`);
  return passphrase;
}

/**
 * Asks at the terminal and shows the question, not the keys typed: the terminal's echo goes to an
 * output that is silenced once the question is written.
 */
export function hiddenQuestion(
  question: string,
  input: NodeJS.ReadableStream = process.stdin,
  shown: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  let silenced = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!silenced) shown.write(chunk);
      done();
    },
  });
  const terminal = readline.createInterface({ input, output, terminal: true });
  return new Promise((resolve) => {
    terminal.question(question, (answer) => {
      shown.write('\n');
      terminal.close();
      resolve(answer);
    });
    silenced = true;
  });
}
