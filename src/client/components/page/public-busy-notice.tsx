import { createRoot } from 'react-dom/client';
import { loadPageTexts } from '#client/lib/i18n/page-texts.tsx';
import { busyRetries } from '#client/lib/retry-when-busy.ts';

// A public page has no app around its islands: the "service is busy" notice gets a root of its own,
// made once a request first waits to be tried again.
const stopWatching = busyRetries.subscribe(() => {
  if (busyRetries.waiting() === 0) return;
  stopWatching();
  void Promise.all([
    import('./busy-notice.tsx'),
    import('#client/islands/with-mantine.tsx'),
    loadPageTexts(),
  ]).then(([{ BusyNotice }, { withMantine }, PageTexts]) => {
    const Notice = withMantine(BusyNotice);
    createRoot(document.body.appendChild(document.createElement('div'))).render(
      <PageTexts>
        <Notice />
      </PageTexts>,
    );
  });
});
