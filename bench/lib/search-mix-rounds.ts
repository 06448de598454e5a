import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MixRoundsOptions {
  url: string;
  workDir: string;
  rounds: number;
  connections: number;
  log: (line: string) => void;
}

interface MixResult {
  searchesPerSecond: number;
  all: { p50Ms: number; p95Ms: number; maxMs: number };
  byKind: Record<string, { p95Ms: number }>;
}

const MIXES = [
  { mix: 'table', queries: 3000 },
  { mix: 'staff', queries: 600 },
] as const;

/**
 * The Peoples table mix and the staff search mix (`bench/search-mix.ts`, the product's findPeople
 * in its own process) `rounds` times each, alternating, at `connections` at once: p95 per round.
 */
export async function benchSearchMixes(options: MixRoundsOptions) {
  const rounds: Record<string, MixResult[]> = { table: [], staff: [] };
  for (let round = 1; round <= options.rounds; round++) {
    for (const { mix, queries } of MIXES) {
      const json = path.join(options.workDir, `mix-${mix}-${round}.json`);
      await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'bench/search-mix.ts',
          ...['--target', options.url, '--mix', mix, '--queries', String(queries)],
          ...['--connections', String(options.connections), '--json', json],
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const result = JSON.parse(fs.readFileSync(json, 'utf8')) as MixResult;
      fs.rmSync(json);
      rounds[mix]?.push(result);
      options.log(
        `  round ${round} ${mix} mix: p95 ${result.all.p95Ms} ms, p50 ${result.all.p50Ms} ms, ${result.searchesPerSecond} searches/s`,
      );
    }
  }
  const summary = (list: MixResult[]) => ({
    p95MsByRound: list.map((r) => r.all.p95Ms),
    p50MsByRound: list.map((r) => r.all.p50Ms),
    searchesPerSecondByRound: list.map((r) => r.searchesPerSecond),
    p95MsByKind: Object.fromEntries(
      Object.keys(list[0]?.byKind ?? {}).map((kind) => [
        kind,
        list.map((r) => r.byKind[kind]?.p95Ms ?? null),
      ]),
    ),
  });
  return {
    connections: options.connections,
    table: summary(rounds.table ?? []),
    staff: summary(rounds.staff ?? []),
  };
}
