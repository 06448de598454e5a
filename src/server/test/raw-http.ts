import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** The answer's headers by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte on its own socket, so the request line reaches the
 * server exactly as spelt (inject and fetch both tidy a path up first). `from` picks the client
 * address: any 127.0.0.0/8 address is this machine's, so a test can be many clients.
 */
export function rawRequest(
  port: number,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string; from?: string },
): Promise<RawAnswer> {
  const body = request.body ?? '';
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body
      ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
      : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: request.from }, () =>
      // Not end(): a client that half-closes its socket gets no answer from Node's HTTP server.
      socket.write(`${head}\r\n\r\n${body}`),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const end = text.indexOf('\r\n\r\n');
      const headers = Object.fromEntries(
        text
          .slice(0, end)
          .split('\r\n')
          .slice(1)
          .map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
      );
      resolve({ status, headers, body: text.slice(end + 4) });
    });
  });
}

/** The spellings of a path that a router may read as the same route, and one it must not. */
export function pathSpellings(path: string, port: number) {
  return [
    { name: 'plain', target: path, routes: true },
    {
      name: 'percent-encoded',
      target: path.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
      routes: true,
    },
    { name: 'absolute form', target: `http://127.0.0.1:${port}${path}`, routes: true },
    { name: 'dot segment first', target: path.replace(/^\/([^/]+)\//, '/$1/./'), routes: false },
    { name: 'dot segment last', target: path.replace(/\/([^/]+)$/, '/./$1'), routes: false },
    { name: 'double slash', target: `/${path}`, routes: false },
  ];
}
