/**
 * Every page's address: the one list the server registers its page routes from and the routers
 * make their routes from. A path is written as both Fastify and React Router read it: `:name` is a
 * parameter, a final `*` everything below. Any other address gets the "Page not found" page and a 404.
 */

/** Public pages, rendered by the server in every language (`/verify`, `/zh-Hans/verify`). */
export const publicPages = {
  home: '/',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  security: '/security',
  'supported-browsers': '/supported-browsers',
  'e-services': '/e-services',
  courses: '/courses',
  careers: '/careers',
  resources: '/resources',
  faq: '/faq',
  contact: '/contact',
  search: '/search',
  verify: '/verify',
  'verify-credential': '/verify-credential',
  info: '/info/:id',
} as const satisfies Record<string, `/${string}`>;

/** Staff pages, in English only, served by the staff app in the browser; the dashboard routes its own. */
export const staffPages = {
  login: '/login',
  setup: '/setup',
  'reset-password': '/reset-password',
  dashboard: '/dashboard/*',
} as const satisfies Record<string, `/${string}`>;

export type PublicPageName = keyof typeof publicPages;
export type StaffPageName = keyof typeof staffPages;

/** A page's path as a child of the routers' root writes it: `about`, `info/:id`, `dashboard`. */
export const childPath = (path: string) => path.slice(1).replace(/\/?\*$/, '');
