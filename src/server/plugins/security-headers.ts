import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';

/** Strict CSP: no inline script anywhere; Mantine needs inline style attributes only. */
const options: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // What browsers without CSP level 2 read instead of frame-ancestors 'none': never framed at all.
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers Helmet sets for these options. They depend on nothing in the request (no CSP
 * nonces), yet @fastify/helmet rebuilds Helmet's middleware, parsing every CSP directive, on each
 * request: 8% of the server's CPU on a small JSON route (bench/README.md). So they are read once
 * from a probe instance with @fastify/helmet registered, and set by one hook.
 */
async function helmetHeaders(): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    const { headers } = await probe.inject({ url: '/' });
    await probe.close();
    return headers;
  };
  const plain = await answer(false);
  const secured = await answer(true);
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name, value]) => plain[name] === undefined && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}

export default fp(
  async (app) => {
    const headers = await helmetHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
