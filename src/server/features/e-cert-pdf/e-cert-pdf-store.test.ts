import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { storedKeys } from '../../test/upload-fixtures.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });
const storedPdfs = async () =>
  (await storedKeys(api.harness.app.files)).filter((key) => key.endsWith('.pdf'));
const textOf = async (pdf: { rawPayload: Buffer }) => (await pdfText(pdf.rawPayload))[0] ?? '';

afterEach(() => {
  vi.useRealTimers();
});

describe('the public e-Cert PDF, made once a version', () => {
  it('is kept in the FileStore and served from there after', async () => {
    const person = await api.created({ name: 'Siti Nurhaliza' });
    const before = await storedPdfs();

    const first = await api.eCertPdf(person.id);
    expect(first.statusCode).toBe(200);
    const added = (await storedPdfs()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    const [key = ''] = added;

    // Whatever the store holds under the version's key is what the next download gets.
    const kept = Buffer.from(first.rawPayload);
    kept.write('%PDF-kept', 0, 'latin1');
    await api.harness.app.files.put(key, kept);
    const second = await api.eCertPdf(person.id);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(second.headers['content-disposition']).toMatch(/^attachment; filename="e-cert-.+\.pdf"$/);
    expect(second.rawPayload.equals(kept)).toBe(true);
    // Another language is another PDF.
    expect((await api.eCertPdf(person.id, 'ms')).statusCode).toBe(200);
    expect((await storedPdfs()).filter((k) => !before.includes(k))).toHaveLength(2);
  });

  it('is kept from no one but staff at /files', async () => {
    const person = await api.created();
    const before = await storedPdfs();
    await api.eCertPdf(person.id);
    const [key] = (await storedPdfs()).filter((k) => !before.includes(k));
    expect((await api.inject({ url: `/files/${key}` })).statusCode).toBe(401);
  });

  it('is made again once the record is revoked: a stored PDF never says valid after', async () => {
    const person = await api.created();
    expect(await textOf(await api.eCertPdf(person.id))).toContain('Course Status: Available');

    await api.revoked(person.id, 'Issued in error');

    const text = await textOf(await api.eCertPdf(person.id));
    expect(text).toContain('REVOKED');
    expect(text).toContain('Course Status: Revoked');
    expect(text).not.toContain('Course Status: Available');
  });

  it('is made again when another record of the FIN is revoked or changed', async () => {
    const finNumber = 'G8642097T';
    const person = await api.created({ finNumber, tradeTested: 'Carpentry' });
    const other = await api.created({ finNumber, tradeTested: 'Welding' });
    expect(await textOf(await api.eCertPdf(person.id))).toMatch(/Welding +Level 2 +Passed +\d/);

    await api.revoked(other.id);

    expect(await textOf(await api.eCertPdf(person.id))).toMatch(/Welding +Level 2 +Passed +\(revoked\)/);
  });

  it('is made again when the day changes what it says: a course expires overnight', async () => {
    const passedDate = '2024-06-15';
    const person = await api.created({ passedDate });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-14T23:00:00Z') });
    expect(await textOf(await api.eCertPdf(person.id))).toContain('Course Status: Available');

    vi.setSystemTime(new Date('2026-06-16T01:00:00Z'));

    const text = await textOf(await api.eCertPdf(person.id));
    expect(text).toContain('Course Status: Unavailable');
    expect(text).toContain('Made on 16 Jun 2026');
  });
});

describe('the public e-Cert PDF’s budget', () => {
  it('lets one client make 20 new PDFs in 10 minutes, and still serves it those already made', async () => {
    const client = { remoteAddress: '10.250.1.1' };
    const pdf = (id: string, lang: string) =>
      api.inject({ url: `/api/certificates/${id}/e-cert.pdf?lang=${lang}`, ...client });
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await api.created());
    const asked = people.flatMap((person) =>
      ['en', 'zh-Hans', 'ms', 'ta'].map((lang) => [person.id, lang] as const),
    );

    for (const [id, lang] of asked.slice(0, 20)) expect((await pdf(id, lang)).statusCode, lang).toBe(200);
    const refused = await pdf(...(asked[20] as [string, string]));

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Served from the store, an already made PDF costs nothing: it is still served.
    expect((await pdf(...(asked[0] as [string, string]))).statusCode).toBe(200);
    // Another client has its own budget.
    expect((await api.eCertPdf(...(asked[20] as [string, string]))).statusCode).toBe(200);
  });
});
