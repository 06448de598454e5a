import type { LazyRouteFunction, RouteObject } from 'react-router';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { siteQuery } from '#client/lib/site-query.ts';
import { childPath, type PublicPageName, publicPages } from '#shared/routes.ts';
import { RouteError } from './route-error.tsx';

const article = (name: 'about' | 'privacy' | 'terms' | 'security' | 'supported-browsers') => async () =>
  (await import('./routes/article.tsx')).articleRoute(name);

const cards = (name: 'courses' | 'careers') => async () =>
  (await import('./routes/cards.tsx')).cardsRoute(name);

/** Each public page's code, fetched when the page is rendered; a page missing here does not compile. */
const pageModules: Record<PublicPageName, LazyRouteFunction<RouteObject>> = {
  home: () => import('./routes/home.tsx'),
  about: article('about'),
  privacy: article('privacy'),
  terms: article('terms'),
  security: article('security'),
  'supported-browsers': article('supported-browsers'),
  'e-services': () => import('./routes/e-services.tsx'),
  courses: cards('courses'),
  careers: cards('careers'),
  resources: () => import('./routes/resources.tsx'),
  faq: () => import('./routes/faq.tsx'),
  contact: () => import('./routes/contact.tsx'),
  search: () => import('./routes/search.tsx'),
  verify: () => import('./routes/verify.tsx'),
  'verify-credential': () => import('./routes/verify-credential.tsx'),
  info: () => import('./routes/info.tsx'),
};

const pages: RouteObject[] = Object.entries(publicPages).map(([name, path]) => {
  const lazy = pageModules[name as PublicPageName];
  return path === '/' ? { index: true, lazy } : { path: childPath(path), lazy };
});

/**
 * The public pages, which the server renders (entry-server.tsx): complete HTML in which only the
 * islands respond. They lead to each other by ordinary links.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: 'root',
    loader: () => queryClient.ensureQueryData(siteQuery()),
    errorElement: <RouteError />,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            errorElement: <RouteError />,
            children: [...pages, { path: '*', lazy: () => import('./routes/not-found.tsx') }],
          },
        ],
      },
    ],
  },
];
