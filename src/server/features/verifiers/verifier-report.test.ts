import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCheckResult, VerifierReportView } from '#shared/api/verifiers.ts';
import { verifierReport } from '../../db/schema/index.ts';
import { pdfWordBoxes, wordsMissingGlyphs } from '../../test/pdf-ink.ts';
import { pdfQrCode } from '../../test/pdf-qr.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';
import { pruneCheckLog } from './prune-check-log.ts';

describe("a verifier's list report", () => {
  let testApp: TestApp;
  let verifier: Awaited<ReturnType<typeof signInAsVerifier>>;
  let other: Awaited<ReturnType<typeof signInAsVerifier>>;
  let result: ListCheckResult;
  beforeAll(async () => {
    testApp = await createTestApp({ MASK_IDENTIFIERS: 'true' });
    const db = testApp.database.db;
    await insertPerson(db, { name: '陈伟明', finNumber: 'G2000001A', eCertNumber: 'SN-CHINESE' });
    await insertPerson(db, { name: 'முருகன் செல்வம்', finNumber: 'G2000002B', eCertNumber: 'SN-TAMIL' });
    const staff = await signInAs(testApp.app, 'staff');
    verifier = await signInAsVerifier(testApp.app, staff, {
      fields: { companyName: 'Keppel Builders Pte Ltd' },
    });
    other = await signInAsVerifier(testApp.app, staff);
    const checked = await testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/checks',
      headers: verifier.headers,
      payload: { text: 'G2000001A,SN-CHINESE\nG2000002B,SN-TAMIL\nG2999999Z,SN-NONE' },
    });
    result = checked.json<ListCheckResult>();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const pdfOf = (reportId: string, headers: Record<string, string>, query = '') =>
    testApp.app.inject({ url: `/api/verifier/reports/${reportId}/report.pdf${query}`, headers });

  /** The first page's text as poppler reads it, and the words it draws with letters missing. */
  const printedIn = async (query: string, headers: Record<string, string> = {}) => {
    const response = await pdfOf(result.reportId, { ...verifier.headers, ...headers }, query);
    expect(response.statusCode).toBe(200);
    const pdf = new Uint8Array(response.rawPayload);
    const words = (await pdfWordBoxes(pdf)).map((word) => word.text).join(' ');
    return { words, missing: await wordsMissingGlyphs(pdf) };
  };

  it('prints the date, the verifier and each row masked, with a QR code to the report page', async () => {
    const response = await pdfOf(result.reportId, verifier.headers);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = new Uint8Array(response.rawPayload);
    const [text = ''] = await pdfText(pdf);
    expect(text).toContain('Keppel Builders Pte Ltd (Alice Tan)');
    expect(text).toContain(`Checked on ${new Date(result.checkedAt).getUTCDate()}`);
    for (const expected of [
      '*****001A',
      'SN-CHINESE',
      '陈伟明',
      '*****002B',
      'முருகன்',
      '*****999Z',
      'No match',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('G2000001A');
    expect(await wordsMissingGlyphs(pdf)).toEqual([]);
    expect(await pdfQrCode(pdf)).toBe(`${testApp.app.config.publicUrl}/verifier-report/${result.reportId}`);
  });

  it("prints its own words in the language asked for, the rows' data as stored", async () => {
    const chinese = await printedIn('?lang=zh-Hans');
    for (const expected of [
      '核查报告',
      'Keppel',
      '（Alice',
      'Tan）',
      '序列号',
      '有效期至',
      '无匹配',
      '陈伟明',
    ])
      expect(chinese.words).toContain(expected);
    expect(chinese.words).not.toContain('Verification');
    expect(chinese.missing).toEqual([]);

    const tamil = await printedIn('?lang=ta');
    // Words without a vowel sign drawn before its consonant: poppler reads those in drawn order.
    for (const expected of ['சரிபார்ப்பு', 'முடிவு', 'Keppel', 'SN-CHINESE', '陈伟明', 'முருகன்'])
      expect(tamil.words).toContain(expected);
    expect(tamil.words).not.toContain('Verification');
    // No vowel sign parted from its consonant by a line break (a reader draws it on a dotted circle).
    expect(tamil.words).not.toContain('\u25cc');
    expect(tamil.missing).toEqual([]);

    const malay = await printedIn('?lang=ms');
    for (const expected of ['Laporan pengesahan', 'Tiada padanan', 'Sah sehingga'])
      expect(malay.words).toContain(expected);
  });

  it("prints in the browser's language when none is asked for, and refuses an unknown one", async () => {
    const chinese = await printedIn('', { 'accept-language': 'zh-SG,zh;q=0.9,en;q=0.5' });
    const unknown = await pdfOf(result.reportId, verifier.headers, '?lang=fr');

    expect(chinese.words).toContain('核查报告');
    expect(unknown.statusCode).toBe(400);
  });

  it("shows anyone with the QR code the report's rows as they were checked", async () => {
    const response = await testApp.app.inject({ url: `/api/verifier-reports/${result.reportId}` });

    expect(response.statusCode).toBe(200);
    const report = response.json<VerifierReportView>();
    expect(report).toMatchObject({ companyName: 'Keppel Builders Pte Ltd', checkedAt: result.checkedAt });
    expect(report.rows.map((row) => [row.finNumber, row.eCertNumber, row.outcome, row.name])).toEqual([
      ['*****001A', 'SN-CHINESE', 'valid', '陈伟明'],
      ['*****002B', 'SN-TAMIL', 'valid', 'முருகன் செல்வம்'],
      ['*****999Z', 'SN-NONE', 'no-match', null],
    ]);
  });

  it("refuses another verifier's report and an unknown one as not found", async () => {
    const othersView = await pdfOf(result.reportId, other.headers);
    const unknown = await testApp.app.inject({
      url: '/api/verifier-reports/00000000-0000-4000-8000-000000000000',
    });

    expect(othersView.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
  });

  it("deletes a report past the check log's retention with the log, and keeps a newer one", async () => {
    const kept = await testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/checks',
      headers: verifier.headers,
      payload: { text: 'G2000001A,SN-CHINESE' },
    });
    const { db } = testApp.database;
    await db
      .update(verifierReport)
      .set({ checkedAt: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(verifierReport.id, result.reportId));

    await pruneCheckLog(db, 365);

    expect((await pdfOf(result.reportId, verifier.headers)).statusCode).toBe(404);
    expect((await pdfOf(kept.json<ListCheckResult>().reportId, verifier.headers)).statusCode).toBe(200);
  });
});
