import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListCheckResult, listCheckResult } from '#shared/api/verifiers.ts';
import { queryRows } from '../../db/database.ts';
import { person, verifierCheck, verifierReport, verifier as verifierTable } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('a list checked at once', () => {
  let testApp: TestApp;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  let verifier: Awaited<ReturnType<typeof signInAsVerifier>>;
  beforeAll(async () => {
    // Five rows without a match an hour, as the public page's limit of 5 in an hour would give.
    testApp = await createTestApp({ VERIFY_RATE_LIMIT: '5/1h' });
    const db = testApp.database.db;
    await insertPerson(db, { name: 'Valid Holder', finNumber: 'G1000001A', eCertNumber: 'SN-VALID' });
    await insertPerson(db, {
      name: 'Old Holder',
      finNumber: 'G1000002B',
      eCertNumber: 'SN-EXPIRED',
      passedDate: daysAgo(365 * 3),
    });
    await insertPerson(db, {
      name: 'Revoked Holder',
      finNumber: 'G1000003C',
      eCertNumber: 'SN-REVOKED',
      revokedAt: new Date(),
      revocationReason: 'Issued in error',
    });
    await insertPerson(db, {
      name: 'Failed Holder',
      finNumber: 'G1000004D',
      eCertNumber: 'SN-FAILED',
      testResult: 'Failed',
    });
    staff = await signInAs(testApp.app, 'staff');
    verifier = await signInAsVerifier(testApp.app, staff);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const paste = (text: string, headers = verifier.headers) =>
    testApp.app.inject({ method: 'POST', url: '/api/verifier/checks', headers, payload: { text } });
  const upload = (bytes: Buffer, headers = verifier.headers) => {
    const boundary = 'list-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/checks/upload',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  const setQuota = (id: string, dailyQuota: number) =>
    testApp.app.inject({
      method: 'PATCH',
      url: `/api/verifiers/${id}`,
      headers: staff.headers,
      payload: { dailyQuota },
    });

  it('answers every outcome per row, names duplicates and bad rows, and logs what it checked', async () => {
    const response = await paste(
      [
        'FIN,Serial',
        'G1000001A,SN-VALID',
        'G1000002B,SN-EXPIRED',
        'G1000003C,SN-REVOKED',
        'G1000004D,SN-FAILED',
        'G9999999Z,SN-NOTHING',
        'G1000001A,SN-VALID',
        'G1000005E',
      ].join('\n'),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const result = response.json<ListCheckResult>();
    // The answer is exactly what the route's schema describes: parsing drops no field and fails none.
    expect(listCheckResult.parse(result)).toEqual(result);
    expect(result.rows.map(({ row, outcome }) => [row, outcome])).toEqual([
      [2, 'valid'],
      [3, 'expired'],
      [4, 'revoked'],
      [5, 'not-passed'],
      [6, 'no-match'],
      [7, 'duplicate'],
      [8, 'invalid'],
    ]);
    expect(result.rows[0]).toMatchObject({ name: 'Valid Holder', course: 'Workplace Safety, Level 1' });
    expect(result.rows[4]).toMatchObject({ name: null, course: null });
    expect(result.rows[5]?.note).toBe('The same FIN and serial as row 2: checked once there.');
    expect(result.rows[6]?.note).toBe('A row needs exactly two values: the FIN and the serial number.');
    // Four matches count one each, the row without a match two: 6 of the quota.
    expect(result.usedToday).toBe(6);
    const logged = await testApp.database.db
      .select()
      .from(verifierCheck)
      .where(eq(verifierCheck.verifierId, verifier.id));
    expect(logged).toHaveLength(5);
    expect(logged.every((entry) => entry.purpose.startsWith('Checking the e-Certs'))).toBe(true);
    expect(logged.filter((entry) => entry.personId === null).map((entry) => entry.outcome)).toEqual([
      'no-match',
    ]);
  });

  it("reads an uploaded CSV the import's way: UTF-16 with semicolons", async () => {
    const text = '\ufeffFIN;Serial\r\nG1000001A;SN-VALID\r\n';
    const response = await upload(Buffer.from(text, 'utf16le'));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ListCheckResult>().rows).toMatchObject([
      { row: 2, outcome: 'valid', name: 'Valid Holder' },
    ]);
  });

  it('reads a list without a header whose letters look like a video stream\'s ("G" at bytes 0 and 188)', async () => {
    const lines = [
      ...Array.from({ length: 4 }, () => 'G1000002B,SN-EXPIRED'),
      ...Array.from({ length: 4 }, () => 'G1000003C,SN-REVOKED'),
      'G1000004D,SN-FAILED',
      'G1000001A,SN-VALID',
    ];
    const text = `${lines.join('\n')}\n`;
    expect([text[0], text[188]]).toEqual(['G', 'G']);

    const response = await upload(Buffer.from(text));

    expect(response.statusCode).toBe(200);
    const outcomes = response.json<ListCheckResult>().rows.map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome !== 'duplicate')).toEqual([
      'expired',
      'revoked',
      'not-passed',
      'valid',
    ]);
  });

  it('answers and keeps a list of 1,000 rows whole and in order', async () => {
    const pairs = [
      'G1000001A,SN-VALID',
      'G1000002B,SN-EXPIRED',
      'G1000003C,SN-REVOKED',
      'G1000004D,SN-FAILED',
    ];
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 10 === 9 ? 'G1000005E' : pairs[i % 4]));

    const response = await paste(lines.join('\n'));

    expect(response.statusCode).toBe(200);
    const result = listCheckResult.parse(response.json());
    expect(result.rows.map((row) => row.row)).toEqual(lines.map((_, i) => i + 1));
    expect(result.rows.slice(0, 5).map((row) => row.outcome)).toEqual([
      'valid',
      'expired',
      'revoked',
      'not-passed',
      'duplicate',
    ]);
    expect(result.rows.filter((row) => row.outcome === 'invalid')).toHaveLength(100);
    const [kept] = await testApp.database.db
      .select({ rows: verifierReport.rows })
      .from(verifierReport)
      .where(eq(verifierReport.id, result.reportId));
    expect(kept?.rows.map((row) => [row.row, row.outcome])).toEqual(
      result.rows.map((row) => [row.row, row.outcome]),
    );
    expect(kept?.rows.every((row) => /^\*{5}\w{4}$/.test(row.finNumber))).toBe(true);
  });

  it('writes nothing into the records it matches, keys its checks in time order, and unlinks them from a record deleted by hand', async () => {
    const db = testApp.database.db;
    const record = await insertPerson(db, { finNumber: 'G1000006F', eCertNumber: 'SN-BY-HAND' });

    expect((await paste('G1000006F,SN-BY-HAND')).statusCode).toBe(200);

    // A row lock (a foreign key's check takes one) would leave its transaction in xmax.
    const [row] = await queryRows<{ xmax: string }>(
      db,
      sql`select xmax::text as xmax from person where id = ${record.id}`,
    );
    expect(row?.xmax).toBe('0');
    const checksOf = (personId: string) =>
      db.select({ id: verifierCheck.id }).from(verifierCheck).where(eq(verifierCheck.personId, personId));
    const [check] = await checksOf(record.id);
    expect(check).toBeDefined();
    // Its key sorts after every earlier check's: a list writes to the key's last pages.
    const [earlier] = await queryRows<{ id: string }>(
      db,
      sql`select max(id::text) as id from verifier_check where id <> ${check?.id}`,
    );
    expect(check?.id.localeCompare(earlier?.id ?? '')).toBe(1);

    await db.delete(person).where(eq(person.id, record.id));

    expect(await checksOf(record.id)).toEqual([]);
    const [kept] = await db
      .select({ personId: verifierCheck.personId })
      .from(verifierCheck)
      .where(eq(verifierCheck.id, check?.id as string));
    expect(kept).toEqual({ personId: null });
  });

  it('refuses a list of more than 1,000 rows and a workbook, checking nothing', async () => {
    const before = await testApp.database.db.$count(verifierCheck);
    const long = Array.from({ length: 1001 }, (_, i) => `G${String(i).padStart(7, '0')}A,SN-${i}`).join('\n');

    const tooLong = await paste(long);
    const workbook = await upload(Buffer.from('PK\u0003\u0004 not really a CSV file at all'));

    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A list takes at most 1,000 rows: split it and check each part.');
    expect(workbook.statusCode).toBe(400);
    expect(await testApp.database.db.$count(verifierCheck)).toBe(before);
  });

  it('keeps the rows checked when the daily quota runs out mid-list, and names the rest', async () => {
    const other = await signInAsVerifier(testApp.app, staff);
    expect((await setQuota(other.id, 3)).statusCode).toBe(200);

    const response = await paste(
      'G1000001A,SN-VALID\nG1000002B,SN-EXPIRED\nG1000003C,SN-REVOKED\nG1000004D,SN-FAILED',
      other.headers,
    );

    const result = response.json<ListCheckResult>();
    expect(result.rows.map((row) => row.outcome)).toEqual(['valid', 'expired', 'revoked', 'over-quota']);
    expect(result.rows[3]).toMatchObject({
      name: null,
      note: 'Not checked: the daily quota is used up. It renews at midnight UTC.',
    });
    expect(result.usedToday).toBe(3);
    expect(await testApp.database.db.$count(verifierCheck, eq(verifierCheck.verifierId, other.id))).toBe(3);
    const next = await paste('G1000001A,SN-VALID', other.headers);
    expect(next.json<ListCheckResult>().rows[0]?.outcome).toBe('over-quota');
  });

  it('renews the quota at midnight UTC: what was used yesterday does not count today', async () => {
    const other = await signInAsVerifier(testApp.app, staff);
    expect((await setQuota(other.id, 2)).statusCode).toBe(200);
    await paste('G1000001A,SN-VALID\nG1000002B,SN-EXPIRED', other.headers);
    const account = () => testApp.app.inject({ url: '/api/verifier/account', headers: other.headers });
    expect((await account()).json().usedToday).toBe(2);

    await testApp.database.db
      .update(verifierTable)
      .set({ quotaDay: daysAgo(1) })
      .where(eq(verifierTable.id, other.id));

    expect((await account()).json().usedToday).toBe(0);
    const today = (await paste('G1000001A,SN-VALID', other.headers)).json<ListCheckResult>();
    expect(today.rows[0]?.outcome).toBe('valid');
    expect(today.usedToday).toBe(1);
  });

  it('stops guessing: rows without a match cost two, and past the hourly ceiling the rest go unanswered', async () => {
    const guesser = await signInAsVerifier(testApp.app, staff);
    const guesses = Array.from({ length: 7 }, (_, i) => `G1000001A,SN-GUESS-${i}`);

    const response = await paste(
      [...guesses.slice(0, 6), 'G1000001A,SN-VALID', guesses[6]].join('\n'),
      guesser.headers,
    );

    const outcomes = response.json<ListCheckResult>().rows.map((row) => row.outcome);
    // The ceiling is the public page's 5 an hour; the match after it is withheld too, or it would
    // tell a guesser which row hit.
    expect(outcomes).toEqual([...Array(5).fill('no-match'), ...Array(3).fill('too-many-no-matches')]);
    expect(response.json<ListCheckResult>().usedToday).toBe(10);
  });

  it('refuses a verifier without two-factor sign-in, and staff sessions', async () => {
    const unsecured = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const refused = await paste('G1000001A,SN-VALID', unsecured.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TWO_FACTOR_REQUIRED');
    expect((await paste('G1000001A,SN-VALID', staff.headers)).statusCode).toBe(403);
  });
});
