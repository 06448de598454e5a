/** How often the loop is asked to show it is free; idle, it costs a hundred wake-ups a second. */
const TICK_MS = 10;

/**
 * How late the event loop reads what arrives. A timer ticks whenever the loop is free; requests
 * read now arrived at the earliest just after the loop last looked for input, before the last
 * tick, so they have waited up to `now - previous tick` in the kernel. A loop that handles a
 * backlog of requests one after the other in one turn (PGlite answers on the loop itself) shows
 * here as a turn that lasts, while a mean of timer delays would count the long turn once, as one
 * sample among a hundred short ones.
 */
export function watchLoopLateness() {
  let lastTick = performance.now();
  let previousTick = lastTick;
  let readThisTurn = 0;
  let endOfTurnAsked = false;
  const endOfTurn = () => {
    readThisTurn = 0;
    endOfTurnAsked = false;
  };
  const timer = setInterval(() => {
    previousTick = lastTick;
    lastTick = performance.now();
    readThisTurn = 0;
  }, TICK_MS);
  timer.unref();
  return {
    /** Counts a request read in this turn of the loop. */
    read() {
      readThisTurn += 1;
      // The count ends with the turn: a request read just after a backlog is not part of it.
      if (!endOfTurnAsked) {
        endOfTurnAsked = true;
        setImmediate(endOfTurn);
      }
    },
    /** Requests read since the loop last turned: a backlog when it is more than a browser sends. */
    readThisTurn: () => readThisTurn,
    /** The longest a request read now may have waited for the loop, in ms. */
    lateness: (now: number) => now - previousTick,
    stop: () => clearInterval(timer),
  };
}
