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
 * The headers Helmet sets for these options, read once from a throw-away instance with
 * @fastify/helmet registered: they depend on nothing in the request, and building them on every
 * request is costly (docs/decisions/0008).
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
