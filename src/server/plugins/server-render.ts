import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderedPage, RenderPage } from '#shared/server-state.ts';
import type { LandingPage } from './page-preloads.ts';

const renderModule = fileURLToPath(new URL('../../../dist/render/entry-server.js', import.meta.url));

/** The landing-page renderer the build made (`vite build --ssr`), or null when there is none. */
export async function loadRenderPage(): Promise<RenderPage | null> {
  if (!fs.existsSync(renderModule)) return null;
  const { renderPage } = (await import(pathToFileURL(renderModule).href)) as { renderPage: RenderPage };
  return renderPage;
}

/** A rendering of a page that is the same for everyone is kept this long (the footer's year). */
const KEEP_MS = 10 * 60_000;

// React puts a page's <title> and preload links first in what it renders; they belong in <head>.
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<(?:link|meta)\b[^>]*>)*/;
const TITLE = /<title>[\s\S]*?<\/title>/;

/** JSON inside <script>: no "<" at all, so nothing in the data can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const MODULE_TAG =
  /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page shows without its scripts, which only make it respond: their tags give way to
 * public/start-after-paint.js, which fetches the same modules once the page has painted. Fetched
 * at once, they held up the first paint while the browser compiled them (and Lighthouse, which
 * counts every request finished before that paint, put it after their download: 2.4 s).
 */
function startScriptsAfterPaint(html: string, evaluateFirst: string[]) {
  const modules: string[] = [];
  const withoutModules = html.replace(MODULE_TAG, (_, entry?: string, imported?: string) => {
    if (entry) modules.unshift(entry);
    else if (imported) modules.push(imported);
    return '';
  });
  const starter =
    `<script src="/start-after-paint.js" defer data-modules="${modules.join(' ')}" ` +
    `data-evaluate-first="${evaluateFirst.join(' ')}"></script>`;
  return withoutModules.replace('</head>', () => `${starter}</head>`);
}

/** The entry's own static imports, which index.html preloads: the chunks evaluated before it. */
const entryImports = (template: string) =>
  [...template.matchAll(MODULE_TAG)].flatMap(([, , imported]) => (imported ? [imported] : []));

function fillTemplate(template: string, evaluateFirst: string[], page: LandingPage, rendered: RenderedPage) {
  let hoisted = HOISTED.exec(rendered.html)?.[0] ?? '';
  const body = rendered.html.slice(hoisted.length);
  let html = template;
  const title = TITLE.exec(hoisted)?.[0];
  if (title) {
    html = html.replace(TITLE, () => title);
    hoisted = hoisted.replace(title, '');
  }
  const state = `<script type="application/json" id="server-state">${scriptJson(rendered.state)}</script>`;
  return startScriptsAfterPaint(
    html.replace('</head>', () => `${page.moduleLinks}${hoisted}</head>`),
    evaluateFirst,
  ).replace('<div id="root"></div>', () => `<div id="root">${body}</div>${state}`);
}

/**
 * Renders landing pages on the server, so that a visitor sees the page before its scripts have
 * downloaded and run (Lighthouse mobile, /verify: first paint 2.3 s -> 0.9 s; see
 * docs/decisions/0005). The data comes from the server's own API, asked in-process as the browser
 * would have asked it, and goes into the page for the browser to take the page over with instead
 * of asking again. Null when the page cannot be rendered so (an API answer other than 200, or a
 * render that fails): the browser then renders it itself, as without this.
 */
export function createServerRender(app: FastifyInstance, template: string, renderPage: RenderPage) {
  const kept = new Map<string, { html: string; until: number }>();
  const evaluateFirst = entryImports(template);

  async function render(request: FastifyRequest, pathname: string, page: LandingPage) {
    const answers = await Promise.all(
      page.data.map(({ url }) => app.inject({ method: 'GET', url, remoteAddress: request.ip })),
    );
    if (answers.some((answer) => answer.statusCode !== 200)) return null;
    const data = page.data.map(({ queryKey }, i): [readonly unknown[], unknown] => [
      queryKey,
      answers[i]?.json(),
    ]);
    const rendered = await renderPage(`http://localhost${pathname}`, data);
    return rendered && fillTemplate(template, evaluateFirst, page, rendered);
  }

  return async (request: FastifyRequest, pathname: string, page: LandingPage): Promise<string | null> => {
    if (!page.renderable) return null;
    const hit = kept.get(pathname);
    if (hit && hit.until > Date.now()) return hit.html;
    try {
      const html = await render(request, pathname, page);
      if (html && page.sameForEveryone) kept.set(pathname, { html, until: Date.now() + KEEP_MS });
      return html;
    } catch (error) {
      request.log.error({ err: error }, 'server render failed; the browser renders the page');
      return null;
    }
  };
}
