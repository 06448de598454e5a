import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * In the server's build (entry-server.tsx), route loaders get the cache of the render they run
 * for instead of the browser's one cache (src/client/lib/query-client.server.ts).
 */
function serverQueryClient(): Plugin {
  const browserModule = '#client/lib/query-client.ts';
  return {
    name: 'server-query-client',
    enforce: 'pre',
    apply: (_, env) => Boolean(env.isSsrBuild),
    resolveId: (source) =>
      source === browserModule ? path.resolve('src/client/lib/query-client.server.ts') : null,
  };
}

// `vite build` builds the browser's client; `vite build --ssr entry-server.tsx` the server's
// renderer of landing pages (src/server/plugins/client.ts), into dist/render.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'src/client',
        publicDir: false,
        plugins: [react(), serverQueryClient()],
        build: { outDir: '../../dist/render', emptyOutDir: true },
      }
    : {
        root: 'src/client',
        publicDir: '../../public',
        plugins: [react(), precompress()],
        build: {
          outDir: '../../dist/client',
          emptyOutDir: true,
          // dist/client/.vite/manifest.json: chunk graph the bench reads to size each page's first paint.
          manifest: true,
          rolldownOptions: {
            output: {
              // Keep the UI kit and React in their own long-cached chunks. Only what the first page
              // needs ('$initial'): staff-only components and charts stay in the dashboard's lazy chunks.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    tags: ['$initial'],
                  },
                  // Apart from React, so that each is evaluated in a task of its own (~10 ms each on a
                  // 2-core host, see public/start-after-paint.js).
                  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, tags: ['$initial'] },
                  // The UI kit in two chunks for the same reason: its styles system, which its
                  // components import and which imports none of them, then the components.
                  {
                    name: 'mantine-base',
                    test: /node_modules[\\/]@mantine[\\/](hooks|core[\\/]esm[\\/]core)[\\/]/,
                    tags: ['$initial'],
                  },
                  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
                ],
              },
            },
          },
        },
        server: { proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' } },
      },
);
