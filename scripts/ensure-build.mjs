// `npm start` runs this first: build the client when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const builtIndex = 'dist/client/index.html';
const sources = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the client (first start or changed sources)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
