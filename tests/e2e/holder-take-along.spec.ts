import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { readAttachedCredential } from '../../src/server/pdf/attached-credential.ts';
import { pdfText } from '../../src/server/test/pdf-text.ts';
import {
  createPersonByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  openPage,
  site,
  staffTest,
  uniqueTag,
} from './fixtures.ts';
import { makeStateRecords } from './state-records.ts';

// The holder takes the e-Cert along from its record page: a PDF that carries its credential, and
// LinkedIn's "add certification" form filled in. A revoked record offers neither; a result other
// than a pass is not offered to LinkedIn.

for (const width of [1366, 390]) {
  staffTest.describe(`the record page at ${width}px`, () => {
    staffTest.use({ viewport: { width, height: 900 } });

    staffTest(
      'offers the PDF and LinkedIn for a valid record, by keyboard, and neither when revoked',
      async ({ page }) => {
        const { valid, revoked } = await makeStateRecords(page);
        await openPage(page, `/info/${valid.id}`, site.certificateTitle);
        const panel = page.getByRole('region', { name: 'Keep and share this e-Cert' });
        await expect(panel).toBeVisible();
        await expectNoAxeViolations(page);

        const download = page.waitForEvent('download');
        await panel.getByRole('link', { name: 'Download e-Cert (PDF)' }).focus();
        await page.keyboard.press('Enter');
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^e-cert-[0-9a-f]{8}\.pdf$/);
        const bytes = await fs.readFile(await file.path());
        const pdf = await PDFDocument.load(bytes);
        expect(pdf.getPageCount()).toBe(1);
        const credential = JSON.parse(readAttachedCredential(pdf) ?? 'null');
        expect(credential?.credentialSubject?.achievement?.name ?? JSON.stringify(credential)).toContain(
          valid.tradeTested,
        );

        const linkedIn = new URL(
          (await panel.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href')) ?? '',
        );
        expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
        expect(linkedIn.searchParams.get('name')).toBe(`${valid.tradeTested} (${valid.testLevel})`);
        expect(linkedIn.searchParams.get('organizationName')).toBe(site.issuerName);
        expect(linkedIn.searchParams.get('issueYear')).toBe(valid.passedDate.slice(0, 4));
        expect(linkedIn.searchParams.get('certUrl')).toMatch(new RegExp(`/info/${valid.id}$`));
        expect(linkedIn.searchParams.has('certId')).toBe(false);

        await openPage(page, `/info/${revoked.id}`, site.certificateTitle);
        await expect(page.getByRole('region', { name: 'Keep and share this e-Cert' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: /Download e-Cert|Add to LinkedIn/ })).toHaveCount(0);
      },
    );
  });
}

staffTest.describe('Peoples: a card gives staff the e-Cert PDF', () => {
  staffTest.use({ viewport: { width: 1366, height: 900 } });

  staffTest('with the serial number whole, by keyboard', async ({ page }) => {
    const tag = uniqueTag();
    const person = await createPersonByApi(page.request, newRecord(tag, { name: `Holder ${tag}` }), {
      withPdf: false,
    });
    await page.goto(`/dashboard/peoples?view=cards&q=${tag}`);
    const card = page.getByRole('main').getByRole('article', { name: `Holder ${tag}` });
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: `e-Cert PDF of Holder ${tag}` }).focus();
    await page.keyboard.press('Enter');
    const [text = ''] = await pdfText(await fs.readFile(await (await download).path()));
    expect(text).toContain(`Holder ${tag}`);
    expect(text).toContain(`e-Cert Serial No.: ${person.eCertNumber}`);
  });
});
