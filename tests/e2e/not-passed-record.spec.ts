import {
  appOrigin,
  createPersonByApi,
  daysAgo,
  expect,
  expectNoAxeViolations,
  newRecord,
  openPage,
  site,
  staffTest,
  uniqueTag,
} from './fixtures.ts';

// A failed test is a training record, not an e-Cert: what staff and an employer read of one.

for (const width of [1366, 390]) {
  staffTest.describe(`a failed result at ${width}px`, () => {
    staffTest.use({ viewport: { width, height: 900 } });

    staffTest('says its result in words and offers no e-Cert', async ({ page }) => {
      const failed = await createPersonByApi(
        page.request,
        newRecord(uniqueTag(), { testResult: 'Fail', passedDate: daysAgo(10).iso }),
        { withPdf: true },
      );
      expect(failed.testResult).toBe('Failed');

      // Staff: the card's badge says "Not passed" with the result, never a green "Valid".
      await page.goto(`/dashboard/peoples?q=${failed.finNumber}`);
      const card = page.getByRole('main').getByRole('article', { name: failed.name, exact: true });
      await expect(card.getByText('Not passed', { exact: true })).toBeVisible();
      await expect(card.getByText('result Failed: a training record, not an e-Cert')).toBeVisible();
      await expect(card.locator('.mantine-Badge-root').filter({ hasText: /^Valid$/ })).toHaveCount(0);

      // An employer: the top of the page leads with the result, nothing reads as a valid e-Cert.
      await page.context().clearCookies();
      await openPage(page, `/info/${failed.id}`, site.certificateTitle);
      const summary = page.getByTestId('record-state');
      await expect(summary).toHaveAttribute('data-state', 'not-passed');
      await expect(summary.getByText('Result: Failed', { exact: true })).toBeVisible();
      await expect(summary).toContainText('This is a training record with the result Failed, not an e-Cert.');
      await expect(page.getByTestId('course-line')).toHaveText('Test Result: Failed');
      await expect(page.getByText(/Verified Information|Course Status/)).toHaveCount(0);
      for (const name of ['View PDF', 'Download e-Cert (PDF)', 'Add to LinkedIn', 'Download credential']) {
        await expect(page.getByRole('link', { name })).toHaveCount(0);
      }
      await expect(page.getByRole('button', { name: /wallet/i })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}

staffTest(
  'the checker reports a credential whose result changed to Failed as no longer an e-Cert',
  async ({ page }) => {
    const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
    const credential = await (await page.request.get(`/api/certificates/${person.id}/credential`)).text();
    const edit = await page.request.patch(`/api/people/${person.id}`, {
      headers: { origin: appOrigin() },
      multipart: { testResult: 'Failed' },
    });
    expect(edit.status()).toBe(200);

    await page.context().clearCookies();
    await openPage(page, '/verify-credential', 'Check a Credential File');
    await page.getByLabel('Credential text').fill(credential);
    await page.getByRole('button', { name: 'Check credential' }).click();
    const verdict = page.getByTestId('credential-verdict');
    await expect(verdict.getByRole('heading')).toHaveText('Not valid: no longer an e-Cert');
    await expect(verdict).toContainText('the result changed to Failed.');
    await expect(page.getByText('Valid e-Cert', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  },
);
