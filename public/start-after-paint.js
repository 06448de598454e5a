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
    // Inserted at once: one at a time, each insertion cost the page a few milliseconds more.
    const links = imports.map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      return link;
    });
    document.head.append(...links);
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
