import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiMacros } from './vite-lingui-macros.ts';

/**
 * Writes `.br` and `.gz` beside every emitted script, style sheet and SVG, which the server sends
 * (`preCompressed` in src/server/plugins/client.ts) to browsers that accept them: the first
 * paint's ~850 kB of JS and CSS becomes ~230 kB on the wire, the largest Lighthouse saving.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName) || !options.dir) continue;
        const file = path.join(options.dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * In the server's code (entry-server.tsx, built or loaded by the dev server), page code gets the
 * render it runs for: its own cache instead of the browser's one cache, the API in-process instead
 * of over HTTP, and its language.
 */
function serverRenderModules(): Plugin {
  const serverModules: Record<string, string> = {
    '#client/lib/query-client.ts': 'src/client/lib/query-client.server.ts',
    '#client/lib/api-transport.ts': 'src/client/lib/api-transport.server.ts',
    '#client/lib/page-language.ts': 'src/client/lib/page-language.server.ts',
  };
  return {
    name: 'server-render-modules',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.config.consumer !== 'server') return null;
      const serverModule = serverModules[source];
      return serverModule ? path.resolve(serverModule) : null;
    },
  };
}

// `vite build` builds the browser's code: the staff app (index.html) and the islands of public
// pages (page.html); `vite build --ssr entry-server.tsx` the server's renderer of public pages
// (src/server/plugins/client.ts), into dist/render. `npm run dev` serves both from the sources
// (src/server/dev/main.ts).
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'src/client',
        publicDir: false,
        plugins: [linguiMacros(), react(), serverRenderModules()],
        build: { outDir: '../../dist/render', emptyOutDir: true },
      }
    : {
        root: 'src/client',
        publicDir: '../../public',
        plugins: [linguiMacros(), react(), serverRenderModules(), precompress()],
        build: {
          outDir: '../../dist/client',
          emptyOutDir: true,
          // A small font slice would be inlined as a data: URL, which the pages' CSP (font-src 'self') refuses.
          assetsInlineLimit: (file) => (/\.woff2$/.test(file) ? false : undefined),
          // dist/client/.vite/manifest.json: the chunk graph the bench reads to size each page's scripts.
          manifest: true,
          rolldownOptions: {
            input: {
              index: path.resolve('src/client/index.html'),
              page: path.resolve('src/client/page.html'),
              // Web fonts that only pages in Chinese or Tamil link (src/server/i18n/font-stylesheets.ts).
              'fonts-zh-hans': path.resolve('src/client/app/fonts/zh-hans.css'),
              'fonts-ta': path.resolve('src/client/app/fonts/ta.css'),
            },
          },
        },
      },
);
