import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCheckResult } from '#shared/api/verifiers.ts';
import { verifier } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { insertPerson } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { application } from '../../test/verifier-session.ts';
import { prepareListAnswers } from './answer-list.ts';
import { createListThread } from './list-thread.ts';
import type { VerifierRow } from './verifier-view.ts';

const list = (text: string) => Buffer.from(text, 'utf8');

// The thread opens connections of its own, which PGlite (one process's alone) cannot give it.
describe.skipIf(!process.env.DATABASE_URL)('a list answered in a thread of its own', () => {
  let testApp: TestApp;
  let account: VerifierRow;
  let thread: ReturnType<typeof createListThread>;
  beforeAll(async () => {
    testApp = await createTestApp();
    const { db, url } = testApp.database;
    await insertPerson(db, { name: 'Valid Holder', finNumber: 'G1000001A', eCertNumber: 'SN-VALID' });
    await insertPerson(db, {
      name: 'Failed Holder',
      finNumber: 'G1000004D',
      eCertNumber: 'SN-FAILED',
      testResult: 'Failed',
    });
    [account] = (await db
      .insert(verifier)
      .values({ ...application(), status: 'approved', dailyQuota: 100 })
      .returning()) as [VerifierRow];
    thread = createListThread({ databaseUrl: url ?? '', config: testApp.app.config });
  });
  afterAll(async () => {
    await thread?.close();
    await testApp?.close();
  });

  const rowsOf = (text: string) => (JSON.parse(text) as ListCheckResult).rows;

  it('answers as the server itself does, and counts against the same quota', async () => {
    const text = 'G1000001A,SN-VALID\nG1000004D,SN-FAILED\nG1000001A,SN-GUESS';
    const inThread = JSON.parse(await thread.answerList(account, list(text))) as ListCheckResult;
    const inProcess = JSON.parse(
      await prepareListAnswers(testApp.database, testApp.app.config).answerList(account, list(text)),
    ) as ListCheckResult;

    expect(inThread.rows.map((row) => [row.outcome, row.name])).toEqual([
      ['valid', 'Valid Holder'],
      ['not-passed', 'Failed Holder'],
      ['no-match', null],
    ]);
    expect(inProcess.rows).toEqual(inThread.rows);
    expect([inThread.usedToday, inProcess.usedToday]).toEqual([4, 8]);
  });

  it('gives back a refusal as the verifier would read it from the server', async () => {
    const refusal = await thread.answerList(account, list('\n\n')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      code: 'INVALID_INPUT',
      message: 'The list has no rows to check.',
    });
    expect(rowsOf(await thread.answerList(account, list('G1000001A,SN-VALID')))[0]?.outcome).toBe('valid');
  });

  it('fails a list whose thread ends under it, and turns away lists once the server closes', async () => {
    const answering = thread.answerList(account, list('G1000001A,SN-VALID'));
    await thread.close();
    await expect(answering).rejects.toThrow('The list thread ended while checking a list.');
    await expect(thread.answerList(account, list('G1000001A,SN-VALID'))).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  it('fails, without hanging, when its thread cannot reach the database', async () => {
    const unreachable = createListThread({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      config: testApp.app.config,
    });
    await expect(unreachable.answerList(account, list('G1000001A,SN-VALID'))).rejects.toThrow(
      'The list thread ended as it started.',
    );
    await unreachable.close();
  });
});
