import { spawn } from 'node:child_process';

/**
 * Runs Debian's `age` command, typing `passphrase` at each of its prompts. age reads a passphrase
 * only from a terminal, so it runs under `script`, which gives it one.
 */
export function ageCommand(args: string[], passphrase: string): Promise<void> {
  const command = ['age', ...args].map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let printed = '';
  let answered = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    const prompts = printed.match(/passphrase/gi)?.length ?? 0;
    for (; answered < prompts; answered += 1) child.stdin.write(`${passphrase}\n`);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      child.stdin.end();
      code === 0 ? resolve() : reject(new Error(`age ${args.join(' ')} failed (${code}): ${printed}`));
    }),
  );
}
