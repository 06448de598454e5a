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

// The holder puts the e-Cert in a wallet from its record page: the passport number first, then the
// wallet link as a QR code and as a link. The dialog's code loads only when it is opened.

staffTest.use({ viewport: { width: 1366, height: 900 } });

staffTest(
  'Add to wallet: the holder answers, sees the QR code and the link, by keyboard',
  async ({ page, consoleGuard }) => {
    const tag = uniqueTag();
    const person = await createPersonByApi(page.request, newRecord(tag), { withPdf: false });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, `/info/${person.id}`, site.certificateTitle);
    const panel = page.getByRole('region', { name: 'Keep and share this e-Cert' });
    const opener = panel.getByRole('button', { name: 'Add to wallet' });
    await expect(opener).toBeVisible();
    expect(scripts.filter((script) => script.includes('add-to-wallet-dialog'))).toEqual([]);

    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to wallet' });
    await expect(dialog).toBeVisible();
    expect(scripts.some((script) => script.includes('add-to-wallet-dialog'))).toBe(true);
    const passport = dialog.getByRole('textbox', { name: 'Passport number' });
    await expect(passport).toBeFocused();
    await expectNoAxeViolations(page);

    // A wrong answer is refused in plain words; the server's 400 is expected in the console.
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 400/);
    await page.keyboard.type('X0000000');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(/does not match this record/)).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code of the wallet link' })).toHaveCount(0);

    await passport.fill(person.passportNumber.toLowerCase());
    await page.keyboard.press('Enter');
    const qr = dialog.getByRole('img', { name: 'QR code of the wallet link' });
    await expect(qr).toBeVisible();
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(100);
    const link = dialog.getByRole('link', { name: /\/api\/wallet\/interactions\/[0-9a-f-]{36}\?iuv=1$/ });
    await expect(link).toBeVisible();
    const interactionUrl = (await link.getAttribute('href')) ?? '';
    const interaction = await page.request.get(
      new URL(interactionUrl).pathname + new URL(interactionUrl).search,
    );
    expect(await interaction.json()).toEqual({
      protocols: { vcapi: expect.stringMatching(/\/api\/wallet\/exchanges\/[0-9a-f-]{36}$/) },
    });
    await expect(dialog.getByText(/works once, until/)).toBeVisible();
    await expectNoAxeViolations(page);

    // Keyboard: the link and the copy button are reachable, Escape closes, focus returns to the opener.
    await link.focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  },
);
