import { Trans, useLingui } from '@lingui/react/macro';
import { Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { busyRetries } from '#client/lib/retry-when-busy.ts';

/** While a request waits to be tried again after "busy", says so; the page shows its result after. */
export function BusyNotice() {
  const { t } = useLingui();
  const waiting = useSyncExternalStore(busyRetries.subscribe, busyRetries.waiting, () => 0);
  if (waiting === 0) return null;
  return (
    <Notification
      role="status"
      loading
      withCloseButton={false}
      title={t`The service is busy`}
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        marginInline: 'auto',
        maxWidth: 420,
        zIndex: 400,
      }}
    >
      <Trans>Trying again in a moment…</Trans>
    </Notification>
  );
}
