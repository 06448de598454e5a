import type { FastifyServerOptions } from 'fastify';

/**
 * pino options: request logs carry method, path and status only; query strings, bodies and
 * headers that could hold personal data (names, identification numbers, cookies) are never logged.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
