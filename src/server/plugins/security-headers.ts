import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Strict CSP: no inline script anywhere; Mantine needs inline style attributes only. */
export default fp(
  async (app) => {
    await app.register(helmet, {
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
    });
  },
  { name: 'security-headers' },
);
