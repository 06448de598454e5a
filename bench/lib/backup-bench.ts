import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BENCH_AUTH_SECRET } from './http-bench.ts';

export interface BackupBenchOptions {
  /** The generated database to back up. */
  url: string;
  /** Admin connection, to make and drop the database restored into. */
  pgAdminUrl: string;
  /** Name of the scratch database the backup is restored into (dropped afterwards). */
  restoreDatabase: string;
  workDir: string;
  log: (line: string) => void;
}

/** Runs one operator command (`npm run backup` / `restore`) and returns its wall time and peak RSS. */
function runCli(script: string, args: string[], env: Record<string, string>, log: (line: string) => void) {
  return new Promise<{ seconds: number; peakRssMb: number }>((resolve, reject) => {
    const started = performance.now();
    // GNU time reports the command's maximum RSS ("Maximum resident set size") on stderr.
    const child = spawn('/usr/bin/time', ['-v', process.execPath, '--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => log(`    ${chunk.toString().trim()}`));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? Number.NaN);
      if (code !== 0) return reject(new Error(`${script} exited with ${code}: ${stderr.slice(0, 2000)}`));
      resolve({ seconds: (performance.now() - started) / 1000, peakRssMb: Math.round(rssKb / 1024) });
    });
  });
}

/**
 * The operator's backup of the whole registry (`npm run backup`, an encrypted archive of JSON lines
 * per table) and its restore into an empty database (`npm run restore`): time, archive size and
 * the command's peak RSS. The restored database is compared by its person count, then dropped.
 */
export async function benchBackupRestore(options: BackupBenchOptions) {
  const { log } = options;
  const dir = path.join(options.workDir, 'backup-bench');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const archive = path.join(dir, 'registry.zip.age');
  const env = {
    BACKUP_PASSPHRASE: 'bench passphrase for a registry backup',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'warn',
  };
  log('  backup (npm run backup)');
  const backup = await runCli(
    'src/server/cli/backup.ts',
    ['--out', archive],
    { ...env, DATABASE_URL: options.url },
    log,
  );
  const archiveMb = Math.round((fs.statSync(archive).size / 1024 / 1024) * 10) / 10;
  log(`  backup: ${backup.seconds.toFixed(1)} s, ${archiveMb} MB, peak RSS ${backup.peakRssMb} MB`);
  const admin = new pg.Client({ connectionString: options.pgAdminUrl });
  await admin.connect();
  const restoreUrl = new URL(options.url);
  restoreUrl.pathname = `/${options.restoreDatabase}`;
  try {
    await admin.query(`drop database if exists ${options.restoreDatabase}`);
    await admin.query(`create database ${options.restoreDatabase}`);
    log('  restore (npm run restore) into an empty database');
    const restore = await runCli(
      'src/server/cli/restore.ts',
      [archive],
      { ...env, DATABASE_URL: restoreUrl.toString() },
      log,
    );
    const restored = new pg.Client({ connectionString: restoreUrl.toString() });
    await restored.connect();
    const [{ n } = { n: 0 }] = (await restored.query<{ n: number }>('select count(*)::int as n from person'))
      .rows;
    await restored.end();
    log(`  restore: ${restore.seconds.toFixed(1)} s, peak RSS ${restore.peakRssMb} MB, ${n} people restored`);
    return {
      backupSeconds: round(backup.seconds),
      backupPeakRssMb: backup.peakRssMb,
      archiveMb,
      restoreSeconds: round(restore.seconds),
      restorePeakRssMb: restore.peakRssMb,
      peopleRestored: n,
    };
  } finally {
    await admin.query(`drop database if exists ${options.restoreDatabase}`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
