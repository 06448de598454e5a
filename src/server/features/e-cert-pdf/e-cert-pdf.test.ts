import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readAttachedCredential } from '../../pdf/attached-credential.ts';
import { pdfText, pdfTextRuns } from '../../test/pdf-text.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });
const pdfOf = (id: string) => api.eCertPdf(id);

/** The names of the fonts the first page draws with (a subset's name keeps the font's own). */
async function fontsOf(bytes: Uint8Array): Promise<string[]> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  return (fonts?.values() ?? []).map((ref) => {
    const font = page.doc.context.lookup(ref, PDFDict);
    return String(font.get(PDFName.of('BaseFont')));
  });
}

describe('GET /api/certificates/:id/e-cert.pdf', () => {
  it('is one A4 page naming the holder, the masked FIN, the whole serial, the course and the record address', async () => {
    const person = await api.created({
      name: 'Ada Lovelace',
      finNumber: 'G7654321Q',
      tradeTested: 'Carpentry',
    });
    const response = await pdfOf(person.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="e-cert-.+\.pdf"$/);
    expect(response.rawPayload.length).toBeLessThan(300 * 1024);

    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

    const [text = ''] = await pdfText(response.rawPayload);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Carpentry');
    // The holder's own serial, whole: they give it with their FIN to have the e-Cert verified.
    expect(text).toContain(`e-Cert Serial No.: ${person.eCertNumber}`);
    expect(text).toContain('Course Status: Available');
    expect(text).toContain(`/info/${person.id}`);
    // The FIN is masked as on the page: only its last four characters.
    expect(text).toContain('321Q');
    expect(text).not.toContain('G7654321Q');
  });

  it('gives staff the FIN whole, at the person’s address, and nobody else', async () => {
    const person = await api.created({ name: 'Grace Hopper', finNumber: 'G1234567X' });
    const url = `/api/people/${person.id}/e-cert.pdf`;
    expect((await api.inject({ url })).statusCode).toBe(401);
    const response = await api.inject({ url, headers: api.staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    const [text = ''] = await pdfText(response.rawPayload);
    expect(text).toContain('FIN Number: G1234567X');
    expect(text).toContain(`e-Cert Serial No.: ${person.eCertNumber}`);
    expect(text).toContain('Grace Hopper');
  });

  it('carries the signed credential, the same that the record page downloads', async () => {
    const person = await api.created();
    const pdf = await pdfOf(person.id);
    const attached = readAttachedCredential(await PDFDocument.load(pdf.rawPayload));
    const downloaded = await api.inject({ url: `/api/certificates/${person.id}/credential` });
    expect(JSON.parse(attached ?? 'null')).toEqual(downloaded.json());
  });

  it('writes Chinese and Tamil names with fonts that carry and shape them', async () => {
    // Text is read back in the order it is drawn: Tamil's vowel sign ெ is drawn before its
    // consonant, so a shaped "செ" reads back as "ெச".
    for (const [name, drawn, font] of [
      ['陈小明', '陈小明', /NotoSansSC/],
      ['முருகன் செல்வம்', 'ெசல்வம்', /NotoSansTamil/],
    ] as const) {
      const person = await api.created({ name });
      const pdf = await pdfOf(person.id);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.length).toBeLessThan(300 * 1024);
      const [text = ''] = await pdfText(pdf.rawPayload);
      expect(text).toContain(drawn);
      expect((await fontsOf(pdf.rawPayload)).some((name) => font.test(name))).toBe(true);
    }
  });

  it('makes a PDF whatever the name holds: other scripts, emoji, marks, one long word', async () => {
    for (const name of [
      'محمد عبد الله',
      'Zoë Łukasiewicz-Ñúñez',
      'Ana 🙂 Maria',
      'e\u0301\u200bx\u200d',
      'W'.repeat(200),
      '陈 முருகன் Ω',
    ]) {
      const person = await api.created({ name });
      const pdf = await pdfOf(person.id);
      expect(pdf.statusCode, name).toBe(200);
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);
    }
  });

  it('says Revoked across a revoked record, with its date and reason', async () => {
    const person = await api.created();
    await api.revoked(person.id, 'Issued in error');
    const [text = ''] = await pdfText((await pdfOf(person.id)).rawPayload);
    expect(text).toContain('REVOKED');
    expect(text).toContain('Course Status: Revoked');
    expect(text).toMatch(/Reason: Issued in\s+error/);
    expect(text).not.toContain('Course Status: Available');
  });

  it("gives each of the FIN's rows its own state: a revoked or expired pass never reads as valid", async () => {
    const finNumber = 'G2468135K';
    const person = await api.created({ finNumber, tradeTested: 'Carpentry', testResult: 'Passed' });
    const revoked = await api.created({ finNumber, tradeTested: 'Welding', testResult: 'Passed' });
    await api.created({ finNumber, tradeTested: 'Masonry', testResult: 'Passed', passedDate: '2015-03-01' });
    await api.revoked(revoked.id);

    const [text = ''] = await pdfText((await pdfOf(person.id)).rawPayload);
    const row = (course: string) =>
      text.match(new RegExp(`${course} +Level 2 +(.+?) +\\d+ \\w+ \\d{4}`))?.[1];
    expect(row('Welding')).toMatch(/^Passed +\(revoked\)$/);
    expect(row('Masonry')).toMatch(/^Passed +\(expired\)$/);
    expect(row('Carpentry')).toBe('Passed');
    expect(text).toContain('Course Status: Available');

    // The row of the record this e-Cert is about stands out in bold; the others do not.
    const runs = await pdfTextRuns((await pdfOf(person.id)).rawPayload);
    const fontOf = (course: string) => runs.find((run) => run.text === course)?.font;
    expect(fontOf('Carpentry')).toMatch(/Bold/);
    expect(fontOf('Welding')).not.toMatch(/Bold/);
    expect(fontOf('Masonry')).not.toMatch(/Bold/);
  });

  it('speaks the language asked for, its brand too, and shows the record as stored', async () => {
    const person = await api.created({ name: 'Ada Lovelace', tradeTested: 'Carpentry' });
    const textIn = async (lang: string) => {
      const pdf = await api.eCertPdf(person.id, lang);
      expect(pdf.statusCode, lang).toBe(200);
      return (await pdfText(pdf.rawPayload))[0] ?? '';
    };

    const chinese = await textIn('zh-Hans');
    expect(chinese).toContain('课程状态：有效');
    expect(chinese).toContain('Demo Skills 电子证书门户');
    expect(chinese).toMatch(/有效期至 \d{4}年\d{1,2}月\d{1,2}日/);
    expect(chinese).not.toContain('Course Status');
    const malay = await textIn('ms');
    expect(malay).toContain('Status Kursus: Tersedia');
    expect(malay).toContain('Sah sehingga');
    const tamil = await textIn('ta');
    expect(tamil).toContain('FIN எண்:');
    for (const text of [chinese, malay, tamil]) {
      expect(text).toContain('Ada Lovelace');
      expect(text).toContain('Carpentry');
    }
    const unknown = await api.eCertPdf(person.id, 'fr');
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed id, as the record page does', async () => {
    expect((await pdfOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pdfOf('not-an-id')).statusCode).toBe(404);
  });
});
