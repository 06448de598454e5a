/** How often the count moves on to a new window. */
const WINDOW_MS = 250;

/** Events a second (answers started, refusals), over the last two quarter-second windows. */
export function watchRate() {
  let current = 0;
  let previous = 0;
  const timer = setInterval(() => {
    previous = current;
    current = 0;
  }, WINDOW_MS);
  timer.unref();
  return {
    count() {
      current += 1;
    },
    perSecond: () => ((previous + current) * 1000) / (2 * WINDOW_MS),
    stop: () => clearInterval(timer),
  };
}
