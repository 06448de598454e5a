import { createPersonByApi, expect, newRecord, staffTest as test, uniqueTag } from './fixtures.ts';

// Each one runs script (or loads a URL) if a page ever puts record text into the DOM as markup.
const markup = {
  name: '<img src="/xss-probe.png" onerror="window.__xss = 1">',
  nationality: '<script>window.__xss = 2</script>',
  tradeTested: '"><svg onload="window.__xss = 3"></svg>',
  testLevel: '<a href="javascript:window.__xss = 4">level</a>',
  gender: "{{constructor.constructor('window.__xss = 5')()}}",
};

// What markup injected through a record would leave in a page, were it not escaped.
const injected =
  'img[src="/xss-probe.png"], svg[onload], a[href^="javascript:"], script:not([src]):not([type="application/json"])';

test('a record whose text fields hold HTML and script shows them as text, public and staff pages alike', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // six pages on a shared machine
  const tag = uniqueTag();
  const person = await createPersonByApi(
    request,
    newRecord(tag, { ...markup, name: `${markup.name} ${tag}` }),
  );

  // Each page with what shows it has rendered the record (or, where it is not listed, the page itself).
  const pages: [string, string][] = [
    [`/info/${person.id}`, `text=${tag}`],
    ['/dashboard', 'h1'],
    ['/dashboard/peoples', `text=${tag}`],
    [`/dashboard/updatepeople/${person.id}`, `input[value*="${tag}"]`],
    ['/dashboard/images', 'h1'],
    ['/dashboard/audit', `a[href="/dashboard/updatepeople/${person.id}"]`],
  ];
  for (const [path, rendered] of pages) {
    await page.goto(path);
    await expect(page.locator(rendered).first(), path).toBeVisible();
    await expect(page.locator(injected), path).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), path).toBeUndefined();
  }

  // The server renders the record page whole: the text is escaped in its markup, and in the props
  // its islands carry, which are attribute text with no "<" in it.
  const html = await (await request.get(`/info/${person.id}`)).text();
  expect(html).toContain('&lt;script&gt;window.__xss = 2&lt;/script&gt;');
  expect(html).not.toContain(markup.nationality);
  const props = /data-island="record-actions"[^>]*data-props="([^"]*)"/.exec(html)?.[1];
  expect(props).toContain(tag);
  expect(props).not.toContain('<');

  // The public record page shows the text as typed: escaped, not dropped.
  await page.goto(`/info/${person.id}`);
  await expect(page.getByText(`${markup.name} ${tag}`).first()).toBeVisible();
  await expect(page.getByText(markup.nationality).first()).toBeVisible();
});
