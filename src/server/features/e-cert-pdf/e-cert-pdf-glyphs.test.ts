import { describe, expect, it } from 'vitest';
import { embeddedGlyphs } from '../../test/pdf-glyphs.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi({ VERIFY_POW: 'false' });

describe('the e-Cert PDF in Chinese and Tamil', () => {
  it('draws every character of its labels and of the holder’s name: no .notdef glyph', async () => {
    for (const [language, labelsFont] of [
      ['zh-Hans', /NotoSansSC/],
      ['ta', /NotoSansTamil/],
    ] as const) {
      for (const name of ['Ada Lovelace', '陈小明', 'முருகன் செல்வம்', '陈 முருகன்', 'முருகன்陈']) {
        const person = await api.created({ name });
        const pdf = await api.eCertPdf(person.id, language);
        expect(pdf.statusCode).toBe(200);
        const drawn = await embeddedGlyphs(pdf.rawPayload);
        expect(drawn.some((text) => labelsFont.test(text.font))).toBe(true);
        const missing = drawn.filter((text) => text.glyphs.includes(0)).map((text) => text.font);
        expect(missing, `${language}, ${name}`).toEqual([]);
      }
    }
  });

  it('draws a value in another script than its label: a Chinese reason on a Tamil e-Cert', async () => {
    const person = await api.created({ name: 'Ada Lovelace' });
    await api.revoked(person.id, '证书有误');
    const pdf = await api.eCertPdf(person.id, 'ta');
    const drawn = await embeddedGlyphs(pdf.rawPayload);
    expect(drawn.some((text) => /NotoSansSC/.test(text.font))).toBe(true);
    expect(drawn.filter((text) => text.glyphs.includes(0)).map((text) => text.font)).toEqual([]);
  });
});
