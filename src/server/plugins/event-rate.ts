/** Events a second (answers started, refusals) over about the last `spanMs`, counted in two halves. */
export function watchRate(spanMs: number) {
  const windowMs = spanMs / 2;
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
    perSecond: () => ((previous + current) * 1000) / spanMs,
    stop: () => clearInterval(timer),
  };
}
