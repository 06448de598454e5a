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

staffTest.describe('at a desk', () => {
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
      // The link is there to copy for a wallet, not to open: a browser would show the exchange's JSON.
      const link = dialog.getByRole('textbox', { name: 'Wallet link' });
      await expect(link).toHaveValue(/\/api\/wallet\/interactions\/[0-9a-f-]{36}\?iuv=1$/);
      await expect(dialog.locator('a[href^="http"]')).toHaveCount(0);
      const interactionUrl = await link.inputValue();
      const interaction = await page.request.get(
        new URL(interactionUrl).pathname + new URL(interactionUrl).search,
      );
      expect(await interaction.json()).toEqual({
        protocols: { vcapi: expect.stringMatching(/\/api\/wallet\/exchanges\/[0-9a-f-]{36}$/) },
      });
      // At a desk the code leads; the wallet app's own link follows for a phone.
      const openHere = dialog.getByRole('link', { name: 'Open in the Learner Credential Wallet' });
      await expect(openHere).toHaveAttribute('href', `interaction:${interactionUrl}`);
      expect((await qr.boundingBox())?.y).toBeLessThan((await openHere.boundingBox())?.y ?? 0);
      await expect(dialog.getByText(/works once, until/)).toBeVisible();
      await expectNoAxeViolations(page);

      // Keyboard: the app link, the link to copy and the copy button are reachable in turn, Escape
      // closes, focus returns to the opener.
      await openHere.focus();
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    },
  );
});

staffTest.describe('on the phone that holds the wallet', () => {
  staffTest.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  staffTest(
    'Add to wallet leads with the link the wallet app opens; the QR code is for another device',
    async ({ page }) => {
      const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
      await openPage(page, `/info/${person.id}`, site.certificateTitle);
      await page.getByRole('button', { name: 'Add to wallet' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Add to wallet' });
      await dialog.getByRole('textbox', { name: 'Passport number' }).fill(person.passportNumber);
      await page.keyboard.press('Enter');

      // The Learner Credential Wallet registers the "interaction:" scheme for a VC-API interaction URL.
      const openHere = dialog.getByRole('link', { name: 'Open in the Learner Credential Wallet' });
      await expect(openHere).toBeInViewport({ ratio: 1 });
      const href = (await openHere.getAttribute('href')) ?? '';
      expect(href).toMatch(/^interaction:https?:\/\/[^/]+\/api\/wallet\/interactions\/[0-9a-f-]{36}\?iuv=1$/);
      // What the wallet does with it: the URL after the scheme answers with its VC-API exchange.
      const inner = new URL(href.slice('interaction:'.length));
      const interaction = await page.request.get(inner.pathname + inner.search);
      expect(await interaction.json()).toEqual({
        protocols: { vcapi: expect.stringMatching(/\/api\/wallet\/exchanges\/[0-9a-f-]{36}$/) },
      });

      const qr = dialog.getByRole('img', { name: 'QR code of the wallet link' });
      await expect(qr).toBeVisible();
      expect((await openHere.boundingBox())?.y).toBeLessThan((await qr.boundingBox())?.y ?? 0);
      await expect(dialog.getByText(/On another device/)).toBeVisible();
      await expect(dialog.locator('a[href^="http"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    },
  );
});
