// Only the Mantine styles public pages need block the first paint; see the file.
import './app/mantine-public.css';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, RouterProvider } from 'react-router';
import type { ServerState } from '#shared/server-state.ts';
import { AppProviders } from './app/app-providers.tsx';
import { createRouter, loadLazyRoutes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';

const StaffOverlays = lazy(() => import('./app/staff-overlays.tsx'));

const onStaffPage = (router: DataRouter) => router.state.location.pathname.startsWith('/dashboard');

/** Loads the staff pages' toasts and dialogs (9 kB gzipped) only once a staff page opens. */
function StaffOverlaysWhenNeeded({ router }: { router: DataRouter }) {
  const [needed, setNeeded] = useState(() => onStaffPage(router));
  useEffect(() => router.subscribe(() => onStaffPage(router) && setNeeded(true)), [router]);
  return needed ? (
    <Suspense fallback={null}>
      <StaffOverlays />
    </Suspense>
  ) : null;
}

const app = (router: DataRouter) => (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
    <StaffOverlaysWhenNeeded router={router} />
  </AppProviders>
);

/** Resolves in a new task, as React's scheduler yields: a message, which no timer clamps or pauses. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * The page's route chunks, which the server lists after the entry and its imports, each after the
 * chunks it imports (data-modules, see public/start-after-paint.js), evaluated one per task: the
 * route's lazy import evaluated them all in one task of ~25 ms on a 2-core host.
 */
async function evaluateRouteChunks() {
  const starter = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset;
  const evaluated = new Set(starter?.evaluateFirst?.split(' '));
  const [, ...imports] = starter?.modules?.split(' ') ?? [];
  for (const href of imports.filter((chunk) => !evaluated.has(chunk))) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

/** What the server rendered the page from, when it did (src/server/plugins/server-render.ts). */
function readServerState(): ServerState | null {
  const element = document.getElementById('server-state');
  return element?.textContent ? (JSON.parse(element.textContent) as ServerState) : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const serverState = readServerState();

if (serverState) {
  // The page is already on screen: take it over with the same data and route modules, so the
  // first render matches it and nothing is fetched again.
  hydrate(queryClient, serverState.queries);
  // Each step in a task of its own, and taking the page over in a transition, which yields to the
  // browser in slices (see below): together they were one task of 35 ms on a 2-core host.
  const takeOver = async (state: ServerState) => {
    await evaluateRouteChunks();
    await loadLazyRoutes(window.location);
    await nextTask();
    const router = createRouter(state.router);
    await nextTask();
    startTransition(() => {
      hydrateRoot(root, app(router));
    });
  };
  void takeOver(serverState);
} else {
  // A transition, so React renders the first page in slices that yield to the browser instead of
  // one long task (Lighthouse mobile total blocking time on /verify ~400 ms -> ~150 ms).
  const appRoot = createRoot(root);
  startTransition(() => appRoot.render(app(createRouter())));
}
