import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteImage, openDatabase } from '../db/database.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite image, or '' when the tests run on PostgreSQL. */
    pgliteImagePath: string;
    /** A migrated PostgreSQL database that test apps copy, or '' when the tests run on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, PostgreSQL's or PGlite's; each test app starts from a
 * copy of it rather than running every migration again.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl);
    try {
      const database = await openDatabase({ databaseUrl: template.url, pgliteDir: 'memory://' });
      await database.close();
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('pgliteImagePath', '');
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-pglite-image-'));
  const file = path.join(dir, 'image.tar');
  fs.writeFileSync(file, Buffer.from(await (await createPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
