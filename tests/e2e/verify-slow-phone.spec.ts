import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { expect, holdBack, openPage, test } from './fixtures.ts';

const [pair] = DEMO_PAIRS;

test.describe('/verify on a slow phone', () => {
  test('keeps every keystroke typed before the scripts take the page over, and the button works', async ({
    page,
  }) => {
    // A phone four times slower than this machine, whose scripts arrive only once the visitor has
    // typed: the page the server rendered shows, but does not respond yet.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const releaseScripts = await holdBack(page, '**/assets/*.js');
    await page.goto('/verify', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const fin = main.getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' });
    const serial = main.getByRole('textbox', { name: 'e-Cert serial no.' });

    await fin.pressSequentially(pair.finNumber);
    await serial.pressSequentially(pair.eCertNumber.slice(0, 4));
    expect(await page.locator('html[data-ready]').count(), 'typed before the page responds').toBe(0);
    releaseScripts();
    // Typing goes on while the scripts take the page over.
    await serial.pressSequentially(pair.eCertNumber.slice(4), { delay: 20 });
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });

    await expect(fin).toHaveValue(pair.finNumber);
    await expect(serial).toHaveValue(pair.eCertNumber);
    await main.getByRole('button', { name: 'Verify e-Cert', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Human verification' })).toBeVisible({ timeout: 30_000 });
  });

  test('answers Enter pressed before the form responds, though its button was still disabled', async ({
    page,
  }) => {
    // The page responds at once, but the form's own scripts arrive only after the visitor is done.
    const releaseForm = await holdBack(page, '**/assets/hydrate-island-*.js');
    await openPage(page, '/verify', 'Check e-Cert Validity');
    const main = page.getByRole('main');
    await main
      .getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' })
      .pressSequentially(pair.finNumber);
    const serial = main.getByRole('textbox', { name: 'e-Cert serial no.' });
    await serial.pressSequentially(pair.eCertNumber);
    await expect(main.getByRole('button', { name: 'Verify e-Cert', exact: true })).toBeDisabled();
    await serial.press('Enter');

    releaseForm();
    await expect(page.getByRole('dialog', { name: 'Human verification' })).toBeVisible({ timeout: 30_000 });
  });

  test('keeps the text a visitor has selected while the form takes the page over: Delete clears it', async ({
    page,
  }) => {
    const releaseForm = await holdBack(page, '**/assets/hydrate-island-*.js');
    await openPage(page, '/verify', 'Check e-Cert Validity');
    const main = page.getByRole('main');
    const fin = main.getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' });
    await fin.fill(pair.finNumber);
    await fin.selectText();

    releaseForm();
    await main.locator('[data-island="verify-form"][data-hydrated]').waitFor({ state: 'attached' });
    await page.keyboard.press('Delete');
    await expect(fin).toHaveValue('');
    await main.getByRole('textbox', { name: 'e-Cert serial no.' }).fill(pair.eCertNumber);
    await expect(main.getByRole('button', { name: 'Verify e-Cert', exact: true })).toBeDisabled();
  });
});
