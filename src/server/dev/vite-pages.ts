import fs from 'node:fs/promises';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { RenderPage } from '#shared/rendered-page.ts';
import { sourceFontStylesheetsFor } from '../i18n/font-stylesheets.ts';
import type { ClientSourceFactory } from '../plugins/client.ts';
import { createServerRender } from '../plugins/server-render.ts';

/**
 * The pages from the sources through Vite, for `npm run dev`: each request reads the HTML and loads
 * the page renderer (entry-server.tsx) anew, and keeps no rendering, so an edit shows on reload.
 */
export const vitePages =
  (vite: ViteDevServer): ClientSourceFactory =>
  async (app) => {
    app.addHook('onClose', () => vite.close());
    // Vite adds its client and React Refresh's preamble, whose addresses are relative to the file.
    const html = async (file: string) =>
      vite.transformIndexHtml(`/${file}`, await fs.readFile(path.join(vite.config.root, file), 'utf8'));
    const renderPage: RenderPage = async (url, fetchApi) => {
      try {
        const entry = (await vite.ssrLoadModule('/entry-server.tsx')) as { renderPage: RenderPage };
        return await entry.renderPage(url, fetchApi);
      } catch (error) {
        // The logged stack then names the lines of the sources, not of Vite's transformed code.
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
    };
    const render = async () =>
      createServerRender(app, await html('page.html'), renderPage, sourceFontStylesheetsFor);
    return {
      staffApp: () => html('index.html'),
      renderPublicPage: async (request, known) => (await render()).serve(request, known),
      renderPreview: async (request, pathname, content) =>
        (await render()).preview(request, pathname, content),
      // React Refresh's preamble is an inline script, which the pages' policy refuses elsewhere.
      prepareHtml: (reply) => {
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        reply.header(
          'content-security-policy',
          policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        );
      },
    };
  };
