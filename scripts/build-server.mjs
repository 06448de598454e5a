// The server and the operator commands as JavaScript (their packages stay in node_modules), so that
// `npm start` and `npm run user:create` and the rest run with Node alone: through a TypeScript
// loader a start took twice the CPU before it answered.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const outdir = 'dist/server';
export const builtServer = `${outdir}/main.mjs`;

/** The operator commands of src/server/cli, each run by the npm script of the same name. */
const commands = ['create-user', 'rotate-issuer-key', 'migrate-files', 'backup', 'restore'];
export const builtCommand = (name) => `${outdir}/cli/${name}.mjs`;

export async function buildServer() {
  // Shared chunks are named by their content: a new build leaves none of the last one's behind.
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: 'src/server/main.ts',
      ...Object.fromEntries(commands.map((name) => [`cli/${name}`, `src/server/cli/${name}.ts`])),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
