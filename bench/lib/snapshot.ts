import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PARTS = [
  'src',
  'drizzle',
  'content',
  'public',
  'package.json',
  'vite.config.ts',
  'vite-lingui-macros.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'postcss.config.cjs',
  'scripts/build-server.mjs',
];

export interface Snapshot {
  dir: string;
  commit: string;
  /** Product files that differed from the commit when the snapshot was taken. */
  uncommitted: string[];
  remove(): void;
}

/**
 * A copy of the app's files as they are now, in a temporary folder with its own dist/. The
 * benchmark builds and serves this copy, so it neither rebuilds the dist/client other people's
 * browser tests are serving, nor measures files someone edits halfway through an hour-long run.
 */
export function createSnapshot(): Snapshot {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-bench-app-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...PARTS], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });
  return {
    dir,
    commit: git('rev-parse', '--short', 'HEAD').trim(),
    // Not trimmed: a porcelain line starts with its two status columns, the first often a space.
    uncommitted: git('status', '--porcelain', '--', ...PARTS)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3)),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
