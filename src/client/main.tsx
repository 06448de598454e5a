// The staff app's styles: the same sheets as public pages, then each staff page adds its own.
import './app/mantine-public.css';
import './app/global.css';
import { lazy, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { createRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';

const StaffOverlays = lazy(() => import('./app/staff-overlays.tsx'));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition, so React renders the first page in slices that yield to the browser.
const appRoot = createRoot(root);
startTransition(() =>
  appRoot.render(
    <AppProviders queryClient={queryClient}>
      {/* One boundary: no page shows before the toasts and confirm dialogs listen for their events,
          or a quick first click (a role chosen, a record deleted) would be lost. */}
      <Suspense fallback={null}>
        <StaffOverlays />
        <RouterProvider router={createRouter()} />
      </Suspense>
    </AppProviders>,
  ),
);
