// `npm run dev`: the whole portal on PORT from the sources. Vite, inside the server, serves the
// browser's modules and renders the public pages on the server; an edit to a page, an island or a
// style shows on reload (Vite's client updates an open staff page itself), and an edit to server
// code restarts the server.
import 'dotenv/config';
import http from 'node:http';
import { createServer } from 'vite';
import { serve } from '../serve.ts';
import { vitePages } from './vite-pages.ts';

// No load balancer watches a developer's server: a restart after an edit need not drain first.
process.env.SHUTDOWN_DRAIN_SECONDS ??= '0';

const httpServer = http.createServer();
const vite = await createServer({
  // Its HMR socket shares the server's port; cross-origin requests stay the API's own business.
  server: { middlewareMode: true, ws: { server: httpServer }, cors: false },
  appType: 'custom',
});

serve({
  client: vitePages(vite),
  // Vite answers the requests for its modules, styles and public files; every other goes on.
  serverFactory: (handler) =>
    httpServer.on('request', (request, response) =>
      vite.middlewares(request, response, () => handler(request, response)),
    ),
});
