import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Where log lines are written: stdout by default. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * pino options: request logs carry method, path and status only; query strings, bodies and
 * headers that could hold personal data (names, identification numbers, cookies) are never logged.
 */
export function loggerOptions(level: string, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      req: (req) => ({ method: req.method, path: String(req.url).split('?')[0], reqId: req.id }),
      res: (res) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({
        type: err.name,
        code: err.code,
        message: err.message,
        stack: err.stack ?? '',
      }),
    },
  };
}

/**
 * One log line per request, written when its answer has gone: method, path, status and time.
 * Fastify's default writes two ("incoming request", then "request completed"), twice the log
 * writes for no more information.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Load shedding logs its refusals as one line a while: a line each would cost a surge its CPU.
    if (this.isLogDisabled(request) || request.shed) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
