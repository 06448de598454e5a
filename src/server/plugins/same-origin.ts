import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own pages: a browser sends Origin on every cross-site
 * POST, and a session cookie must not be usable from another site (CSRF). Requests without Origin
 * (curl, server-to-server) carry no ambient browser cookie and pass. Every route that matched is
 * judged, whatever the spelling of its path; a request that matched none changes nothing.
 */
export default fp(
  async (app) => {
    const { trustedOrigins } = app.config;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.is404) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if (origin === undefined) {
        if (fetchSite === 'cross-site') throw crossSite();
        return;
      }
      const sameHost = safeHost(origin) === request.headers.host;
      if (!trustedOrigins.includes(origin) && !sameHost) throw crossSite();
    });
  },
  { name: 'same-origin', dependencies: ['core'] },
);

const crossSite = () => new AppError(403, 'Cross-site requests are not allowed.', 'FORBIDDEN');

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
