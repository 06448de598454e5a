import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import type { ListAnswers } from './answer-list.ts';
import type { ListJob, ListThreadAnswer, ListThreadData } from './list-thread-worker.ts';

interface Thread {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * Lists answered in a thread of their own, with its own connection to PostgreSQL: reading a list,
 * building its 1,000 rows and 200 kB answer, and the garbage they leave never hold up the server's
 * loop, where the public verification is answered. Lists take their turn (list-turns.ts), so one
 * thread answers one at a time. It starts when the server listens, or at its first list; one that
 * ends is started again at the next list.
 */
export function createListThread(data: ListThreadData) {
  let thread: Thread | undefined;
  let closed = false;

  const start = (): Thread => {
    const worker = new Worker(new URL('./list-thread.worker.mjs', import.meta.url), { workerData: data });
    worker.unref();
    // An error ends the thread: its 'exit' is what the waiting list hears.
    worker.on('error', () => {});
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => reject(new Error('The list thread ended as it started.')));
    });
    ready.catch(() => undefined);
    const started = { worker, ready };
    worker.once('exit', () => {
      if (thread === started) thread = undefined;
    });
    return started;
  };
  const running = () => {
    thread ??= start();
    return thread;
  };

  const answerList: ListAnswers['answerList'] = async (account, bytes) => {
    if (closed) throw new AppError(503, 'The server is stopping. Please send the list again in a moment.');
    const { worker, ready } = running();
    await ready;
    const answer = await new Promise<ListThreadAnswer>((resolve, reject) => {
      const ended = () => reject(new Error('The list thread ended while checking a list.'));
      worker.once('exit', ended);
      worker.once('message', (message: ListThreadAnswer) => {
        worker.off('exit', ended);
        resolve(message);
      });
      worker.postMessage({ account, bytes } satisfies ListJob);
    });
    if ('text' in answer) return answer.text;
    if ('refusal' in answer) {
      const { statusCode, message, code, fields } = answer.refusal;
      throw new AppError(statusCode, message, code, fields);
    }
    throw new Error(`The list thread failed: ${answer.failure}.`);
  };

  return {
    answerList,
    warm() {
      if (!closed) running();
    },
    async close() {
      closed = true;
      await thread?.worker.terminate();
    },
  };
}
