import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedContent } from '#shared/api/site-content.ts';
import { type Language, languageOfPath, languages, pathIn, withoutLanguage } from '#shared/i18n/languages.ts';
import { recordIdOfUrl } from '#shared/record-page.ts';
import type { RenderPage } from '#shared/rendered-page.ts';
import { type FontStylesheets, fontStylesheetsFor } from '../i18n/font-stylesheets.ts';
import { languageQuery } from '../i18n/language-query.ts';
import { fromProjectRoot } from '../project-root.ts';

const renderModule = fromProjectRoot('dist', 'render', 'entry-server.js');

/** The public-page renderer the build made (`vite build --ssr`), or null when there is none. */
export async function loadRenderPage(): Promise<RenderPage | null> {
  if (!fs.existsSync(renderModule)) return null;
  const { renderPage } = (await import(pathToFileURL(renderModule).href)) as { renderPage: RenderPage };
  return renderPage;
}

/** A rendering of a page that is the same for everyone is kept this long (the footer's year). */
const KEEP_MS = 10 * 60_000;

// React puts a page's <title>, <meta> and <link> tags first in what it renders; they belong in <head>.
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<(?:link|meta)\b[^>]*>)*/;
const TITLE = /<title>[\s\S]*?<\/title>/;
const PAGE = '<div id="page"></div>';

/**
 * The page's language for screen readers, and its address in every language for search engines
 * (`x-default`: the English one, for a visitor whose language the site does not speak); the web
 * font of a language whose script a device may lack.
 */
function languageTags(url: URL, publicUrl: string, fontStylesheets: FontStylesheets) {
  const language = languageOfPath(url.pathname);
  const page = withoutLanguage(url.pathname);
  const address = (l: Language) =>
    `${publicUrl}${pathIn(l, page)}${url.search}`.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const alternates = languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${address(l)}">`);
  const head = [...alternates, `<link rel="alternate" hreflang="x-default" href="${address('en')}">`];
  return { language, head: head.join('') + fontStylesheets(language) };
}

/** The built page.html with the rendered page in its body and the page's title in its head. */
function fillTemplate(template: string, rendered: string, tags: { language: Language; head: string }) {
  let hoisted = HOISTED.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(hoisted.length);
  let html = template;
  const title = TITLE.exec(hoisted)?.[0];
  if (title) {
    html = html.replace(TITLE, () => title);
    hoisted = hoisted.replace(title, '');
  }
  return html
    .replace('<html lang="en"', () => `<html lang="${tags.language}"`)
    .replace('</head>', () => `${tags.head}${hoisted}</head>`)
    .replace(PAGE, () => body);
}

export interface PublicPage {
  html: string;
  status: number;
  cacheControl: string;
}

/** Pages that show only the site's configured content; a record page or a search shows more. */
const sameForEveryone = (pathname: string) => !/^\/(info|search)(\/|$)/.test(withoutLanguage(pathname));
const isRecordPage = (pathname: string) => recordIdOfUrl(withoutLanguage(pathname)) !== null;

/**
 * Renders public pages on the server: complete HTML, in which only the islands respond once their
 * scripts have run (src/client/islands). The data comes from the server's own API, asked
 * in-process as the browser would ask it. A page that is the same for everyone is kept for a while;
 * a record page, like its API answer, is not stored anywhere. Null when the render fails.
 */
export function createServerRender(
  app: FastifyInstance,
  template: string,
  renderPage: RenderPage,
  fontStylesheets: FontStylesheets = fontStylesheetsFor,
) {
  const kept = new Map<string, { page: PublicPage; until: number }>();

  const fetchApi = (request: FastifyRequest) => async (path: string, init?: RequestInit) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: path,
      remoteAddress: request.ip,
    });
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

  async function render(
    request: FastifyRequest,
    url: URL,
    known: boolean,
    fetch = fetchApi(request),
  ): Promise<PublicPage | null> {
    const rendered = await renderPage(url.href, fetch);
    if (!rendered) return null;
    return {
      html: fillTemplate(template, rendered.html, languageTags(url, app.config.publicUrl, fontStylesheets)),
      status: known ? rendered.status : 404,
      cacheControl: isRecordPage(url.pathname) ? 'no-store' : 'no-cache',
    };
  }

  /** `known`: a path of a public page; any other path is answered with the "Page not found" page. */
  const serve = async (request: FastifyRequest, known: boolean): Promise<PublicPage | null> => {
    const url = new URL(request.url, 'http://localhost');
    // Only known pages without a query are kept: the set of such keys is small and fixed. The
    // content's version is part of the key, so a publish is served at once.
    const key =
      known && url.search === '' && sameForEveryone(url.pathname)
        ? `${app.content.version}${url.pathname}`
        : null;
    const hit = key ? kept.get(key) : undefined;
    if (hit && hit.until > Date.now()) return hit.page;
    try {
      const page = await render(request, url, known);
      if (page && key && page.status === 200) kept.set(key, { page, until: Date.now() + KEEP_MS });
      return page;
    } catch (error) {
      request.log.error({ err: error }, 'server render failed');
      return null;
    }
  };

  /**
   * A page as it would look with `content` published: the page's questions about its content and
   * brand are answered from `content`, every other question as usual. Never kept.
   */
  const preview = (request: FastifyRequest, pathname: string, content: ResolvedContent) => {
    const published = fetchApi(request);
    const fetch = async (path: string, init?: RequestInit) => {
      const address = new URL(path, 'http://localhost');
      const lang = languageQuery.safeParse(Object.fromEntries(address.searchParams)).data?.lang ?? 'en';
      const page = /^\/api\/content\/([^/]+)$/.exec(address.pathname)?.[1];
      const drafted = content.inLanguage(lang);
      if (page && page in drafted.pages)
        return Response.json(drafted.pages[page as keyof typeof drafted.pages]);
      const answer = await published(path, init);
      if (address.pathname !== '/api/site' || !answer.ok) return answer;
      return Response.json({ ...(await answer.json()), ...drafted.site });
    };
    return render(request, new URL(pathname, 'http://localhost'), true, fetch);
  };

  return { serve, preview };
}
