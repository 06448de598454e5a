import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
// Inside node_modules, so that the copied config finds the Lingui packages it imports.
fs.mkdirSync(path.resolve('node_modules/.cache'), { recursive: true });
const scratch = fs.mkdtempSync(path.resolve('node_modules/.cache/catalogs-'));

/** `lingui compile --strict`, as `npm run lint` runs it, on a copy of the catalogs changed by `edit`. */
async function compileCopy(edit: (malay: string) => string) {
  const folder = fs.mkdtempSync(path.join(scratch, 'copy-'));
  fs.copyFileSync('lingui.config.ts', path.join(folder, 'lingui.config.ts'));
  // The config reads the site's languages from their one list.
  fs.mkdirSync(path.join(folder, 'src/shared/i18n'), { recursive: true });
  fs.copyFileSync('src/shared/i18n/languages.ts', path.join(folder, 'src/shared/i18n/languages.ts'));
  // Both catalogs: the PDF's and the public pages'.
  for (const catalogs of ['src/locales', 'src/client/locales']) {
    fs.cpSync(catalogs, path.join(folder, catalogs), {
      recursive: true,
      filter: (file) => !file.endsWith('.ts'),
    });
  }
  const malay = path.join(folder, 'src/locales/ms.po');
  fs.writeFileSync(malay, edit(fs.readFileSync(malay, 'utf8')));
  const lingui = path.resolve('node_modules/.bin/lingui');
  return run(lingui, ['compile', '--strict', '--config', path.join(folder, 'lingui.config.ts')], {
    cwd: folder,
  }).then(
    () => ({ failed: false, output: '' }),
    (error: { stdout: string; stderr: string }) => ({ failed: true, output: error.stdout + error.stderr }),
  );
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the message catalogs', () => {
  it('compile strictly as shipped: every message is translated', async () => {
    expect(await compileCopy((malay) => malay)).toEqual({ failed: false, output: '' });
  });

  it('fail the strict compile, and so the lint, when one message lacks its translation', async () => {
    const result = await compileCopy((malay) => malay.replace('msgstr "Tandatangan"', 'msgstr ""'));

    expect(result.failed).toBe(true);
    expect(result.output).toMatch(/missing/i);
  });
});
