// The server and the operator commands as JavaScript (their packages stay in node_modules), so that
// `npm start` and `npm run user:create` and the rest run with Node alone: through a TypeScript
// loader a start took twice the CPU before it answered.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const outdir = 'dist/server';
export const builtServer = `${outdir}/main.mjs`;

/** The operator commands of src/server/cli, each run by the npm script of the same name. */
const commands = ['create-user', 'rotate-issuer-key', 'migrate-files', 'backup', 'restore'];
export const builtCommand = (name) => `${outdir}/cli/${name}.mjs`;

/**
 * Bundles them into `root`/dist/server. Code they share goes to chunks named by their content,
 * which a build never deletes: a command already running the last build loads some of them only
 * when it reaches them (a backup, once its passphrase is typed), whatever starts meanwhile.
 */
export async function buildServer(root = process.cwd()) {
  await build({
    absWorkingDir: path.resolve(root),
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
