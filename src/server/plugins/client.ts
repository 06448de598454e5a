import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '#shared/routes.ts';
import { createLandingPages, createPagePreloads } from './page-preloads.ts';
import { createServerRender, loadRenderPage } from './server-render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    serveClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export const clientDir = fileURLToPath(new URL('../../../dist/client', import.meta.url));

/**
 * Serves the built client: hashed assets cached for a year, index.html for every client route, and
 * the landing pages rendered on the server when the renderer is built (server-render.ts).
 */
export default fp(
  async (app) => {
    const indexFile = path.join(clientDir, 'index.html');
    const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
    const landingPage = createLandingPages(clientDir);
    const pageHtml = indexHtml === null ? null : createPagePreloads(landingPage, indexHtml);
    const renderPage = indexHtml === null ? null : await loadRenderPage();
    const serverRender =
      renderPage && indexHtml !== null ? createServerRender(app, indexHtml, renderPage) : null;

    if (indexHtml !== null) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (vite.config.ts); send those when accepted.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    app.decorate('serveClient', async (request: FastifyRequest, reply: FastifyReply) => {
      if (pageHtml === null) {
        return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build`.');
      }
      const pathname = request.url.split('?')[0] ?? '/';
      const known = isClientRoute(pathname);
      const page = known ? landingPage(pathname) : null;
      const rendered = page && serverRender ? await serverRender(request, pathname, page) : null;
      if (rendered !== null) {
        // A record page carries the record: like its API answer, it is not stored anywhere.
        const cacheControl = page?.sameForEveryone ? 'no-cache' : 'no-store';
        return reply.header('cache-control', cacheControl).type('text/html; charset=utf-8').send(rendered);
      }
      return reply
        .code(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(known ? pathname : ''));
    });
  },
  { name: 'client' },
);
