import type { RouteObject } from 'react-router';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { siteQuery } from '#client/lib/site-query.ts';
import { RouteError } from './route-error.tsx';

const article = (name: 'about' | 'privacy' | 'terms' | 'security' | 'supported-browsers') => ({
  path: name,
  lazy: async () => (await import('./routes/article.tsx')).articleRoute(name),
});

const cards = (name: 'courses' | 'careers') => ({
  path: name,
  lazy: async () => (await import('./routes/cards.tsx')).cardsRoute(name),
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
            children: [
              { index: true, lazy: () => import('./routes/home.tsx') },
              article('about'),
              article('privacy'),
              article('terms'),
              article('security'),
              article('supported-browsers'),
              { path: 'e-services', lazy: () => import('./routes/e-services.tsx') },
              cards('courses'),
              cards('careers'),
              { path: 'resources', lazy: () => import('./routes/resources.tsx') },
              { path: 'faq', lazy: () => import('./routes/faq.tsx') },
              { path: 'contact', lazy: () => import('./routes/contact.tsx') },
              { path: 'search', lazy: () => import('./routes/search.tsx') },
              { path: 'verify', lazy: () => import('./routes/verify.tsx') },
              { path: 'verify-credential', lazy: () => import('./routes/verify-credential.tsx') },
              { path: 'info/:id', lazy: () => import('./routes/info.tsx') },
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
    ],
  },
];
