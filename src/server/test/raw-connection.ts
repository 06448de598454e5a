import net from 'node:net';

const HEADER_END = '\r\n\r\n';

/**
 * A keep-alive connection that writes each request straight into the socket (so the bytes are in
 * the server's buffers at once, even if this process's event loop is busy right after) and reads
 * back its status. One request at a time; answers carry Content-Length.
 */
export async function openConnection(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = '';
  let waiting: ((status: number) => void) | null = null;
  const settle = () => {
    const end = buffered.indexOf(HEADER_END);
    if (end < 0 || !waiting) return;
    const head = buffered.slice(0, end);
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + HEADER_END.length + length) return;
    buffered = buffered.slice(end + HEADER_END.length + length);
    const resolve = waiting;
    waiting = null;
    resolve(Number(head.slice(9, 12)));
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    settle();
  });
  socket.on('close', () => waiting?.(0));
  return {
    /** GETs `path` and resolves with the status, or 0 if the connection closed first. */
    ask(path: string): Promise<number> {
      const answer = new Promise<number>((resolve) => {
        waiting = resolve;
      });
      socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
      return answer;
    },
    close: () => socket.destroy(),
  };
}
