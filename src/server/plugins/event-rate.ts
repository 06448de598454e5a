/**
 * Events a second (answers started, refusals), over the last two windows of `windowMs`: a
 * quarter of a second by default, to follow a queue as it forms.
 */
export function watchRate(windowMs = 250) {
  let current = 0;
  let previous = 0;
  const timer = setInterval(() => {
    previous = current;
    current = 0;
  }, windowMs);
  timer.unref();
  return {
    count() {
      current += 1;
    },
    perSecond: () => ((previous + current) * 1000) / (2 * windowMs),
    stop: () => clearInterval(timer),
  };
}
