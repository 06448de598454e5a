import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  DEMO_HOLDERS,
  DEMO_PAIRS,
  type DemoHolder,
  type DemoTest,
} from '../../src/server/features/demo/demo-people.ts';
import type { CertificateResponse } from '../../src/shared/api/certificates.ts';
import { formatDate } from '../../src/shared/format-date.ts';
import {
  allowFailedLoad,
  expect,
  expectNoAxeViolations,
  openPage,
  site,
  test,
  verifyByApi,
  waitForAnimations,
} from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

interface Pair {
  finNumber: string;
  eCertNumber: string;
}

/** The demo record whose test matches `predicate`, with its holder. */
function demoRecord(predicate: (test: DemoTest) => boolean): Pair & { holder: DemoHolder; test: DemoTest } {
  for (const holder of DEMO_HOLDERS) {
    const found = holder.tests.find(predicate);
    if (found) return { finNumber: holder.finNumber, eCertNumber: found.eCertNumber, holder, test: found };
  }
  throw new Error('no such demo record');
}

const [firstPair] = DEMO_PAIRS;
const first = demoRecord((t) => t.eCertNumber === firstPair.eCertNumber);
const noSignature = demoRecord((t) => t.files === 'no-signature');
const noPdf = demoRecord((t) => t.files === 'no-pdf');
const noImages = demoRecord((t) => t.files === 'no-images');
const revoked = demoRecord((t) => t.revocationReason !== undefined);

const ids = new Map<string, string>();
/** The record id for a pair, verified once per worker through the real API and its proof of work. */
async function recordId(request: APIRequestContext, pair: Pair): Promise<string> {
  const key = `${pair.finNumber}|${pair.eCertNumber}`;
  let id = ids.get(key);
  if (!id) {
    id = await verifyByApi(request, pair);
    ids.set(key, id);
  }
  return id;
}

async function openRecord(page: Page, request: APIRequestContext, pair: Pair) {
  const id = await recordId(request, pair);
  await openPage(page, `/info/${id}`, site.certificateTitle);
  return id;
}

/** The value shown on the labelled card (a dt/dd pair). */
const cardValue = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl > *')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

const masked = (value: string) => `*****${value.slice(-4)}`;

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate((element) => {
        const img = element as HTMLImageElement;
        return img.complete ? img.naturalWidth : -1;
      }),
    )
    .toBeGreaterThan(0);
}

const rgb = (css: string) => {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return { r, g, b };
};

/** How many columns and rows the holder's six cards make on screen. */
async function cardGrid(page: Page) {
  const boxes = await page
    .getByRole('main')
    .locator('dl > *')
    .evaluateAll((cards) =>
      cards.map((card) => card.getBoundingClientRect()).map((box) => [Math.round(box.x), Math.round(box.y)]),
    );
  return {
    cards: boxes.length,
    columns: new Set(boxes.map(([x]) => x)).size,
    rows: new Set(boxes.map(([, y]) => y)).size,
  };
}

test.describe('certificate record page', () => {
  test('shows the holder cards, masked numbers, the badge and who holds the record', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, first);
    const { holder } = first;
    expect(site.certificateTitle).toBe('Skills Evaluation Certificate (Knowledge)');
    await expect(page).toHaveTitle(new RegExp(`^${site.certificateTitle.replace(/[()]/g, '\\$&')} \\|`));
    await expect(cardValue(page, 'FIN Number')).toHaveText('*****001A');
    await expect(cardValue(page, 'FIN Number')).toHaveText(masked(holder.finNumber));
    await expect(cardValue(page, 'Full Name')).toHaveText(holder.name);
    await expect(cardValue(page, 'Date of Birth')).toHaveText('17 Apr 1988');
    await expect(cardValue(page, 'Gender')).toHaveText(holder.gender);
    await expect(cardValue(page, 'Nationality')).toHaveText(holder.nationality);
    await expect(cardValue(page, 'Passport Number')).toHaveText(masked(holder.passportNumber));
    // The full numbers appear nowhere on the page.
    await expect(page.getByRole('main')).not.toContainText(holder.finNumber);
    await expect(page.getByRole('main')).not.toContainText(holder.passportNumber);

    await expect(page.getByText('Verified Information', { exact: true })).toBeVisible();
    await expect(page.getByText('Revoked', { exact: true })).toHaveCount(0);
    await expect(page.getByText(`Record held by ${site.issuerName}`, { exact: true })).toBeVisible();
    expect(site.issuerName).toBe('Demo Skills Institute');
    await expect(page.getByText('Course Status: Available', { exact: true })).toBeVisible();
  });

  test('the signature, the PDF link and the QR code load', async ({ page, request }) => {
    await openRecord(page, request, first);
    const figure = page.getByRole('figure');
    await expect(figure.locator('figcaption')).toHaveText('Signature');
    await expectImageLoaded(figure.getByRole('img', { name: `Signature of ${first.holder.name}` }));
    await expect(page.getByText('Signature failed to load')).toHaveCount(0);

    const pdf = page.getByRole('link', { name: 'View PDF' });
    await expect(pdf).toHaveAttribute('target', '_blank');
    const rel = (await pdf.getAttribute('rel'))?.split(/\s+/) ?? [];
    expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    const href = await pdf.getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await expectImageLoaded(page.getByRole('img', { name: 'QR code linking to this record' }));
  });

  test("the six cards sit three to a row, and the partners' logos load when scrolled to", async ({
    page,
    request,
  }) => {
    await openRecord(page, request, first);
    expect(await cardGrid(page)).toEqual({ cards: 6, columns: 3, rows: 2 });

    expect(site.footerLogos.length).toBeGreaterThan(0);
    for (const logo of site.footerLogos) {
      const image = page.getByRole('main').locator(`img[src="${logo.src}"]`);
      await expect(image).toHaveAttribute('loading', 'lazy');
      await image.scrollIntoViewIfNeeded();
      await expectImageLoaded(image);
    }
  });

  test('the training record lists every record of the FIN, newest first, coloured by result and validity', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, first);
    const section = page.getByRole('region', { name: `${site.certificateShortTitle} Training Record` });
    await expect(section.getByRole('heading')).toHaveText('SEC(K) Training Record');
    const table = section.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Course Name',
      'Course Level',
      'Date of Passed',
      'Course Result',
    ]);

    const expected = [...first.holder.tests].sort((a, b) => a.passedDaysAgo - b.passedDaysAgo);
    // Which rows are past their validity, as the page's own API says; the demo holder has both
    // kinds, and a result not passed, which is neither.
    const response = (await (
      await request.get(`/api/certificates/${await recordId(request, first)}`)
    ).json()) as CertificateResponse;
    const states = response.records.map((record) => record.state);
    expect(new Set(states)).toEqual(new Set(['valid', 'expired', 'not-passed']));
    expect(response.records.filter((record) => record.current)).toHaveLength(1);
    expect(expected).toHaveLength(4);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(4);

    // Passed dates are whole UTC days before the seeding day (yesterday if the server started before midnight).
    const today = new Date();
    const dayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const dateFor = (daysAgo: number, base: number) =>
      formatDate(new Date(base - daysAgo * 86_400_000).toISOString().slice(0, 10));

    const shownDates: number[] = [];
    for (const [i, test] of expected.entries()) {
      const cells = rows.nth(i).getByRole('cell');
      await expect(cells).toHaveCount(4);
      // The record the visitor checked is marked among the FIN's others, in words and to assistive technology.
      if (response.records[i]?.current) {
        expect(test.tradeTested).toBe(response.certificate.tradeTested);
        await expect(rows.nth(i)).toHaveAttribute('aria-current', 'true');
        await expect(cells.nth(0)).toHaveText(`${test.tradeTested}This e-Cert`);
      } else {
        await expect(rows.nth(i)).not.toHaveAttribute('aria-current');
        await expect(cells.nth(0)).toHaveText(test.tradeTested);
      }
      await expect(cells.nth(1)).toHaveText(test.testLevel);
      const date = (await cells.nth(2).textContent()) ?? '';
      expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect([
        dateFor(test.passedDaysAgo, dayStart),
        dateFor(test.passedDaysAgo, dayStart - 86_400_000),
      ]).toContain(date);
      shownDates.push(Date.parse(`${date} UTC`));
      const result = cells.nth(3).locator('.mantine-Badge-root').first();
      await expect(result).toHaveText(test.testResult);

      const background = rgb(await result.evaluate((badge) => getComputedStyle(badge).backgroundColor));
      const state = states[i];
      // An expired row still shows its result, with "Expired" beside it.
      if (state === 'expired') await expect(cells.nth(3)).toHaveText(`${test.testResult}Expired`);
      else await expect(cells.nth(3)).toHaveText(test.testResult);
      if (/^passed$/i.test(test.testResult) && state === 'valid') {
        // Green: the green channel leads.
        expect(background.g).toBeGreaterThan(background.r);
        expect(background.g).toBeGreaterThan(background.b);
      } else if (/^passed$/i.test(test.testResult)) {
        // An expired pass is grey, never green: the channels stay close.
        expect(
          Math.max(background.r, background.g, background.b) -
            Math.min(background.r, background.g, background.b),
        ).toBeLessThan(20);
      } else {
        // Orange: strong red, some green, little blue.
        expect(background.r).toBeGreaterThan(background.g);
        expect(background.g).toBeGreaterThan(background.b);
        expect(background.r - background.b).toBeGreaterThan(100);
      }
    }
    expect(shownDates).toEqual([...shownDates].sort((a, b) => b - a));
    expect(new Set(shownDates).size).toBe(4);
  });

  test('"View Certificate" opens "Certificate & Passport": the certificate, the passport held by the issuer; scrolling locked', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, first);
    const body = page.locator('body');
    await expect(body).not.toHaveAttribute('data-scroll-locked', /.*/);
    const viewButton = page.getByRole('button', { name: 'View Certificate' });
    await viewButton.click();
    const modal = page.getByRole('dialog', { name: 'Certificate & Passport' });
    await expect(modal).toBeVisible();
    await expectImageLoaded(modal.getByRole('img', { name: `Certificate of ${first.holder.name}` }));
    // The passport scan is an identity document: the public page names who holds it, never shows it.
    await expect(
      modal.getByText(`Identity documents are held by ${site.issuerName} and are not published.`),
    ).toBeVisible();
    await expect(modal.locator('img')).toHaveCount(1);
    await expect(body).toHaveAttribute('data-scroll-locked', /.*/);

    await waitForAnimations(page);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(body).not.toHaveAttribute('data-scroll-locked', /.*/);
    // Focus goes back to the button, and the dialog opens again from the keyboard.
    await expect(viewButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(viewButton).toBeFocused();
  });

  test('a record without a signature says "No signature available"', async ({ page, request }) => {
    await openRecord(page, request, noSignature);
    await expect(page.getByText('No signature available', { exact: true })).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(0);
    await expect(cardValue(page, 'Full Name')).toHaveText(noSignature.holder.name);
  });

  test('a record without a PDF says "No PDF Available"', async ({ page, request }) => {
    await openRecord(page, request, noPdf);
    await expect(page.getByText('No PDF Available', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View PDF' })).toHaveCount(0);
    await expect(cardValue(page, 'Full Name')).toHaveText(noPdf.holder.name);
  });

  test('a record without certificate or passport images has no "View Certificate" button', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, noImages);
    await expect(cardValue(page, 'Full Name')).toHaveText(noImages.holder.name);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Certificate' })).toHaveCount(0);
  });

  test('a revoked record shows "Revoked" with its reason instead of "Verified Information"', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, revoked);
    await expect(cardValue(page, 'Full Name')).toHaveText(revoked.holder.name);
    await expect(page.getByTestId('record-state').getByText('Revoked', { exact: true })).toBeVisible();
    await expect(page.getByText(revoked.test.revocationReason ?? '')).toBeVisible();
    await expect(page.getByText('Verified Information')).toHaveCount(0);
    await expect(page.getByText(`Record held by ${site.issuerName}`, { exact: true })).toBeVisible();
    // The red badge and reason are readable too.
    await expectNoAxeViolations(page);
  });

  test('a signature that fails to load says "Signature failed to load"', async ({
    page,
    request,
    consoleGuard,
  }) => {
    const id = await recordId(request, first);
    const data = (await (await request.get(`/api/certificates/${id}`)).json()) as CertificateResponse;
    const signatureUrl = data.certificate.signatureImage?.url;
    expect(signatureUrl).toMatch(/^\/files\/./);
    allowFailedLoad(consoleGuard, signatureUrl ?? '', 'aborted');
    await page.route(`**${signatureUrl}`, (route) => route.abort());

    await openPage(page, `/info/${id}`, site.certificateTitle);
    await expect(page.getByText('Signature failed to load', { exact: true })).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(0);
  });

  for (const [what, id] of [
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'nope'],
  ] as const) {
    test(`${what} shows only "No data to display."`, async ({ page, consoleGuard }) => {
      allowFailedLoad(consoleGuard, `/api/certificates/${id}`, 404);
      await openPage(page, `/info/${id}`, 'No data to display.');
      await expect(page.getByRole('main')).toHaveText('No data to display.');
      await expect(page.getByRole('term')).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByText('Verified Information')).toHaveCount(0);
    });
  }
});

test('an unknown id is answered by the server: the browser asks the API nothing', async ({ page }) => {
  const id = '00000000-0000-4000-8000-00000000abcd';
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
  });
  await openPage(page, `/info/${id}`, 'No data to display.');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});

test.describe('certificate record accessibility (axe)', () => {
  test('/info/{id} has no violations', async ({ page, request }) => {
    await openRecord(page, request, first);
    await expectImageLoaded(page.getByRole('img', { name: 'QR code linking to this record' }));
    await expectNoAxeViolations(page);
  });

  test('the "Certificate & Passport" modal has no violations', async ({ page, request }) => {
    await openRecord(page, request, first);
    await page.getByRole('button', { name: 'View Certificate' }).click();
    await expect(page.getByRole('dialog', { name: 'Certificate & Passport' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the "No data to display." page has no violations', async ({ page, consoleGuard }) => {
    const id = '00000000-0000-4000-8000-000000000000';
    allowFailedLoad(consoleGuard, `/api/certificates/${id}`, 404);
    await openPage(page, `/info/${id}`, 'No data to display.');
    await expectNoAxeViolations(page);
  });
});

test.describe('certificate record on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the training record reads completely, every column on screen, without sideways scrolling', async ({
    page,
    request,
  }) => {
    await openRecord(page, request, first);
    const section = page.getByRole('region', { name: `${site.certificateShortTitle} Training Record` });
    const table = section.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(4);
    const rows = table.locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(first.holder.tests.length);

    for (const row of await rows.all()) {
      for (const [index, cell] of (await row.getByRole('cell').all()).entries()) {
        await cell.scrollIntoViewIfNeeded();
        const box = await cell.boundingBox();
        expect(box, `cell ${index}`).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
        // Each stacked cell names its column.
        const label = await cell.evaluate((element) => getComputedStyle(element, '::before').content);
        expect(label).toContain(['Course Name', 'Course Level', 'Date of Passed', 'Course Result'][index]);
      }
    }
    const result = rows.first().getByRole('cell').nth(3).locator('.mantine-Badge-root');
    await expect(result).toBeInViewport();
    // Nothing on the page, the table's box included, scrolls sideways.
    const overflowing = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('main *')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
        .map((element) => element.className || element.tagName),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the six cards stack in one column', async ({ page, request }) => {
    await openRecord(page, request, first);
    expect(await cardGrid(page)).toEqual({ cards: 6, columns: 1, rows: 6 });
  });

  test('/info/{id} has no axe violations', async ({ page, request }) => {
    await openRecord(page, request, first);
    await expectImageLoaded(page.getByRole('img', { name: 'QR code linking to this record' }));
    await expectNoAxeViolations(page);
  });
});
