// Starts the real built server for the browser tests on a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-e2e-'));
process.env.DATA_DIR = dataDir;
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);

await import('../../src/server/main.ts');
