import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hiddenQuestion } from './backup-passphrase.ts';

describe('the passphrase typed at the terminal', () => {
  it('shows the question and not the keys typed, and returns what was typed', async () => {
    const input = new PassThrough();
    const shown = new PassThrough();
    let screen = '';
    shown.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
    });
    const answer = hiddenQuestion('Passphrase of the backup: ', input, shown);
    input.write('correct horse battery\r');

    expect(await answer).toBe('correct horse battery');
    expect(screen).toContain('Passphrase of the backup: ');
    expect(screen).not.toContain('correct');
  });
});
