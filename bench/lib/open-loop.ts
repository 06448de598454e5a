import net from 'node:net';

/** One request as bytes on the wire, and the answers that count as normal (answered). */
export interface OpenLoopRequest {
  bytes: () => Buffer;
  okStatuses: ReadonlySet<number>;
}

export interface OpenLoopResult {
  /** Arrivals asked for, and those the generator managed to start (it shares the CPU). */
  offeredRate: number;
  sentRate: number;
  answered: number;
  refused: number;
  /** Any other status, a connection reset, or no answer by the end of the drain. */
  failed: number;
  connectTimeouts: number;
  /** From each arrival (connection included) to the end of its answer, for answered requests. */
  answeredMs: number[];
  statuses: Record<string, number>;
  /** The first answer's body for each status outside `okStatuses` and 503: what the server said. */
  unexpected: Record<string, string>;
  /** Connections opened: an arrival with no idle connection opens one, as a new visitor would. */
  connections: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** An answer's status (null: the connection closed first), body and `Retry-After` in seconds. */
type AnswerHandler = (status: number | null, body: string, retryAfterSeconds?: number) => void;

/**
 * A keep-alive connection that carries one request at a time and parses just enough of the answer
 * (status, Content-Length, Connection: close) to know where it ends. Raw sockets rather than
 * node:http, so one generator process can offer several times what the server answers.
 */
export class Connection {
  readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private current: { started: number; done: AnswerHandler } | null = null;
  open = false;
  closed = false;

  constructor(port: number, connectTimeoutMs: number, onConnectTimeout: () => void, onIdle: () => void) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    const timer = setTimeout(() => {
      onConnectTimeout();
      this.socket.destroy();
    }, connectTimeoutMs);
    this.socket.once('connect', () => {
      clearTimeout(timer);
      this.open = true;
    });
    this.socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      if (this.parse()) onIdle();
    });
    this.socket.on('error', () => {});
    this.socket.once('close', () => {
      clearTimeout(timer);
      this.closed = true;
      this.finish(null);
    });
  }

  send(bytes: Buffer, started: number, done: AnswerHandler) {
    this.current = { started, done };
    this.socket.write(bytes);
  }

  get busy() {
    return this.current !== null;
  }

  private finish(status: number | null, body = '', retryAfterSeconds?: number) {
    const current = this.current;
    this.current = null;
    current?.done(status, body, retryAfterSeconds);
  }

  /** True when an answer completed and the connection can take the next request. */
  private parse(): boolean {
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return false;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return false;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    const retryAfter = /\r\nretry-after:\s*(\d+)/i.exec(head)?.[1];
    this.finish(Number(head.slice(9, 12)), body, retryAfter === undefined ? undefined : Number(retryAfter));
    if (/\r\nconnection:\s*close/i.test(head)) {
      this.socket.destroy();
      return false;
    }
    return true;
  }
}

/**
 * Open loop: `rate` arrivals a second for `seconds`, each on an idle connection or on a new one,
 * whether or not earlier answers came back, as a crowd of independent visitors would. Waits up
 * to `drainSeconds` for the answers still due, then counts the rest as failed.
 */
export async function openLoop(options: {
  port: number;
  rate: number;
  seconds: number;
  request: OpenLoopRequest;
  connectTimeoutMs?: number;
  drainSeconds?: number;
  onArrivalsEnd?: () => void;
  /** Open at most this many connections (file descriptors are finite); then arrivals queue. */
  maxConnections?: number;
}): Promise<OpenLoopResult> {
  const { port, rate, seconds, request } = options;
  const result: OpenLoopResult = {
    offeredRate: rate,
    sentRate: 0,
    answered: 0,
    refused: 0,
    failed: 0,
    connectTimeouts: 0,
    answeredMs: [],
    statuses: {},
    unexpected: {},
    connections: 0,
  };
  const maxConnections = options.maxConnections ?? 4_000;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let outstanding = 0;
  let stopped = false;
  const connect = () => {
    result.connections += 1;
    const connection = new Connection(
      port,
      options.connectTimeoutMs ?? 10_000,
      () => {
        result.connectTimeouts += 1;
      },
      () => idle.push(connection),
    );
    all.add(connection);
    connection.socket.once('close', () => all.delete(connection));
    return connection;
  };
  // Arrivals waiting for a connection once `maxConnections` are open; their time counts from arrival.
  const queued: number[] = [];
  const takeIdle = () => {
    let connection = idle.pop();
    while (connection && (connection.closed || connection.busy)) connection = idle.pop();
    return connection;
  };
  const onIdle = () => {
    // Once stopped, the arrivals still queued are counted as failed, not sent.
    if (stopped) return;
    const arrived = queued.shift();
    if (arrived !== undefined) send(takeIdle() ?? connect(), arrived);
  };
  const arrive = () => {
    const connection = takeIdle() ?? (all.size < maxConnections ? connect() : undefined);
    if (connection) send(connection, performance.now());
    else queued.push(performance.now());
  };
  const send = (connection: Connection, started: number) => {
    outstanding += 1;
    connection.send(request.bytes(), started, (status, body) => {
      setImmediate(onIdle);
      if (stopped) return;
      outstanding -= 1;
      if (status === null) {
        result.failed += 1;
        return;
      }
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (request.okStatuses.has(status)) {
        result.answered += 1;
        result.answeredMs.push(performance.now() - started);
      } else if (status === 503) result.refused += 1;
      else {
        result.failed += 1;
        result.unexpected[status] ??= body.slice(0, 500);
      }
    });
  };

  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (sent < due) {
      arrive();
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  result.sentRate = Math.round(sent / ((performance.now() - start) / 1000));
  options.onArrivalsEnd?.();
  const drainUntil = performance.now() + (options.drainSeconds ?? 30) * 1000;
  while ((outstanding > 0 || queued.length > 0) && performance.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 20));
  stopped = true;
  result.failed += outstanding + queued.length;
  for (const connection of all) connection.socket.destroy();
  return result;
}
