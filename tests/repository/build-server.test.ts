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
