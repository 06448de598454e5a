import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defaultLanguage, languageOfPath, pathIn, withoutLanguage } from '#shared/i18n/languages.ts';
import { isClientRoute, isStaffPage } from '#shared/routes.ts';
import { isSameSitePath } from '#shared/rules/same-site-path.ts';
import type { ResolvedContent } from '../features/content/load-content.ts';
import { preferredLanguage } from '../i18n/preferred-language.ts';
import { createServerRender, loadRenderPage, type PublicPage } from './server-render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    serveClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
    /** A public page rendered with unpublished content; null when there is no built renderer. */
    renderPreview(
      request: FastifyRequest,
      pathname: string,
      content: ResolvedContent,
    ): Promise<PublicPage | null>;
  }
}

export const clientDir = fileURLToPath(new URL('../../../dist/client', import.meta.url));

const NOT_BUILT = 'The client is not built. Run `npm run build`.';

// Plain words without a script: the page could not be made, and trying again may help.
const RENDER_FAILED =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page unavailable</title></head>' +
  '<body><main><h1>This page could not be loaded</h1><p>The service is not available right now. ' +
  'Please try again later.</p><p><a href="/">Go to the home page</a></p></main></body></html>';

const readBuilt = (file: string) => {
  const built = path.join(clientDir, file);
  return fs.existsSync(built) ? fs.readFileSync(built, 'utf8') : null;
};

/**
 * Serves the built client: hashed assets cached for a year, public pages rendered on the server
 * (server-render.ts) and index.html, the staff app, for staff pages.
 */
export default fp(
  async (app) => {
    const indexHtml = readBuilt('index.html');
    const pageHtml = readBuilt('page.html');
    const renderPage = pageHtml === null ? null : await loadRenderPage();
    const serverRender =
      renderPage && pageHtml !== null ? createServerRender(app, pageHtml, renderPage) : null;

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

    const sendHtml = (reply: FastifyReply, status: number, cacheControl: string, html: string) =>
      reply.code(status).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(html);

    app.decorate(
      'renderPreview',
      async (request: FastifyRequest, pathname: string, content: ResolvedContent) =>
        serverRender ? serverRender.preview(request, pathname, content) : null,
    );

    app.decorate('serveClient', async (request: FastifyRequest, reply: FastifyReply) => {
      const [pathname = '/', query] = request.url.split('?');
      const language = languageOfPath(pathname);
      const pagePath = withoutLanguage(pathname);
      const search = query === undefined ? '' : `?${query}`;
      // English has no prefix: `/en/verify` is `/verify`. A spelling that would lead off the site
      // without its prefix (`/en//host`, `/en/\host`) leads home instead.
      if (pathname === '/en' || pathname.startsWith('/en/')) {
        const bare = `${pathname.slice(3) || '/'}${search}`;
        return reply.redirect(isSameSitePath(bare) ? bare : '/', 301);
      }
      if (pathname === '/') {
        // Only a bare `/` follows the visitor's language; every other address says its own.
        reply.header('vary', 'Cookie, Accept-Language');
        const preferred = preferredLanguage(request.headers);
        if (preferred !== defaultLanguage) return reply.redirect(`${pathIn(preferred, '/')}${search}`, 302);
      }
      if (isStaffPage(pagePath)) {
        if (indexHtml === null) return reply.code(503).type('text/plain').send(NOT_BUILT);
        if (language === defaultLanguage) return sendHtml(reply, 200, 'no-cache', indexHtml);
      }
      if (serverRender === null) return reply.code(503).type('text/plain').send(NOT_BUILT);
      // Staff pages are English only: under another language's prefix they are not pages.
      const known = isClientRoute(pagePath) && !isStaffPage(pagePath);
      const page = await serverRender.serve(request, known);
      if (page === null) return sendHtml(reply, 500, 'no-store', RENDER_FAILED);
      return sendHtml(reply, page.status, page.cacheControl, page.html);
    });
  },
  { name: 'client' },
);
