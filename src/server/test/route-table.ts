import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { withoutLanguage } from '#shared/i18n/languages.ts';
import { publicPages, staffPages } from '#shared/routes.ts';
import type { RouteEntry } from '../app.ts';
import { clientDir } from '../plugins/client.ts';

/**
 * The only routes that may answer without a session. Written out one by one on purpose: a new
 * route that is not registered inside the staff scope fails the guard test until it is added here.
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/site',
  'GET /api/content/:name',
  'GET /api/search',
  'GET /.well-known/security.txt',
  'POST /api/contact',
  'POST /api/feedback',
  'POST /api/verifier-applications',
  'GET /api/verifier-reports/:id',
  'GET /api/verify/challenge',
  'POST /api/verify',
  'GET /api/certificates/:id',
  'GET /api/certificates/:id/qr.png',
  'GET /api/certificates/:id/credential',
  'GET /api/certificates/:id/e-cert.pdf',
  'GET /.well-known/did.json',
  'GET /status/:list',
  'POST /api/credentials/verify',
  'POST /api/credentials/check-fin',
  'POST /api/certificates/:id/wallet-claims',
  'GET /api/wallet/interactions/:id',
  'GET /api/wallet/interactions/:id/qr.png',
  'POST /api/wallet/exchanges/:id',
  'GET /files/:key',
  'GET /brand-images/:key',
  'GET /api/setup',
  'POST /api/setup',
  'POST /api/password-reset/check',
  'POST /api/password-reset',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
  'POST /api/auth/change-password',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
  'POST /api/auth/sign-in/social',
  'GET /api/auth/callback/oidc',
  'GET /api/sign-in-options',
  // Answers only the signed-in user's own state, and 401 without a session (sign-in-options).
  'GET /api/sign-in-options/mine',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

/**
 * Routes only an administrator may use; each must also be marked `config.role: 'admin'`. What an
 * API key may call is its own table, API_KEY_ROUTES (auth/key-access.ts).
 */
export const ADMIN_ROUTES = new Set([
  'GET /api/users',
  'POST /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/users/:id/password-reset-link',
  'POST /api/people/:id/restore',
  'POST /api/people/:id/reinstate',
  'GET /api/trash',
  'POST /api/renewals/:id/restore',
  'GET /api/api-keys',
  'POST /api/api-keys',
  'DELETE /api/api-keys/:id',
  'POST /api/backup',
]);

/**
 * The content editing routes (pages, brand, translations, the e-Cert's design): administrators and
 * editors, each marked `config.role: 'content'`. An editor's session reaches these and no others.
 */
export const CONTENT_ROUTES = new Set([
  'GET /api/content-editor',
  'GET /api/content-editor/files/:language/:name',
  'PUT /api/content-editor/files/:language/:name',
  'DELETE /api/content-editor/files/:language/:name',
  'GET /api/content-editor/preview',
  'GET /api/content-editor/e-cert-preview.pdf',
  'POST /api/content-editor/publish',
  'GET /api/content-editor/versions',
  'GET /api/content-editor/versions/:version',
  'POST /api/content-editor/versions/:version/restore',
  'GET /api/content-editor/reviews',
  'POST /api/content-editor/reviews/:language/:name',
  'GET /api/content-editor/export.zip',
  'POST /api/content-editor/import',
  'POST /api/content-editor/images',
]);

/**
 * The verifier area's routes: a verifier's session only, refused to staff sessions and staff keys
 * (features/verifiers/verifier-api.ts). Every other guarded route refuses a verifier's session.
 */
export const VERIFIER_ROUTES = new Set([
  'GET /api/verifier/account',
  'POST /api/verifier/check',
  'GET /api/verifier/api-keys',
  'POST /api/verifier/api-keys',
  'DELETE /api/verifier/api-keys/:id',
  'POST /api/verifier/checks',
  'POST /api/verifier/checks/upload',
  'GET /api/verifier/reports/:id/report.pdf',
]);

// HEAD is answered by the GET route's handler and hooks, so it is as public as its GET.
export const routeKey = ({ method, url }: RouteEntry) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** A file of the built client, served by @fastify/static: public by nature. */
export const isClientFile = ({ method, url }: RouteEntry) =>
  (method === 'GET' || method === 'HEAD') &&
  !url.includes(':') &&
  !url.includes('*') &&
  fs.statSync(path.join(clientDir, url), { throwIfNoEntry: false })?.isFile() === true;

/**
 * Routes guarded by a token of their own instead of a staff session (a scraper has no session): not
 * public, so each has a test that it refuses without its token (features/metrics/metrics.test.ts).
 */
export const TOKEN_ROUTES = new Set(['GET /metrics']);

const pagePaths = new Set<string>([...Object.values(publicPages), ...Object.values(staffPages)]);

/**
 * A page's route, in any language and spelling (src/shared/routes.ts): its HTML is for anyone, and
 * what a staff page shows comes from the guarded API.
 */
export const isPageRoute = ({ method, url }: RouteEntry) => {
  const page = withoutLanguage(url).replace(/(.)\/$/, '$1');
  return (method === 'GET' || method === 'HEAD') && (pagePaths.has(page) || pagePaths.has(`${page}/*`));
};

export const isPublic = (route: RouteEntry) =>
  PUBLIC_ROUTES.has(routeKey(route)) ||
  TOKEN_ROUTES.has(routeKey(route)) ||
  isClientFile(route) ||
  isPageRoute(route);

/** A request for the route: path parameters filled with a random id, `{}` as a JSON body. */
export const requestFor = (
  { method, url }: RouteEntry,
  headers: Record<string, string> = {},
): InjectOptions => ({
  method: method as InjectOptions['method'],
  url: url.replace(/:[A-Za-z]+/g, randomUUID()).replace('*', 'anything'),
  headers: { origin: 'http://localhost:3000', ...headers },
  ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: {} } : {}),
});
