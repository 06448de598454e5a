import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { databaseErrorOf } from '../../db/database-error.ts';
import { AppError } from '../../errors.ts';
import { type ListConfig, prepareListAnswers } from './answer-list.ts';
import type { VerifierRow } from './verifier-view.ts';

/** What the thread starts with: its own connection to the server's database, and the list rules. */
export interface ListThreadData {
  databaseUrl: string;
  config: ListConfig;
}

/** One list to answer, and the answer: the result's JSON, a refusal for the verifier, or a failure. */
export interface ListJob {
  account: VerifierRow;
  bytes: Uint8Array;
}
export type ListThreadAnswer =
  | { text: string }
  | { refusal: Pick<AppError, 'statusCode' | 'message' | 'code' | 'fields'> }
  | { failure: string };

/** A failure named without its message, which may quote the list's rows (Drizzle quotes parameters). */
const failureOf = (error: unknown) => {
  const code = databaseErrorOf(error)?.code;
  return code ? `database error ${code}` : error instanceof Error ? error.name : 'unknown failure';
};

const port = parentPort;
if (port) {
  const { databaseUrl, config } = workerData as ListThreadData;
  const database = await openDatabase({ databaseUrl, poolSize: 1, pgliteDir: 'memory://' });
  const answers = prepareListAnswers(database, config);
  port.on('message', async ({ account, bytes }: ListJob) => {
    let answer: ListThreadAnswer;
    try {
      answer = { text: await answers.answerList(account, bytes) };
    } catch (error) {
      answer =
        error instanceof AppError
          ? {
              refusal: {
                statusCode: error.statusCode,
                message: error.message,
                code: error.code,
                fields: error.fields,
              },
            }
          : { failure: failureOf(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage('ready');
}
