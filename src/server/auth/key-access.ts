import type { ApiKeyScope } from '#shared/api/api-keys.ts';

const read = (...routes: string[]) => routes.map((route) => [route, 'read'] as const);
const write = (...routes: string[]) => routes.map((route) => [route, 'write'] as const);

/**
 * The staff routes an API key may call, by method and matched route, and the scope each needs.
 * Every route not listed (users, keys, audit, messages, statistics, trash, admin actions, and any
 * route added later) refuses keys: a key gets what is written here, nothing by default.
 */
export const API_KEY_ROUTES: ReadonlyMap<string, ApiKeyScope> = new Map([
  ...read(
    'GET /api/people',
    'GET /api/people/:id',
    'GET /api/people/:id/e-cert.pdf',
    'GET /api/people/courses',
    'GET /api/images',
    'GET /api/people/export.csv',
    // An export whose filter is too long for a URL: a read sent as POST.
    'POST /api/people/export.csv',
    'GET /api/renewals',
    'GET /api/renewals/:id',
    'GET /api/renewals/export.csv',
    'GET /api/imports/template.csv',
    'GET /api/imports/:id',
    'GET /api/imports/:id/errors.csv',
    'GET /api/renewals/imports/template.csv',
    'GET /api/renewals/imports/:id',
    'GET /api/renewals/imports/:id/errors.csv',
  ),
  ...write(
    'POST /api/people',
    'PATCH /api/people/:id',
    'DELETE /api/people/:id',
    'POST /api/people/:id/undo-delete',
    'POST /api/people/bulk/delete',
    'POST /api/people/:id/revoke',
    'POST /api/people/bulk/revoke',
    'POST /api/renewals',
    'PATCH /api/renewals/:id',
    'DELETE /api/renewals/:id',
    'POST /api/renewals/:id/undo-delete',
    'POST /api/imports',
    'POST /api/imports/:id/commit',
    'POST /api/renewals/imports',
    'POST /api/renewals/imports/:id/commit',
  ),
]);

/** The scope a key needs for a request's matched route, or null when keys may not use it. */
export function scopeNeeded(method: string, routeUrl: string | undefined): ApiKeyScope | null {
  // HEAD runs the GET route's handler, so it needs what GET needs.
  return API_KEY_ROUTES.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`) ?? null;
}

/** Whether a key of `scope` may do what needs `needed`: write includes read. */
export const scopeAllows = (scope: ApiKeyScope, needed: ApiKeyScope) =>
  scope === 'write' || needed === 'read';
