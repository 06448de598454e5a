// `npm start` runs this first: build the client and the server's renderer of landing pages when
// either is missing or older than their sources, and the server itself when it is. The operator
// commands run it with `server`: they need only the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, builtServer } from './build-server.mjs';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Whether a built file is missing or older than a source. */
function stale(builtFiles, sources) {
  const builtAt = Math.min(
    ...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
  );
  return builtAt < Math.max(...sources.map(newestMtime));
}

const lockFile = 'package-lock.json';
const serverOnly = process.argv[2] === 'server';
if (
  !serverOnly &&
  stale(
    ['dist/client/index.html', 'dist/render/entry-server.js'],
    ['src/client', 'src/shared', 'public', 'vite.config.ts', lockFile],
  )
) {
  console.log('Building the client and the server (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else if (stale([builtServer], ['src/server', 'src/shared', 'scripts/build-server.mjs', lockFile])) {
  await buildServer();
}
