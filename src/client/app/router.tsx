import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { LoadingBar } from '#client/components/layout/loading-bar.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { siteQuery } from '#client/features/site/api/site-query.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { RouteError } from './route-error.tsx';

const article = (name: 'about' | 'privacy' | 'terms' | 'security' | 'supported-browsers') => ({
  path: name,
  lazy: async () => (await import('./routes/article.tsx')).articleRoute(name),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: () => queryClient.ensureQueryData(siteQuery()),
    errorElement: <RouteError />,
    // Shown on a first load while loaders run, e.g. while a dashboard page checks the session.
    HydrateFallback: LoadingBar,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('./routes/home.tsx') },
              article('about'),
              article('privacy'),
              article('terms'),
              article('security'),
              article('supported-browsers'),
              { path: 'e-services', lazy: () => import('./routes/e-services.tsx') },
              {
                path: 'courses',
                lazy: async () => (await import('./routes/cards.tsx')).cardsRoute('courses'),
              },
              {
                path: 'careers',
                lazy: async () => (await import('./routes/cards.tsx')).cardsRoute('careers'),
              },
              { path: 'resources', lazy: () => import('./routes/resources.tsx') },
              { path: 'faq', lazy: () => import('./routes/faq.tsx') },
              { path: 'contact', lazy: () => import('./routes/contact.tsx') },
              { path: 'search', lazy: () => import('./routes/search.tsx') },
              { path: 'verify', lazy: () => import('./routes/verify.tsx') },
              { path: 'verify-credential', lazy: () => import('./routes/verify-credential.tsx') },
              { path: 'info/:id', lazy: () => import('./routes/info.tsx') },
              { path: 'login', lazy: () => import('./routes/login.tsx') },
              { path: 'setup', lazy: () => import('./routes/setup.tsx') },
              { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
      {
        // Staff pages: their own layout and lazy chunks, so public pages never load their code.
        path: 'dashboard',
        lazy: () => import('./routes/dashboard/layout.tsx'),
        children: [
          {
            lazy: () => import('./routes/dashboard/error.tsx'),
            children: [
              { index: true, lazy: () => import('./routes/dashboard/index.tsx') },
              { path: 'add-people', lazy: () => import('./routes/dashboard/add-people.tsx') },
              { path: 'renew-form', lazy: () => import('./routes/dashboard/renew-form.tsx') },
              { path: 'peoples', lazy: () => import('./routes/dashboard/peoples.tsx') },
              { path: 'renew-peoples', lazy: () => import('./routes/dashboard/renew-peoples.tsx') },
              { path: 'updatepeople/:id', lazy: () => import('./routes/dashboard/update-people.tsx') },
              { path: 'renew-update/:id', lazy: () => import('./routes/dashboard/renew-update.tsx') },
              { path: 'images', lazy: () => import('./routes/dashboard/images.tsx') },
              {
                path: 'import',
                lazy: async () => (await import('./routes/dashboard/import.tsx')).importRoute('people'),
              },
              {
                path: 'renew-import',
                lazy: async () => (await import('./routes/dashboard/import.tsx')).importRoute('renewals'),
              },
              { path: 'users', lazy: () => import('./routes/dashboard/users.tsx') },
              { path: 'api-keys', lazy: () => import('./routes/dashboard/api-keys.tsx') },
              { path: 'account', lazy: () => import('./routes/dashboard/account.tsx') },
              { path: 'audit', lazy: () => import('./routes/dashboard/audit.tsx') },
              { path: 'messages', lazy: () => import('./routes/dashboard/messages.tsx') },
              { path: 'trash', lazy: () => import('./routes/dashboard/trash.tsx') },
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
    ],
  },
];

/** The browser's router; `hydrationData` is what the server rendered the page with (entry-server.tsx). */
export const createRouter = (hydrationData?: HydrationState) =>
  createBrowserRouter(routes, { hydrationData });

/**
 * Loads the lazy route modules a location needs, into `routes`, so that a page the server rendered
 * can be taken over in one synchronous render (React Router resolves them before rendering).
 */
export async function loadLazyRoutes(location: Location) {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy === 'function')
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
