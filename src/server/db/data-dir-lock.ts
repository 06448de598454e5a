import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process per data directory: a second opener would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (isAlive(owner) && owner !== process.pid) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner}). Stop it first.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}.`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
