import path from 'node:path';
import { type BuildOptions, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_PAIRS } from './features/demo/demo-people.ts';
import { seedDemoData } from './features/demo/seed-demo.ts';
import { sweepOrphanFiles } from './features/uploads/sweep-orphan-files.ts';
import { SERVING } from './serving-line.ts';

/** What the dev server adds to a start: Vite as the pages' source, answering its own requests first. */
type ServeOptions = Pick<BuildOptions, 'client' | 'serverFactory'>;

/**
 * Starts the server: the data folder's lock, the database and its migrations, the demo records,
 * and a shutdown that drains first. One line for a start-up problem, and the process exits.
 */
export function serve(options: ServeOptions = {}) {
  start(options).catch((error: unknown) => {
    // One clear line for configuration and start-up problems; no stack for the operator to parse.
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(message);
    process.exit(1);
  });
}

async function start(buildOptions: ServeOptions) {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const app = await buildApp({ config, database, ...buildOptions });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainMs, graceMs } = config.shutdown;
    app.log.info({ signal }, 'draining, then shutting down');
    const force = setTimeout(() => process.exit(1), drainMs + graceMs).unref();
    // Still serving everything while load balancers see /api/health/ready fail and stop sending here.
    app.lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    try {
      // Stops listening and waits for requests in flight, then the import work (its onClose hook).
      await app.close();
      await database.close();
    } finally {
      unlock();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.ready();
  // In the background: files no record refers to (failed or replaced uploads) are removed.
  void sweepOrphanFiles(app.db, app.files).then(
    (removed) => removed > 0 && app.log.info(`removed ${removed} unreferenced files`),
    (error: unknown) => app.log.error({ err: error }, 'file sweep failed'),
  );
  if (config.seedDemo) {
    const { seeded } = await seedDemoData(app.db, app.files);
    if (seeded > 0) app.log.info(`loaded ${seeded} demo records`);
  }
  // Connections a crowd opens while the loop works through a turn wait here to be accepted, then are
  // answered or refused at once. Past this queue the kernel drops them and clients retry after 1 s,
  // 3 s, 7 s: Node's default of 511 is a quarter second of a crowd of 2,000 a second. The kernel caps
  // it at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  printWelcome(config.publicUrl, database.kind, config.seedDemo, await app.setupLink());
}

function printWelcome(url: string, databaseKind: string, demo: boolean, setupLink: string | null) {
  const lines = [`${SERVING} ${url} (${databaseKind} database)`];
  if (setupLink)
    lines.push('No user exists yet. Create the first administrator (the link works once):', `  ${setupLink}`);
  if (demo) {
    lines.push('Try verification at /verify with a demo record:');
    for (const pair of DEMO_PAIRS)
      lines.push(`  identification no. ${pair.finNumber}   e-Cert serial no. ${pair.eCertNumber}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}
