// Loaded (defer) by the pages the server renders, in place of their module scripts: the page is
// already on screen, and its scripts only make it respond, so they are fetched once it has
// painted instead of competing with what it shows (see src/server/plugins/server-render.ts).
(() => {
  const { modules, evaluateFirst } = document.currentScript.dataset;
  const [entry, ...imports] = modules.split(' ');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
    // The entry's own imports (React, the UI kit) are evaluated one per task before it: together
    // they were one task of ~45 ms on a 2-core host, which Lighthouse multiplies by its CPU slowdown.
    const first = evaluateFirst ? evaluateFirst.split(' ') : [];
    first
      .reduce((previous, href) => previous.then(() => import(href)), Promise.resolve())
      .catch(() => {})
      .then(() => import(entry));
  };
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page in a background tab paints only once shown; it should still be ready by then.
  setTimeout(start, 1000);
})();
