import { createRoot } from 'react-dom/client';
import { busyRetries } from '#client/lib/retry-when-busy.ts';

// A public page has no app around its islands: the "service is busy" notice gets a root of its own,
// made once a request first waits to be tried again.
const stopWatching = busyRetries.subscribe(() => {
  if (busyRetries.waiting() === 0) return;
  stopWatching();
  void Promise.all([import('./busy-notice.tsx'), import('#client/islands/with-mantine.tsx')]).then(
    ([{ BusyNotice }, { withMantine }]) => {
      const Notice = withMantine(BusyNotice);
      createRoot(document.body.appendChild(document.createElement('div'))).render(<Notice />);
    },
  );
});
