// Loaded (defer) by the pages the server renders, in place of their module scripts: the page is
// already on screen, and its scripts only make it respond, so they are fetched once it has
// painted instead of competing with what it shows (see src/server/plugins/server-render.ts).
(() => {
  const [entry, ...imports] = document.currentScript.dataset.modules.split(' ');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
    import(entry);
  };
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page in a background tab paints only once shown; it should still be ready by then.
  setTimeout(start, 1000);
})();
