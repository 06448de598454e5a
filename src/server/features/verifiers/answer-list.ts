import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { checkList } from './check-list.ts';
import { prepareFindListRecords } from './find-list-records.ts';
import { jsonArrayInTurns } from './in-turns.ts';
import { type ListEntry, readList } from './read-list.ts';
import type { VerifierRow } from './verifier-view.ts';

export type ListConfig = Pick<Config, 'verification' | 'certValidityYears' | 'maskIdentifiers'>;

/**
 * A verifier's list answered as the JSON text of its result: looked up, then checked within the
 * quota (check-list.ts), the rows written a few per turn of the loop. The routes send the text as
 * it is: their schema describes the answer without checking 1,000 rows in one go (the API tests
 * check answers against it).
 */
export function prepareListAnswers(database: Pick<Database, 'db' | 'prepareText'>, config: ListConfig) {
  const findListRecords = prepareFindListRecords(database);

  const answerEntries = async (account: VerifierRow, entries: ListEntry[]): Promise<string> => {
    const pending = entries.filter((entry) => !entry.problem && entry.duplicateOf === undefined);
    const found = await findListRecords(pending.map(({ fin, serial }) => ({ fin, serial })));
    const indexOf = new Map(pending.map((entry, index) => [entry, index]));
    const { rows, ...totals } = await checkList(database.db, config, account, entries, (entry) =>
      found.get(indexOf.get(entry) ?? -1),
    );
    return `{${JSON.stringify(totals).slice(1, -1)},"rows":${await jsonArrayInTurns(rows)}}`;
  };

  return {
    answerEntries,
    /** A list file's bytes (or pasted text's) read as the import reads a file, then answered. */
    answerList: async (account: VerifierRow, bytes: Uint8Array) =>
      answerEntries(account, await readList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
  };
}

export type ListAnswers = ReturnType<typeof prepareListAnswers>;
