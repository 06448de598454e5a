import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { BusyNotice } from '#client/components/page/busy-notice.tsx';
import { staffI18n } from '#client/lib/i18n/staff-i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Marks the page as working (`<html data-ready>`) once React has rendered it (the browser tests wait for it). */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    // When the page started to respond, for the bench and for any real-user monitoring.
    performance.mark('ready');
  }, []);
  return null;
}

/** Everything around the staff app's router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={staffI18n}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            {children}
            <BusyNotice />
            <MarkReady />
          </MantineProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
