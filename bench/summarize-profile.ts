/**
 * Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof`): self time by function and by
 * package, so the hot spots of a route show without opening DevTools.
 *
 *   npx tsx bench/summarize-profile.ts bench/.work/profiles/CPU.*.cpuprofile [--top 25]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
});

function owner(url: string) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1] as string;
  if (url.includes('/src/'))
    return `app: ${url
      .slice(url.indexOf('/src/') + 1)
      .split('/')
      .slice(0, 3)
      .join('/')}`;
  if (url.startsWith('node:') || url === '') return url === '' ? '(native / idle / gc)' : 'node core';
  return url;
}

for (const file of positionals) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += micros;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOwner.set(owner(url), (byOwner.get(owner(url)) ?? 0) + micros);
  });
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
      console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print('self time by package', byOwner);
  print('self time by function', byFunction);
}
