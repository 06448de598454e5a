import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { allowFailedLoad, expect, openPage, site, test, verifyByApi } from './fixtures.ts';

/**
 * Landing pages come rendered from the server: a visitor sees them before the scripts have
 * downloaded, and the browser then takes them over without asking the API again.
 */
test.describe('landing pages rendered on the server', () => {
  test('show their content with JavaScript off', async ({ browser, request }) => {
    const id = await verifyByApi(request, DEMO_PAIRS[0]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const pages: [string, string][] = [
      ['/verify', 'Check e-Cert Validity'],
      [`/info/${id}`, site.certificateTitle],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(new RegExp(`\\| ${site.portalName}$`));
    }
    await expect(page.getByRole('textbox', { name: 'e-Cert serial no.' })).toHaveCount(0); // the record page
    await context.close();
  });

  test('are taken over with the data they came with, and then work', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await openPage(page, '/verify', 'Check e-Cert Validity');
    expect(asked).toEqual([]);

    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Verify e-Cert', exact: true });
    await main
      .getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' })
      .fill(DEMO_PAIRS[0].finNumber);
    await main.getByRole('textbox', { name: 'e-Cert serial no.' }).fill(DEMO_PAIRS[0].eCertNumber);
    await expect(submit).toBeEnabled();
  });

  test('a record page comes rendered and not stored; an unknown record is left to the browser', async ({
    page,
    request,
    consoleGuard,
  }) => {
    const known = await request.get(`/info/${await verifyByApi(request, DEMO_PAIRS[0])}`);
    expect(known.headers()['cache-control']).toBe('no-store');
    expect(await known.text()).toContain('id="server-state"');

    const unknown = '00000000-0000-4000-8000-000000000000';
    const html = await (await request.get(`/info/${unknown}`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('server-state');
    allowFailedLoad(consoleGuard, `/api/certificates/${unknown}`, 404);
    await openPage(page, `/info/${unknown}`, 'No data to display.');
  });
});
