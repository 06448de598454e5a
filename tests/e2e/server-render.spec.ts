import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { expect, openPage, site, test, verifyByApi } from './fixtures.ts';

/**
 * Public pages come rendered from the server, whole: a visitor sees them before any script has
 * run, and only their islands take scripts, without asking the API for the page again.
 */
test.describe('public pages rendered on the server', () => {
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

  test('respond without asking the API for what they show, and then work', async ({ page }) => {
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

  test('a record page comes rendered and not stored; an unknown record says so from the server', async ({
    page,
    request,
  }) => {
    const known = await request.get(`/info/${await verifyByApi(request, DEMO_PAIRS[0])}`);
    expect(known.headers()['cache-control']).toBe('no-store');
    expect(await known.text()).toContain('data-island="take-along-panel"');

    const unknown = '00000000-0000-4000-8000-000000000000';
    const html = await (await request.get(`/info/${unknown}`)).text();
    expect(html).toContain('No data to display.');
    await openPage(page, `/info/${unknown}`, 'No data to display.');
  });

  test('staff pages are the staff app, which the server does not render', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-island');
  });
});
