import { BitstringStatusList } from '@digitalbazaar/vc-bitstring-status-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsTestApp, downloadCredential } from '../../test/credentials-test-kit.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import type { TestApp } from '../../test/test-app.ts';
import { multipartForm } from '../../test/upload-fixtures.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createCredentialsTestApp();
});
afterAll(async () => {
  await harness.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const get = (url: string) => harness.app.inject({ method: 'GET', url });
const verify = (credential: object) =>
  harness.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: credential });

/** Whether the status list marks `index` revoked, read as any verifier reads it. */
async function listMarksRevoked(listUrl: string, index: number) {
  const list = (await get(new URL(listUrl).pathname)).json();
  const decoded = await BitstringStatusList.decode({ encodedList: list.credentialSubject.encodedList });
  return decoded.getStatus(index);
}

describe('a record whose result is not a pass', () => {
  it.each(['Failed', 'Pending', 'Absent'])(
    '%s: the public view says not-passed, never available',
    async (result) => {
      const record = await insertPerson(harness.database.db, { testResult: result, passedDate: today() });
      const { certificate, records } = (await get(`/api/certificates/${record.id}`)).json();
      expect(certificate).toMatchObject({
        testResult: result,
        courseStatus: 'unavailable',
        state: 'not-passed',
      });
      expect(records[0]).toMatchObject({ result, state: 'not-passed' });
    },
  );

  it('gets no signed credential, PDF e-Cert or wallet copy: 409 naming the result', async () => {
    const record = await insertPerson(harness.database.db, { testResult: 'Failed', passedDate: today() });
    const refusals = [
      await get(`/api/certificates/${record.id}/credential`),
      await get(`/api/certificates/${record.id}/e-cert.pdf`),
      await harness.app.inject({
        method: 'POST',
        url: `/api/certificates/${record.id}/wallet-claims`,
        payload: { passportNumber: record.passportNumber },
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'NOT_AN_E_CERT',
        message: expect.stringContaining('result is Failed: it is a training record, not an e-Cert'),
      });
    }
  });

  it('revokes a credential signed while the result was a pass, with the result as the reason', async () => {
    const record = await insertPerson(harness.database.db, { testResult: 'Passed', passedDate: today() });
    const credential = await downloadCredential(harness, record.id);
    const { statusListCredential, statusListIndex } = credential.credentialStatus;
    expect((await verify(credential)).json().verified).toBe(true);
    expect(await listMarksRevoked(statusListCredential, Number(statusListIndex))).toBe(false);

    const { headers } = await signInAs(harness.app, 'staff');
    const edit = await harness.app.inject({
      method: 'PATCH',
      url: `/api/people/${record.id}`,
      headers,
      payload: multipartForm({ testResult: 'fail' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ testResult: 'Failed', courseStatus: 'unavailable' });

    expect(await listMarksRevoked(statusListCredential, Number(statusListIndex))).toBe(true);
    const answer = (await verify(credential)).json();
    expect(answer.verified).toBe(false);
    expect(answer.checks.find((check: { check: string }) => check.check === 'status')).toMatchObject({
      outcome: 'fail',
      result: 'Failed',
      message: expect.stringContaining('the result changed to Failed'),
    });
  });

  it('the checker names the result a credential states, and a non-pass is never verified', async () => {
    const record = await insertPerson(harness.database.db, { testResult: 'Passed', passedDate: today() });
    const credential = await downloadCredential(harness, record.id);
    const passed = (await verify(credential)).json();
    expect(passed.checks.find((check: { check: string }) => check.check === 'result')).toMatchObject({
      outcome: 'pass',
      result: 'Passed',
    });

    // As one signed for a failed result before only a pass was an e-Cert.
    const { proof: _proof, ...unsigned } = credential;
    const failed = await harness.app.issuer.sign({
      ...unsigned,
      credentialSubject: { ...credential.credentialSubject, result: [{ type: ['Result'], value: 'Failed' }] },
    });
    const answer = (await verify(failed)).json();
    expect(answer.verified).toBe(false);
    expect(answer.checks.find((check: { check: string }) => check.check === 'signature').outcome).toBe(
      'pass',
    );
    expect(answer.checks.find((check: { check: string }) => check.check === 'result')).toMatchObject({
      outcome: 'fail',
      result: 'Failed',
      message: 'The result is Failed: a training record, not an e-Cert.',
    });
  });

  it('reads as its result in words among the rows of a passed record’s PDF, never as an expired pass', async () => {
    const finNumber = 'G1357924K';
    const passed = await insertPerson(harness.database.db, {
      finNumber,
      tradeTested: 'Carpentry',
      passedDate: today(),
    });
    await insertPerson(harness.database.db, {
      finNumber,
      tradeTested: 'Welding',
      testResult: 'Failed',
      passedDate: '2015-03-01',
    });
    const response = await get(`/api/certificates/${passed.id}/e-cert.pdf`);
    expect(response.statusCode).toBe(200);
    const [text = ''] = await pdfText(response.rawPayload);
    const row = (course: string) =>
      text.match(new RegExp(`${course} +Level 1 +(.+?) +\\d+ \\w+ \\d{4}`))?.[1];
    expect(row('Welding')).toBe('Failed');
    expect(row('Carpentry')).toBe('Passed');
  });
});
