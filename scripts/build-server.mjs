// The server as one file of JavaScript (its packages stay in node_modules), so that `npm start` runs
// it with Node alone: through a TypeScript loader a start took twice the CPU before it answered.
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const builtServer = 'dist/server/main.mjs';

export const buildServer = () =>
  build({
    entryPoints: ['src/server/main.ts'],
    outfile: builtServer,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
