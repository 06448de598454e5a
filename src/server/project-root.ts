import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found upwards from this module: from the sources (src/server)
 * and from the built server (dist/server, one file for many modules) alike, so a path to the
 * built client or the migrations never depends on where the module that names it lies.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, such as `fromProjectRoot('dist', 'client')`. */
export const fromProjectRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
