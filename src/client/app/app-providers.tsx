import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { BusyNotice } from '#client/components/page/busy-notice.tsx';
import { HydrateLast } from '#client/components/page/hydrate-later.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Marks the page as working (`<html data-ready>`) once React has rendered or taken over a page the
 * server rendered: until then a server-rendered page shows but does not yet respond (the browser
 * tests wait for it).
 */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    // When the page started to respond, for the bench and for any real-user monitoring.
    performance.mark('ready');
  }, []);
  return null;
}

/**
 * Everything around the router, the same in the browser and on the server (entry-server.tsx): a
 * page rendered on the server is taken over by the browser only if both render the same tree.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {children}
          <BusyNotice />
          <HydrateLast>
            <MarkReady />
          </HydrateLast>
        </MantineProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
