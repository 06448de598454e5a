// Only the Mantine styles public pages need block the first paint; see the file.
import './app/mantine-public.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { queryClient } from './lib/query-client.ts';

const StaffOverlays = lazy(() => import('./app/staff-overlays.tsx'));
const onStaffPage = () => router.state.location.pathname.startsWith('/dashboard');

/** Loads the staff pages' toasts and dialogs (9 kB gzipped) only once a staff page opens. */
function StaffOverlaysWhenNeeded() {
  const [needed, setNeeded] = useState(onStaffPage);
  useEffect(() => router.subscribe(() => onStaffPage() && setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <StaffOverlays />
    </Suspense>
  ) : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition, so React renders the first page in slices that yield to the browser instead of
// one long task (Lighthouse mobile total blocking time on /verify ~400 ms -> ~150 ms).
const appRoot = createRoot(root);
startTransition(() => {
  appRoot.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <RouterProvider router={router} />
          <StaffOverlaysWhenNeeded />
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
