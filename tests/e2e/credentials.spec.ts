import fs from 'node:fs';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import {
  createPersonByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  openPage,
  site,
  staffTest,
  test,
  uniqueTag,
  verifyByApi,
} from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

const [pair] = DEMO_PAIRS;

/** Drops a file with `text` on the checker, as a visitor dragging it from their downloads would. */
async function dropFile(page: Page, text: string) {
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'e-cert.credential.json', { type: 'application/json' }));
    return transfer;
  }, text);
  await page.getByTestId('credential-drop').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByLabel('Credential text')).not.toHaveValue('');
}

const outcome = (page: Page, check: string) => page.locator(`li[data-check="${check}"]`);

test.describe('signed credentials', () => {
  test('download from the record page, drop on /verify-credential: every check passes; a tampered copy fails its signature', async ({
    page,
    request,
  }) => {
    const id = await verifyByApi(request, pair);
    await openPage(page, `/info/${id}`, site.certificateTitle);
    await expect(
      page.getByRole('heading', { name: 'How to check this certificate elsewhere' }),
    ).toBeVisible();
    await expect(page.getByText(/W3C Verifiable Credentials 2\.0/)).toBeVisible();
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download credential' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.credential\.json$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(text).type).toContain('OpenBadgeCredential');

    await openPage(page, '/verify-credential', 'Check a Credential File');
    await expectNoAxeViolations(page);
    await dropFile(page, text);
    await page.getByRole('button', { name: 'Check credential' }).click();
    await expect(page.getByRole('heading', { name: 'Valid e-Cert' })).toBeVisible();
    await page.getByRole('button', { name: 'Details' }).click();
    for (const check of ['format', 'signature', 'issuer', 'status', 'validity']) {
      await expect(outcome(page, check)).toHaveAttribute('data-outcome', 'pass');
    }
    const fin = page.getByRole('textbox', { name: /Does it belong to this FIN/ });
    await fin.fill(pair.finNumber.toLowerCase());
    await page.getByRole('button', { name: 'Check FIN' }).click();
    await expect(page.getByText('The FIN matches this credential.')).toBeVisible();
    await expectNoAxeViolations(page);
    await fin.fill('X0000000X');
    await page.getByRole('button', { name: 'Check FIN' }).click();
    await expect(
      page.getByRole('heading', { name: 'This e-Cert does not belong to that FIN' }),
    ).toBeVisible();

    const tampered = JSON.parse(text);
    tampered.credentialSubject.result[0].value = 'Distinction';
    await page.getByLabel('Credential text').fill(JSON.stringify(tampered, null, 2));
    await page.getByRole('button', { name: 'Check credential' }).click();
    await expect(page.getByRole('heading', { name: 'Not valid: this file was changed' })).toBeVisible();
    await page.getByRole('button', { name: 'Details' }).click();
    await expect(outcome(page, 'signature')).toHaveAttribute('data-outcome', 'fail');
    await expect(outcome(page, 'signature')).toContainText('Signature: Failed.');
    await expect(outcome(page, 'status')).toHaveAttribute('data-outcome', 'unchecked');
    // A credential whose signature fails offers no FIN comparison.
    await expect(page.getByRole('button', { name: 'Check FIN' })).toHaveCount(0);
  });
});

/** Whether the status list the credential points to shows it revoked, read as a verifier would. */
async function listedRevoked(
  request: APIRequestContext,
  credential: { credentialStatus: Record<string, string> },
) {
  const { statusListCredential, statusListIndex } = credential.credentialStatus;
  const list = await (await request.get(new URL(statusListCredential ?? '').pathname)).json();
  const decoded = await decodeList({ encodedList: list.credentialSubject.encodedList });
  return decoded.getStatus(Number(statusListIndex));
}

staffTest.describe('revocation from the dashboard', () => {
  staffTest.use({ account: adminAccount, viewport: { width: 1366, height: 900 } });

  staffTest(
    'Revoke asks for a reason and reaches the status list; Reinstate asks first',
    async ({ page }) => {
      const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
      const credential = await (await page.request.get(`/api/certificates/${person.id}/credential`)).json();
      expect(await listedRevoked(page.request, credential)).toBe(false);
      await page.goto(`/dashboard/peoples?q=${person.finNumber}`);
      const card = page.getByRole('main').getByRole('article', { name: person.name, exact: true });

      await card.getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('dialog', { name: `Revoke the record of ${person.name}` });
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(dialog.getByText('Give a reason')).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Issued in error');
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Record revoked.' })).toBeVisible();
      expect(await listedRevoked(page.request, credential)).toBe(true);
      const record = await (await page.request.get(`/api/certificates/${person.id}`)).json();
      expect(record.certificate).toMatchObject({ status: 'revoked', revocationReason: 'Issued in error' });

      await card.getByRole('button', { name: 'Reinstate' }).click();
      const confirm = page.getByRole('dialog', { name: `Reinstate the record of ${person.name}` });
      await confirm.getByRole('button', { name: 'Reinstate' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Record reinstated.' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Revoke' })).toBeVisible();
    },
  );
});
