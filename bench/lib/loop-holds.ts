/**
 * The stretches in which a Node process's main thread ran without a break, read from a V8 CPU
 * profile (`node --cpu-prof`): each is time in which nothing else on that loop (a verification
 * waiting for its answer, say) could run. For each stretch longer than a threshold, the functions
 * of the portal's own code that it was spent under, so a long hold names its cause.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface LoopHold {
  startMs: number;
  ms: number;
  /** Share of the stretch's samples under each of the portal's functions (nearest on the stack). */
  under: { frame: string; share: number }[];
}

const IDLE = '(idle)';

/** The nearest frame of the portal's own sources above a node, or the node's own name. */
function ownFrameOf(nodeId: number, byId: Map<number, ProfileNode>, parentOf: Map<number, number>) {
  let id: number | undefined = nodeId;
  const leaf = byId.get(nodeId);
  while (id !== undefined) {
    const frame = byId.get(id)?.callFrame;
    if (frame && /\/src\/(server|shared)\//.test(frame.url)) {
      const file = frame.url.slice(frame.url.lastIndexOf('/src/') + 1);
      return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber}`;
    }
    id = parentOf.get(id);
  }
  return leaf?.callFrame.functionName || '(anonymous)';
}

/**
 * The holds of at least `longerThanMs` that began within `window` (V8's timestamps: microseconds of
 * the monotonic clock), longest first.
 */
export function readLoopHolds(
  profilePath: string,
  longerThanMs: number,
  window: { fromUs: number; toUs: number },
): LoopHold[] {
  const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const holds: LoopHold[] = [];
  const keep = (startUs: number, endUs: number, frames: string[]) => {
    const ms = (endUs - startUs) / 1000;
    if (startUs < window.fromUs || startUs > window.toUs || ms < longerThanMs) return;
    const counts = new Map<string, number>();
    for (const frame of frames) counts.set(frame, (counts.get(frame) ?? 0) + 1);
    const under = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([frame, n]) => ({ frame, share: Math.round((n / frames.length) * 100) / 100 }));
    holds.push({ startMs: (startUs - window.fromUs) / 1000, ms, under });
  };
  let at = profile.startTime;
  let startUs = 0;
  let frames: string[] = [];
  let endUs = 0;
  for (const [index, nodeId] of profile.samples.entries()) {
    at += profile.timeDeltas[index] ?? 0;
    if (byId.get(nodeId)?.callFrame.functionName === IDLE) {
      if (frames.length > 0) keep(startUs, endUs, frames);
      frames = [];
      continue;
    }
    if (frames.length === 0) startUs = at;
    endUs = at;
    frames.push(ownFrameOf(nodeId, byId, parentOf));
  }
  if (frames.length > 0) keep(startUs, endUs, frames);
  return holds.sort((a, b) => b.ms - a.ms);
}
