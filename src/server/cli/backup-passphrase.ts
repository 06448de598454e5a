import readline from 'node:readline';
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

function hiddenQuestion(question: string): Promise<string> {
  const terminal = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo the prompt, not the keys typed.
  const write = (terminal as unknown as { _writeToOutput(text: string): void })._writeToOutput;
  (terminal as unknown as { _writeToOutput(text: string): void })._writeToOutput = (text) => {
    if (text.includes(question)) write.call(terminal, text);
  };
  return new Promise((resolve) =>
    terminal.question(question, (answer) => {
      process.stderr.write('\n');
      terminal.close();
      resolve(answer);
    }),
  );
}
