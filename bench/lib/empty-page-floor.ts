import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { median } from './load.ts';

const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty page</title></head>' +
  '<body><main><p>One line of text, and no script.</p></main></body></html>';

/** The portal's security headers, as it sends them with a landing page. */
const SECURITY_HEADER = /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-)/;

export interface EmptyPageFloor {
  runs: { performance: number; tbtMs: number }[];
  median: { performance: number; tbtMs: number };
  worst: { performance: number; tbtMs: number };
}

/**
 * An empty page with the portal's security headers, served beside it, with the portal's
 * /favicon.svg as Lighthouse's start page (decision 0010). In a process of its own, as Lighthouse
 * runs synchronously in this one; started before the runs, while the portal's connection is fresh.
 */
export async function startEmptyPage(portalUrl: string) {
  const landing = await fetch(`${portalUrl}/verify`);
  const headers = Object.fromEntries([...landing.headers].filter(([name]) => SECURITY_HEADER.test(name)));
  const favicon = Buffer.from(await (await fetch(`${portalUrl}/favicon.svg`)).arrayBuffer());
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./empty-page-server.mjs', import.meta.url))],
    {
      env: { HEADERS: JSON.stringify(headers), FAVICON: favicon.toString('base64'), PAGE: EMPTY_PAGE },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit').then(() => {
    throw new Error('the empty page server exited before it listened');
  });
  const [port] = (await Promise.race([once(child.stdout, 'data'), exited])) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}/`, close: () => child.kill() };
}

/**
 * What Lighthouse measures on this host for a page with nothing to do, run by run like the landing
 * pages. Much of a landing page's Total Blocking Time here is not its own (the notebook's
 * 2026-11-25 sections); this floor, measured in the same round, shows how much.
 */
export function measureEmptyPageFloor(
  url: string,
  runs: number,
  runLighthouse: (url: string) => { performance: number; tbtMs: number },
): EmptyPageFloor {
  const measured = Array.from({ length: runs }, () => runLighthouse(url));
  return {
    runs: measured.map(({ performance, tbtMs }) => ({ performance, tbtMs })),
    median: {
      performance: median(measured.map((run) => run.performance)),
      tbtMs: median(measured.map((run) => run.tbtMs)),
    },
    worst: {
      performance: Math.min(...measured.map((run) => run.performance)),
      tbtMs: Math.max(...measured.map((run) => run.tbtMs)),
    },
  };
}
