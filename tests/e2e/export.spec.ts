import fs from 'node:fs';
import {
  createPersonByApi,
  createRenewalByApi,
  expect,
  newRecord,
  staffTest,
  uniqueTag,
} from './fixtures.ts';

staffTest.describe('Export CSV', () => {
  staffTest('downloads what the Peoples search shows, in UTF-8 with a BOM', async ({ page }) => {
    const tag = uniqueTag();
    await createPersonByApi(page.request, newRecord(tag, { name: `陈 ${tag}` }));
    await createPersonByApi(
      page.request,
      newRecord(tag, { name: `Siti ${tag}`, eCertNumber: `E2E-${tag}-2` }),
    );
    await page.goto(`/dashboard/peoples?q=${tag}`);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const text = fs.readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = text.slice(1).trim().split('\n');
    expect(header).toBe(
      'name,dob,gender,nationality,passportNumber,finNumber,eCertNumber,tradeTested,testLevel,testResult,passedDate',
    );
    expect(rows.map((row) => row.split(',')[0])).toEqual([`Siti ${tag}`, `陈 ${tag}`]);
  });

  staffTest('downloads what Renew Peoples shows', async ({ page }) => {
    const tag = uniqueTag();
    await createRenewalByApi(page.request, newRecord(tag, { name: `Renewed ${tag}` }));
    await page.goto(`/dashboard/renew-peoples?q=${tag}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const text = fs.readFileSync(await (await download).path(), 'utf8');
    expect(text).toContain(`Renewed ${tag},`);
    expect(text.trim().split('\n')).toHaveLength(2);
  });
});
