import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ResolvedContent } from '#shared/api/site-content.ts';
import { defaultLanguage, languages, pathIn } from '#shared/i18n/languages.ts';
import { publicPages, staffPages } from '#shared/routes.ts';
import { isSameSitePath } from '#shared/rules/same-site-path.ts';
import { preferredLanguage } from '../i18n/preferred-language.ts';
import { fromProjectRoot } from '../project-root.ts';
import { createServerRender, loadRenderPage, type PublicPage } from './server-render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET no route took: the "Page not found" page, or a redirect to the bare address. */
    serveClient(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
    /** A public page rendered with unpublished content; null when there is no built renderer. */
    renderPreview(
      request: FastifyRequest,
      pathname: string,
      content: ResolvedContent,
    ): Promise<PublicPage | null>;
  }
}

export const clientDir = fromProjectRoot('dist', 'client');

/** Where the pages come from: the build (`npm start`) or, while developing, Vite (src/server/dev). */
interface ClientSource {
  /** The staff app's HTML, or null before a build. */
  staffApp(): Promise<string | null>;
  /** Renders a public page (null when that fails), or null before a build. */
  renderPublicPage: ((request: FastifyRequest, known: boolean) => Promise<PublicPage | null>) | null;
  /** Renders a public page with unpublished content, for a preview; absent before a build. */
  renderPreview?: (
    request: FastifyRequest,
    pathname: string,
    content: ResolvedContent,
  ) => Promise<PublicPage | null>;
  /** What an HTML answer needs beyond the build's, while developing. */
  prepareHtml?(reply: FastifyReply): void;
}

export type ClientSourceFactory = (app: FastifyInstance) => Promise<ClientSource>;

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
 * The built client: hashed assets cached for a year, public pages rendered on the server
 * (server-render.ts) and index.html, the staff app, for staff pages.
 */
const builtClient: ClientSourceFactory = async (app) => {
  const indexHtml = readBuilt('index.html');
  const pageHtml = readBuilt('page.html');
  const renderPage = pageHtml === null ? null : await loadRenderPage();
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts); send those when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const render = renderPage && pageHtml !== null ? createServerRender(app, pageHtml, renderPage) : null;
  return {
    staffApp: async () => indexHtml,
    renderPublicPage: render?.serve ?? null,
    renderPreview: render?.preview,
  };
};

/** A page's path and the other spellings that lead to it: a trailing slash, or none below a `*`. */
const spellings = (pagePath: string) => {
  if (pagePath.endsWith('/*')) return [pagePath.slice(0, -2), pagePath];
  return pagePath.endsWith('/') ? [pagePath] : [pagePath, `${pagePath}/`];
};

/**
 * Serves the pages: a route for each public page in each language (src/shared/routes.ts), rendered
 * on the server, and for each staff page, which the staff app renders in the browser (English only).
 */
export default fp<{ source?: ClientSourceFactory }>(
  async (app, { source = builtClient }) => {
    const client = await source(app);

    const sendHtml = (reply: FastifyReply, status: number, cacheControl: string, html: string) => {
      client.prepareHtml?.(reply);
      return reply
        .code(status)
        .header('cache-control', cacheControl)
        .type('text/html; charset=utf-8')
        .send(html);
    };

    async function renderPublic(request: FastifyRequest, reply: FastifyReply, known: boolean) {
      if (client.renderPublicPage === null) return reply.code(503).type('text/plain').send(NOT_BUILT);
      const page = await client.renderPublicPage(request, known);
      if (page === null) return sendHtml(reply, 500, 'no-store', RENDER_FAILED);
      return sendHtml(reply, page.status, page.cacheControl, page.html);
    }

    // A parameter left empty (`/info/`) names no page: "Page not found", as any other address gets.
    const servePublicPage = (request: FastifyRequest, reply: FastifyReply) =>
      renderPublic(request, reply, Object.values(request.params as Record<string, string>).every(Boolean));
    // Only a bare `/` follows the visitor's language; every other address says its own.
    const serveBareHome = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('vary', 'Cookie, Accept-Language');
      const preferred = preferredLanguage(request.headers);
      const { search } = new URL(request.url, 'http://localhost');
      if (preferred !== defaultLanguage) return reply.redirect(`${pathIn(preferred, '/')}${search}`, 302);
      return servePublicPage(request, reply);
    };

    // Pages are not part of the API: the OpenAPI document leaves them out.
    const page = { schema: { hide: true } };
    for (const pagePath of Object.values(publicPages)) {
      for (const language of languages) {
        for (const url of spellings(pathIn(language, pagePath))) {
          app.get(url, page, url === publicPages.home ? serveBareHome : servePublicPage);
        }
      }
    }
    // Staff pages are English only: under another language's prefix no route takes them.
    for (const pagePath of Object.values(staffPages)) {
      for (const url of spellings(pagePath)) {
        app.get(url, page, async (_request, reply) => {
          const html = await client.staffApp();
          if (html === null) return reply.code(503).type('text/plain').send(NOT_BUILT);
          return sendHtml(reply, 200, 'no-cache', html);
        });
      }
    }

    app.decorate(
      'renderPreview',
      async (request: FastifyRequest, pathname: string, content: ResolvedContent) =>
        client.renderPreview ? client.renderPreview(request, pathname, content) : null,
    );

    app.decorate('serveClient', async (request: FastifyRequest, reply: FastifyReply) => {
      const [pathname = '/', query] = request.url.split('?');
      // English has no prefix: `/en/verify` is `/verify`. A spelling that would lead off the site
      // without its prefix (`/en//host`, `/en/\host`) leads home instead.
      if (pathname === '/en' || pathname.startsWith('/en/')) {
        const bare = `${pathname.slice(3) || '/'}${query === undefined ? '' : `?${query}`}`;
        return reply.redirect(isSameSitePath(bare) ? bare : '/', 301);
      }
      return renderPublic(request, reply, false);
    });
  },
  { name: 'client' },
);
