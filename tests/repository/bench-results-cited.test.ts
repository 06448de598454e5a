import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const resultsDir = path.join(root, 'bench/results');

// Where prose and comments live; generated output, dependencies and the results themselves are not read.
const skippedDirs = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  '.work',
]);
const readExtensions = new Set(['.md', '.ts', '.tsx', '.mjs', '.cjs', '.js', '.sql', '.yml', '.yaml', '']);

/**
 * A result file is named by its date (`2026-11-24-staff-search.json`, `soak-pglite-2026-11-22-50rps.json`),
 * with or without `bench/results/` before it; `{a,b}` names several and `*` any that exist.
 */
const citation = /[\w{},*.-]*\d{4}-\d{2}-\d{2}[\w{},*.-]*\.(?:json|md)\b/g;

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skippedDirs.has(entry.name) || full === resultsDir ? [] : textFiles(full);
    return entry.isFile() && readExtensions.has(path.extname(entry.name)) ? [full] : [];
  });
}

function expandBraces(pattern: string): string[] {
  const group = /\{([^{}]*)\}/.exec(pattern);
  if (!group) return [pattern];
  const [whole, choices = ''] = group;
  return choices.split(',').flatMap((choice) => expandBraces(pattern.replace(whole, choice)));
}

function matches(pattern: string, names: string[]): string[] {
  if (!pattern.includes('*')) return names.includes(pattern) ? [pattern] : [];
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  const glob = new RegExp(`^${source.join('.*')}$`);
  return names.filter((name) => glob.test(name));
}

const results = fs.readdirSync(resultsDir);
const citations = textFiles(root).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(citation)].flatMap(([token]) =>
    expandBraces(token.replace(/^.*\//, '')).map((pattern) => ({
      pattern,
      citedIn: path.relative(root, file),
    })),
  ),
);

describe('bench/results keeps what the repository cites', () => {
  it('has every result file a document or comment cites', () => {
    const missing = citations
      .filter(({ pattern }) => matches(pattern, results).length === 0)
      .map(({ pattern, citedIn }) => `${pattern} (cited in ${citedIn})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('holds no result file that nothing cites', () => {
    const cited = new Set(citations.flatMap(({ pattern }) => matches(pattern, results)));
    expect(results.filter((name) => !cited.has(name))).toEqual([]);
  });
});
