import { describe, expect, it } from 'vitest';
import { languages } from '#shared/i18n/languages.ts';
import { i18nFor } from '../../i18n/i18n-for.ts';
import { pdfWordBoxes, wordsMissingGlyphs } from '../../test/pdf-ink.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });
// The page's message, by its id (a variable: the catalogs list the page's uses only).
const EXPIRED_RESULT = '{result} (expired)';

describe('the e-Cert PDF as poppler prints it', () => {
  it('draws every letter of Chinese, Tamil and Malay names and courses, in each language', async () => {
    // One FIN's three records: each PDF's table lists all three courses.
    const finNumber = 'G1357924M';
    const people = [
      await api.created({ finNumber, name: 'Tan Wei Ming 陈伟明', tradeTested: '木工' }),
      await api.created({ finNumber, name: 'முருகன் செல்வம்', tradeTested: 'தச்சு வேலை' }),
      await api.created({ finNumber, name: 'Nur Aisyah binti Ahmad', tradeTested: 'Pertukangan Kayu' }),
    ];
    for (const language of languages) {
      for (const person of people) {
        const pdf = await api.eCertPdf(person.id, language);
        expect(pdf.statusCode).toBe(200);
        expect(await wordsMissingGlyphs(pdf.rawPayload), `${language}, ${person.name}`).toEqual([]);
      }
    }
  });

  it('fits the table’s headings and cells in their columns, broken only at spaces, in each language', async () => {
    const finNumber = 'G2223334L';
    const person = await api.created({ finNumber, tradeTested: 'Carpentry' });
    await api.created({ finNumber, tradeTested: 'Masonry', passedDate: '2015-03-01' });
    for (const language of languages) {
      const i18n = i18nFor(language);
      const pdf = await api.eCertPdf(person.id, language);
      const words = await pdfWordBoxes(pdf.rawPayload);
      const serialLine = words.find((word) => word.text.includes(person.eCertNumber));
      const firstRow = words.find((word) => word.text === 'Carpentry');
      expect(serialLine && firstRow, language).toBeTruthy();
      // Every word of the four headings lies between the serial's line and the first row, whole.
      const headingWords = ['Course', 'Level', 'Result', 'Passed on'].flatMap((id) =>
        i18n._(id).split(/\s+/),
      );
      const header = words.filter(
        (word) => word.top >= (serialLine?.bottom ?? 0) && word.bottom <= (firstRow?.top ?? 0),
      );
      expect(header.length, `${language}: ${header.map((word) => word.text)}`).toBe(headingWords.length);
      // The expired row's result, each of its words whole.
      const expired = i18n._(EXPIRED_RESULT, { result: 'Passed' }).split(/\s+/);
      for (const part of expired)
        expect(
          words.some((word) => word.text === part),
          `${language}: ${part}`,
        ).toBe(true);
    }
  });
});
