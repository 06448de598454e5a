import http from 'node:http';

/**
 * A JSON POST whose body stops after its first bytes, over a real socket: the server counts it in
 * flight from its first byte until it is answered, so it stays in flight until `finish()` (once or
 * more).
 * `answered` resolves with its status once it is answered. `from` picks the client address: any
 * 127.0.0.0/8 address is this machine's, so a test can be many visitors.
 */
export function holdRequest(
  url: string,
  payload: unknown,
  { headers = {}, from }: { headers?: Record<string, string>; from?: string } = {},
) {
  const body = JSON.stringify(payload);
  const request = http.request(url, {
    method: 'POST',
    localAddress: from,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  answered.catch(() => {});
  request.write(body.slice(0, 10));
  request.flushHeaders();
  const finish = () => {
    if (!request.writableEnded) request.end(body.slice(10));
  };
  return { request, answered, finish };
}
