/**
 * Lets the event loop turn between pieces of database work. Node reads sockets and accepts one new
 * connection per turn of its loop: a backlog of queries (PGlite) or of answers to build from query
 * results (PostgreSQL) run back to back would keep every socket unread, timers unfired and a crowd
 * of new visitors waiting in the kernel to be let in.
 *
 * `take()` is free while the work since the loop last turned is under `budgetMs`; past it, callers
 * wait for a later turn and go on in arrival order, about `budgetMs` of their work a turn.
 */
export function loopTurns(budgetMs: number) {
  let turnStarted = performance.now();
  let markPending = false;
  const markTurn = () => {
    markPending = false;
    turnStarted = performance.now();
  };
  // Immediates queued while the loop is in its check phase run in the next turn, after it has read
  // its sockets; the mark, queued first, times the turn's share of work.
  const later = (resolve: () => void) => {
    if (!markPending) {
      markPending = true;
      setImmediate(markTurn);
    }
    setImmediate(() => (performance.now() - turnStarted > budgetMs ? later(resolve) : resolve()));
  };
  return {
    take(): Promise<void> | undefined {
      if (performance.now() - turnStarted <= budgetMs) return undefined;
      return new Promise<void>(later);
    },
  };
}
