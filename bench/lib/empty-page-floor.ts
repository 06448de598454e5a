import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Empty page</title></head>' +
  '<body><main><p>One line of text, and no script.</p></main></body></html>';

/** The portal's security headers, as it sends them with a landing page. */
const SECURITY_HEADER = /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-)/;

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
