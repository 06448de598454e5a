import http from 'node:http';

/**
 * Another site on loopback, for the front-end bench: the page a visitor comes from (a QR code
 * scanner's tab, another site) and an empty page measured beside each public page. Each listens
 * on an address of its own (127.0.0.2, 127.0.0.3; the portal is on 127.0.0.1), so Chromium treats
 * the three as different sites and starts each page in a new renderer process, as a first visit does.
 */
const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="An empty page."><title>Empty page</title></head>' +
  '<body><p>An empty page.</p></body></html>';

export interface Elsewhere {
  /** The page every Lighthouse run starts from. */
  startUrl: string;
  /** The page measured beside the portal's pages. */
  emptyUrl: string;
  stop(): Promise<void>;
}

function listen(host: string, port: number) {
  const server = http.createServer((_request, reply) => {
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    reply.end(EMPTY_PAGE);
  });
  return new Promise<http.Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export async function startElsewhere(port: number): Promise<Elsewhere> {
  const from = await listen('127.0.0.2', port);
  const empty = await listen('127.0.0.3', port).catch(async (error) => {
    await new Promise((resolve) => from.close(resolve));
    throw error;
  });
  return {
    startUrl: `http://127.0.0.2:${port}/`,
    emptyUrl: `http://127.0.0.3:${port}/`,
    async stop() {
      await Promise.all([from, empty].map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
