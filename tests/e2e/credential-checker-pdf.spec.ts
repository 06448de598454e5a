import { PDFDocument } from 'pdf-lib';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { expect, expectNoAxeViolations, openPage, site, test, verifyByApi } from './fixtures.ts';

// An employer is sent the e-Cert PDF itself: chosen or dropped on the checker, the credential it
// carries is checked by the server and the verdict reads as it does for the credential file.

const [pair] = DEMO_PAIRS;

test('the e-Cert PDF downloaded from the record page, chosen by keyboard on /verify-credential, is a valid e-Cert', async ({
  page,
  request,
}) => {
  const id = await verifyByApi(request, pair);
  await openPage(page, `/info/${id}`, site.certificateTitle);
  const { certificate } = await (await request.get(`/api/certificates/${id}`)).json();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download e-Cert (PDF)' }).click(),
  ]);
  const pdfPath = await download.path();

  // Asked for before the page opens: Playwright intercepts file pickers only once one is awaited,
  // and a key pressed just after asking can open the picker before that takes.
  const chooser = page.waitForEvent('filechooser');
  await openPage(page, '/verify-credential', 'Check a Credential File');
  await page.getByRole('button', { name: 'Credential file or e-Cert PDF' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(pdfPath);
  await expect(page.getByRole('status')).toContainText('the credential this PDF carries will be checked');
  await page.getByRole('button', { name: 'Check credential' }).focus();
  await page.keyboard.press('Enter');

  const verdict = page.getByTestId('credential-verdict');
  await expect(verdict.getByRole('heading')).toHaveText('Valid e-Cert');
  await expect(verdict).toContainText(`This is the e-Cert of ${certificate.name} for `);
  // What was compared, and no more: the printed facts, not every word on the page.
  await expect(verdict).toContainText(
    'The name, course, level, result and date printed on the PDF are those of the credential; the rest of the page was not compared.',
  );
  await expectNoAxeViolations(page);
  const fin = page.getByRole('textbox', { name: /Does it belong to this FIN/ });
  await fin.fill(pair.finNumber);
  await page.getByRole('button', { name: 'Check FIN' }).click();
  await expect(page.getByText('The FIN matches this credential.')).toBeVisible();
});

test('a dropped PDF that carries no credential is named as such, in plain words', async ({
  page,
  consoleGuard,
}) => {
  // The server's 400 is the answer shown; the browser logs every 400 it receives.
  consoleGuard.allow(
    /Failed to load resource: the server responded with a status of 400 .*\/api\/credentials\/verify/,
  );
  const empty = await PDFDocument.create();
  empty.addPage();
  const bytes = Array.from(await empty.save());

  await openPage(page, '/verify-credential', 'Check a Credential File');
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    const file = new File([new Uint8Array(content)], 'scan.pdf', { type: 'application/pdf' });
    transfer.items.add(file);
    return transfer;
  }, bytes);
  await page.getByTestId('credential-drop').dispatchEvent('drop', { dataTransfer });
  await page.getByRole('button', { name: 'Check credential' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^This PDF carries no e-Cert credential\./);
  await expect(page.getByTestId('credential-verdict')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a PDF whose printed name was changed, its credential kept, reads as a changed PDF', async ({
  page,
  request,
}) => {
  const id = await verifyByApi(request, pair);
  const { certificate } = await (await request.get(`/api/certificates/${id}`)).json();
  const document = await PDFDocument.load(
    await (await request.get(`/api/certificates/${id}/e-cert.pdf`)).body(),
  );
  // A second name where the holder's is printed, as an editing tool draws it.
  document.getPage(0).drawText('Arjun Selvaraju', { x: 50, y: 100, size: 22 });
  const bytes = Array.from(await document.save());

  await openPage(page, '/verify-credential', 'Check a Credential File');
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(content)], 'e-cert.pdf', { type: 'application/pdf' }));
    return transfer;
  }, bytes);
  await page.getByTestId('credential-drop').dispatchEvent('drop', { dataTransfer });
  await page.getByRole('button', { name: 'Check credential' }).click();

  const verdict = page.getByTestId('credential-verdict');
  await expect(verdict.getByRole('heading')).toHaveText('Not valid: this PDF was changed');
  await expect(verdict).toHaveAttribute('data-tone', 'invalid');
  await expect(verdict).toContainText(
    `What its page prints is not what its signed credential says. The credential is the e-Cert of ${certificate.name} for `,
  );
  await expect(verdict).not.toContainText('has not been changed');
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.locator('[data-check="page"]')).toContainText(
    `Printed page: Failed. The page was changed: it prints the name \u201c${certificate.name} Arjun Selvaraju\u201d`,
  );
  await expectNoAxeViolations(page);
});
