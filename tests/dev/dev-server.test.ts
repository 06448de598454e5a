// `npm run dev` as a developer runs it, in a copy of the sources that the test edits as they would.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOfPath, languages, pathIn } from '#shared/i18n/languages.ts';
import { publicPages, staffPages } from '#shared/routes.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { untilHealthy } from '../../src/server/test/until-healthy.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** What the dev server reads; no build is among them. */
const SOURCES = [
  'src',
  'content',
  'public',
  'drizzle',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite-lingui-macros.ts',
  'lingui.config.ts',
  'postcss.config.cjs',
];

/**
 * The sources copied, and node_modules linked entry by entry. Vite's cache and its bundled config
 * (node_modules/.vite, .vite-temp) stay in the copy: tsx's watcher ignores the copy's node_modules,
 * not a folder it links to, and would restart the server when Vite removes its bundled config.
 */
function copySources(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-dev-'));
  for (const name of SOURCES) fs.cpSync(path.join(root, name), path.join(copy, name), { recursive: true });
  fs.mkdirSync(path.join(copy, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.vite')) continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(copy, 'node_modules', entry));
  }
  return copy;
}

/** Polls until `check` holds, for the file watcher to see an edit; fails with the last answer. */
async function eventually(read: () => Promise<string>, check: (answer: string) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await read();
    if (check(text)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not show within 30 s:\n${text.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// A path with its parameters filled in, as a visitor would type it.
const visit = (pagePath: string) => pagePath.replace(':id', 'abc').replace('*', 'peoples');

describe('npm run dev', () => {
  let copy: string;
  let child: ChildProcess;
  let url: string;
  let printed = '';
  const text = async (address: string) => (await fetch(`${url}${address}`)).text();
  const edit = (file: string, from: string, to: string) => {
    const source = path.join(copy, file);
    const before = fs.readFileSync(source, 'utf8');
    expect(before, file).toContain(from);
    fs.writeFileSync(source, before.replace(from, to));
  };

  beforeAll(async () => {
    copy = copySources();
    const port = Number(process.env.TEST_DEV_PORT) || (await freePort());
    url = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['run', 'dev'], {
      cwd: copy,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: path.join(copy, 'data'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      // Its own process group, so that stopping it stops tsx's watcher and the server under it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      printed += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      printed += chunk;
    });
    await untilHealthy(child, url, () => printed, 120_000);
  });

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('renders every public page on the server from the sources, and the home page in every language', async () => {
    expect(fs.existsSync(path.join(copy, 'dist'))).toBe(false);
    const addresses = [
      ...Object.values(publicPages).map(visit),
      ...languages.map((language) => pathIn(language, publicPages.home)),
    ];
    for (const address of new Set(addresses)) {
      const language = languageOfPath(address);
      const answer = await fetch(`${url}${address}`);
      const html = await answer.text();
      expect(answer.status, address).toBe(200);
      expect(answer.headers.get('content-type'), address).toMatch(/^text\/html/);
      expect(html, address).toContain(`<html lang="${language}"`);
      expect(html, address).toMatch(/<h1[\s>]/);
      // The page's islands come from Vite, with its client for reloads, not from a build.
      expect(html, address).toContain('<script type="module" src="/islands/boot.ts"></script>');
      expect(html, address).toContain('/@vite/client');
      // React Refresh's preamble, inline, runs there; the built pages' policy refuses inline scripts.
      expect(answer.headers.get('content-security-policy'), address).toContain(
        "script-src 'self' 'unsafe-inline'",
      );
    }
  });

  it('links the web font of a page in Chinese or Tamil, from the sources', async () => {
    for (const language of ['zh-Hans', 'ta'] as const) {
      const html = await text(pathIn(language, publicPages.home));
      const [, href] = /<link rel="stylesheet" href="(\/app\/fonts\/[^"]+\.css)">/.exec(html) ?? [];
      expect(href, language).toBeDefined();
      // As a browser asks for a style sheet: Vite answers a script to an import.
      const sheet = await fetch(`${url}${href}`, { headers: { accept: 'text/css,*/*;q=0.1' } });
      expect(sheet.headers.get('content-type'), language).toMatch(/^text\/css/);
      expect(await sheet.text(), language).toContain('@font-face');
    }
    expect(await text(pathIn('ms', publicPages.home))).not.toContain('/app/fonts/');
  });

  it('serves the staff app at every staff page, and "Page not found" elsewhere', async () => {
    for (const pagePath of Object.values(staffPages)) {
      const html = await text(visit(pagePath));
      expect(html, pagePath).toContain('<script type="module" src="/main.tsx"></script>');
      expect(html, pagePath).toContain('/@vite/client');
    }
    const unknown = await fetch(`${url}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/<h1[\s>]/);
  });

  it('shows an edit to a page, an island and a style on the next load', async () => {
    edit('src/client/app/routes/faq.tsx', '<Page title={page.title}', '<Page title="Edited questions"');
    edit(
      'src/client/features/feedback/components/feedback-button.tsx',
      'className="no-print feedback-affix"',
      'className="no-print feedback-affix edited-island"',
    );
    fs.appendFileSync(path.join(copy, 'src/client/app/global.css'), '\n.edited-style { outline: 0; }\n');

    // The page, the island as the server renders it into the page and as the browser fetches it to
    // hydrate, and the style sheet the browser loads.
    const shown: [address: string, marker: string][] = [
      ['/faq', 'Edited questions'],
      ['/faq', 'edited-island'],
      ['/features/feedback/components/feedback-button.tsx', 'edited-island'],
      ['/app/global.css', '.edited-style'],
    ];
    for (const [address, marker] of shown) {
      await eventually(
        () => text(address),
        (answer) => answer.includes(marker),
        `${marker} at ${address}`,
      );
    }
    expect(await text('/faq')).toMatch(/<title>Edited questions \|/);
  });
});
