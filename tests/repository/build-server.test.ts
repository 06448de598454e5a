import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-build-server-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const chunks = () => fs.readdirSync(path.join(root, 'dist/server/chunks')).sort();

it('keeps the last build’s shared chunks when the sources change, for commands still running it', async () => {
  for (const part of ['src/server', 'src/shared', 'src/locales', 'package.json'])
    fs.cpSync(part, path.join(root, part), { recursive: true });
  await buildServer(root);
  const first = chunks();
  expect(first.length).toBeGreaterThan(0);

  // The database module is shared by the server and every command, so it lives in a chunk.
  fs.appendFileSync(path.join(root, 'src/server/db/database.ts'), '\nglobalThis.rebuiltForTest = true;\n');
  await buildServer(root);
  const second = chunks();

  expect(second).toEqual(expect.arrayContaining(first));
  expect(second.length).toBeGreaterThan(first.length);
  const main = fs.readFileSync(path.join(root, 'dist/server/main.mjs'), 'utf8');
  const imported = [...main.matchAll(/from "\.\/chunks\/([^"]+)"/g)].map((match) => match[1]);
  expect(imported.filter((name) => !first.includes(name ?? ''))).not.toEqual([]);
}, 60_000);

it('npm start’s pre-step builds the server alone when it is missing or older than its sources', async () => {
  const install = path.join(root, 'install');
  for (const part of ['src/server', 'src/shared', 'src/locales', 'package.json', 'scripts'])
    fs.cpSync(part, path.join(install, part), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(install, 'node_modules'), 'dir');
  // A client built after every source: only the server is missing.
  const later = new Date(Date.now() + 60_000);
  for (const built of ['dist/client/index.html', 'dist/render/entry-server.js']) {
    fs.mkdirSync(path.dirname(path.join(install, built)), { recursive: true });
    fs.writeFileSync(path.join(install, built), '');
    fs.utimesSync(path.join(install, built), later, later);
  }
  const server = path.join(install, 'dist/server/main.mjs');
  const preStart = () =>
    execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: install, encoding: 'utf8' });

  expect(preStart()).toBe('');
  const builtAt = fs.statSync(server).mtimeMs;
  preStart();
  expect(fs.statSync(server).mtimeMs).toBe(builtAt);

  const source = path.join(install, 'src/server/config.ts');
  const afterBuild = new Date(builtAt + 5_000);
  fs.utimesSync(source, afterBuild, afterBuild);
  expect(preStart()).toBe('');
  expect(fs.statSync(server).mtimeMs).toBeGreaterThan(builtAt);
}, 60_000);
