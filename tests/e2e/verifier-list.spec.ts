import fs from 'node:fs';
import { pdfQrCode } from '../../src/server/test/pdf-qr.ts';
import { pdfText } from '../../src/server/test/pdf-text.ts';
import { totpCode } from '../../src/server/test/totp.ts';
import {
  appOrigin,
  createPersonByApi,
  daysAgo,
  expect,
  expectNoAxeViolations,
  newRecord,
  openPage,
  staffTest,
  uniqueTag,
} from './fixtures.ts';
import { validityYears } from './state-records.ts';

const LOADED = { timeout: 20_000 };

staffTest(
  'an organisation applies, staff approve, the verifier signs in with two-factor, checks a list and downloads it',
  async ({ page, browser }) => {
    // The whole way in and back out, with six axe scans: long on a busy 2-core machine.
    staffTest.slow();
    const tag = uniqueTag();
    const make = (suffix: string, overrides: Parameters<typeof newRecord>[1]) =>
      createPersonByApi(page.request, newRecord(`${tag}${suffix}`, overrides), { withPdf: false });
    const [valid, expired, revoked, failed] = await Promise.all([
      make('V', { passedDate: daysAgo(30).iso }),
      make('X', { passedDate: daysAgo(validityYears * 3 * 366).iso }),
      make('R', { passedDate: daysAgo(30).iso }),
      make('F', { passedDate: daysAgo(30).iso, testResult: 'Failed' }),
    ]);
    const revoke = await page.request.post(`/api/people/${revoked.id}/revoke`, {
      headers: { origin: appOrigin() },
      data: { reason: 'Issued in error' },
    });
    expect(revoke.status()).toBe(200);

    // The organisation applies on the public page, signed out.
    const company = `Acme Builders ${tag}`;
    const email = `verifier-${tag.toLowerCase()}@example.com`;
    const password = `verifier passphrase ${tag.toLowerCase()}`;
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await openPage(visitor, '/verifier-application', 'Apply for a verifier account');
    await expectNoAxeViolations(visitor);
    await visitor.getByRole('textbox', { name: 'Company name' }).fill(company);
    await visitor.getByRole('textbox', { name: 'Registration number' }).fill('201912345K');
    await visitor.getByRole('textbox', { name: 'Contact person' }).fill('Alice Tan');
    await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
    await visitor
      .getByRole('textbox', { name: 'Purpose' })
      .fill('Checking workers before a site inspection.');
    await visitor.getByRole('button', { name: 'Apply' }).click();
    await expect(visitor.getByRole('status')).toContainText('Application sent');
    await expectNoAxeViolations(visitor);

    // Staff approve it on the Verifiers screen and hand over the set-up link.
    await openPage(page, '/dashboard/verifiers', 'Verifiers');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Approve ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Set-up link' });
    const link = new URL(await dialog.getByRole('textbox', { name: 'Set-up link' }).inputValue());
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The contact person sets a password, signs in, and turns two-factor on before checking.
    await openPage(visitor, link.pathname + link.search, 'Reset password');
    const newPassword = visitor.getByRole('textbox', { name: 'New password' });
    await newPassword.fill(password);
    await newPassword.press('Enter');
    await expect(visitor.getByRole('status')).toHaveText(/^Your password has been changed/);
    await visitor.getByRole('link', { name: 'Go to the login page' }).click();
    await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
    await visitor.getByRole('textbox', { name: 'Password' }).fill(password);
    await visitor.getByRole('button', { name: 'Login' }).click();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(company, LOADED);
    expect(new URL(visitor.url()).pathname).toBe('/verifier');
    await expectNoAxeViolations(visitor);
    await visitor.getByLabel('Your password').fill(password);
    const enabled = visitor.waitForResponse('**/api/auth/two-factor/enable');
    await visitor.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const { totpURI } = (await (await enabled).json()) as { totpURI: string };
    await visitor.getByLabel('Code from the app').fill(totpCode(totpURI));
    await visitor.getByRole('button', { name: 'Confirm' }).click();

    // A list with every outcome, a duplicate and a bad row, uploaded as a spreadsheet saves it.
    await expect(visitor.getByRole('textbox', { name: 'Rows to check' })).toBeVisible(LOADED);
    const list = [
      'FIN;Serial',
      `${valid.finNumber};${valid.eCertNumber}`,
      `${expired.finNumber};${expired.eCertNumber}`,
      `${revoked.finNumber};${revoked.eCertNumber}`,
      `${failed.finNumber};${failed.eCertNumber}`,
      `${valid.finNumber};NO-SUCH-${tag}`,
      `${valid.finNumber};${valid.eCertNumber}`,
      'only-one-value',
    ].join('\r\n');
    await visitor
      .locator('input[type="file"]')
      .setInputFiles({ name: 'workers.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${list}`) });
    await visitor.getByRole('button', { name: 'Check file' }).click();
    const results = visitor.getByRole('region', { name: 'Results' });
    const table = results.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(8, LOADED);
    const outcomes = await table
      .getByRole('row')
      .locator('td:nth-child(4) >> .mantine-Badge-label')
      .allTextContents();
    expect(outcomes).toEqual([
      'Valid',
      'Expired',
      'Revoked',
      'Not a pass',
      'No match',
      'Duplicate',
      'Bad row',
    ]);
    await expect(table.getByRole('row').nth(1)).toContainText(valid.name);
    await expectNoAxeViolations(visitor);

    const download = visitor.waitForEvent('download');
    await results.getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await download).path()) ?? '', 'utf8');
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Row,FIN,Serial,Result,Name,Course,Passed,Valid until,Note');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain(`Valid,${valid.name}`);

    // The PDF report names the verifier and the rows, and its QR code's address shows them to anyone.
    const pdfDownload = visitor.waitForEvent('download');
    await results.getByRole('link', { name: 'Download PDF report' }).click();
    const pdfBytes = fs.readFileSync((await (await pdfDownload).path()) ?? '');
    const [pdf = ''] = await pdfText(pdfBytes);
    expect(pdf).toContain(`${company} (Alice Tan)`);
    expect(pdf).toContain(valid.name);
    // The address a phone reads from the printed QR code, opened by someone else.
    const reportPath = new URL((await pdfQrCode(pdfBytes)) ?? '').pathname;
    expect(reportPath).toMatch(/^\/verifier-report\/[0-9a-f-]{36}$/);
    const reader = await (await browser.newContext()).newPage();
    await openPage(reader, reportPath, 'Verification report');
    await expect(reader.getByText(`by ${company} (Alice Tan)`)).toBeVisible();
    const reportRows = reader.getByRole('table').getByRole('row');
    await expect(reportRows).toHaveCount(8);
    await expect(reportRows.nth(1)).toContainText(valid.name);
    await expectNoAxeViolations(reader);
    await reader.context().close();

    // The same report in the verifier's language: its own words in Chinese, the rows as stored.
    await results.getByRole('combobox', { name: 'Report language' }).selectOption('zh-Hans');
    const chineseDownload = visitor.waitForEvent('download');
    await results.getByRole('link', { name: 'Download PDF report' }).click();
    const [chinese = ''] = await pdfText(fs.readFileSync((await (await chineseDownload).path()) ?? ''));
    expect(chinese).toContain('核查报告');
    expect(chinese).toContain('无匹配');
    expect(chinese).toContain(valid.name);

    // A key for the verifier's own systems, shown once, checks a pair.
    await visitor.getByRole('textbox', { name: 'Key name' }).fill('HR system');
    await visitor.getByRole('button', { name: 'Make a key' }).click();
    const key = await visitor.getByRole('textbox', { name: 'New key' }).inputValue();
    await expectNoAxeViolations(visitor);
    const byKey = await page.request.post('/api/verifier/check', {
      headers: { authorization: `Bearer ${key}` },
      data: { finNumber: revoked.finNumber, eCertNumber: revoked.eCertNumber },
    });
    expect((await byKey.json()).rows[0].outcome).toBe('revoked');

    // Revoking the key asks first; once confirmed, the key is refused.
    await visitor.getByRole('button', { name: 'Revoke HR system' }).click();
    const confirm = visitor.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText('Systems using “HR system” are refused from now on.');
    await expectNoAxeViolations(visitor);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(visitor.getByRole('button', { name: 'Revoke HR system' })).toHaveCount(0);
    const revokedKey = await page.request.post('/api/verifier/check', {
      headers: { authorization: `Bearer ${key}` },
      data: { finNumber: valid.finNumber, eCertNumber: valid.eCertNumber },
    });
    expect(revokedKey.status()).toBe(401);

    // Staff read who checked what.
    await page.reload();
    await page.getByRole('button', { name: `Checks by ${company}` }).click();
    const log = page.getByRole('dialog', { name: `Checks by ${company}` });
    await expect(log.getByRole('row').filter({ hasText: valid.name })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await log.getByRole('button', { name: 'Close' }).click();

    // A verifier never gets a staff page or a staff answer.
    await visitor.goto('/dashboard/peoples');
    await expect(visitor).toHaveURL(/\/verifier$/, LOADED);
    expect((await visitor.request.get('/api/people')).status()).toBe(403);

    // Suspended, the account is signed out and refused.
    await page.getByRole('button', { name: `Suspend ${company}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('suspended');
    expect((await visitor.request.get('/api/verifier/account')).status()).toBe(401);
    await context.close();
  },
);
