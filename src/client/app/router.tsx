import {
  createBrowserRouter,
  type LazyRouteFunction,
  type RouteObject,
  redirectDocument,
} from 'react-router';
import { LoadingBar } from '#client/components/layout/loading-bar.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { siteQuery } from '#client/lib/site-query.ts';
import { childPath, type StaffPageName, staffPages } from '#shared/routes.ts';
import { RouteError } from './route-error.tsx';

/** The staff pages outside the dashboard, whose layout is their own below. */
const signInModules: Record<Exclude<StaffPageName, 'dashboard'>, LazyRouteFunction<RouteObject>> = {
  login: () => import('./routes/login.tsx'),
  setup: () => import('./routes/setup.tsx'),
  'reset-password': () => import('./routes/reset-password.tsx'),
};

const routes: RouteObject[] = [
  {
    id: 'root',
    loader: () => queryClient.ensureQueryData(siteQuery()),
    errorElement: <RouteError />,
    // Shown on a first load while loaders run, e.g. while a dashboard page checks the session.
    HydrateFallback: LoadingBar,
    children: [
      {
        // Sign-in, setup and password reset are in English only: no other language has an address.
        element: <PublicLayout translated={false} />,
        children: [
          {
            errorElement: <RouteError />,
            children: Object.entries(signInModules).map(([name, lazy]) => ({
              path: childPath(staffPages[name as keyof typeof signInModules]),
              lazy,
            })),
          },
        ],
      },
      {
        // Staff pages: their own layout and lazy chunks, so public pages never load their code.
        path: childPath(staffPages.dashboard),
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
      // Every other page is a public page the server renders: the browser loads it as a document.
      // The server sends this app only for staff pages; should it ever load elsewhere, it is not found.
      {
        path: '*',
        loader: ({ request }) =>
          new URL(request.url).pathname === window.location.pathname ? null : redirectDocument(request.url),
        lazy: () => import('./routes/not-found.tsx').then(({ Component }) => ({ Component })),
      },
    ],
  },
];

/** The staff app's router: sign-in, first-time setup, password reset and the dashboard. */
export const createRouter = () => createBrowserRouter(routes);
