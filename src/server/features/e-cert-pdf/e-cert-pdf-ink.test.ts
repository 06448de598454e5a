import { describe, expect, it } from 'vitest';
import { languages } from '#shared/i18n/languages.ts';
import { wordsMissingGlyphs } from '../../test/pdf-ink.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });

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
});
