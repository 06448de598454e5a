// Loaded (defer) by the pages the server renders, in place of their module scripts: the page is
// already on screen, and its scripts only make it respond, so they are fetched once it has
// painted instead of competing with what it shows (see src/server/plugins/server-render.ts).
(() => {
  const { modules, evaluateFirst } = document.currentScript.dataset;
  const [entry, ...imports] = modules.split(' ');
  // A new task, as React's scheduler yields: a message, which no timer clamps or pauses.
  const nextTask = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // One per task: inserting them cost ~2 ms each on a 2-core host, the first time.
    const preloads = [entry, ...imports].map((href) => () => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    });
    // The entry's own imports (React, the UI kit) are evaluated one per task before it: together
    // they were one task of ~45 ms on a 2-core host, which Lighthouse multiplies by its CPU slowdown.
    const first = evaluateFirst ? evaluateFirst.split(' ') : [];
    const evaluations = first.map((href) => () => import(href));
    [...preloads, ...evaluations]
      .reduce((previous, step) => previous.then(nextTask).then(step), Promise.resolve())
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
