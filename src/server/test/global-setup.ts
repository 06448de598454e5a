import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteImage } from '../db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite image, or '' when the tests run on PostgreSQL. */
    pgliteImagePath: string;
  }
}

/** Migrates one PGlite database for the whole run; each test app starts from a copy of it. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteImagePath', '');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-pglite-image-'));
  const file = path.join(dir, 'image.tar');
  fs.writeFileSync(file, Buffer.from(await (await createPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
