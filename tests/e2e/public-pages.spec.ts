import * as routes from '../../src/shared/routes.ts';
import { allowDocument404, expect, openPage, publicPages, readContent, site, test } from './fixtures.ts';

test.describe('public pages', () => {
  test('every page of the route list without a parameter is among those opened below', () => {
    const opened = publicPages.map((page) => page.path.split('?')[0]);
    // A record page needs a record: certificate-record.spec.ts opens it.
    const listed = Object.values(routes.publicPages).filter((path) => !path.includes(':'));
    expect(opened).toEqual(expect.arrayContaining(listed));
  });

  for (const { path, heading, status } of publicPages) {
    test(`${path} renders its heading without console errors`, async ({ page, consoleGuard }) => {
      if (status === 404) allowDocument404(consoleGuard, path);
      const response = await openPage(page, path, heading);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toContainText(site.tagline);
      // Let late requests (images, lazy data) finish so their errors are caught too.
      await page.waitForLoadState('networkidle');
    });
  }

  test('an unknown path answers 404 with a friendly page that links home', async ({ page, consoleGuard }) => {
    allowDocument404(consoleGuard, '/no-such-page');
    const response = await openPage(page, '/no-such-page', 'Page not found');
    expect(response?.status()).toBe(404);
    const home = page.getByRole('main').getByRole('link', { name: 'Go to the home page' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      readContent<{ heroTitle: string }>('home').heroTitle,
    );
  });

  test('courses show six cards', async ({ page }) => {
    await openPage(page, '/courses', 'Courses');
    const courses = readContent<{ cards: { id: string; title: string }[] }>('courses').cards;
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(6);
    for (const [i, course] of courses.entries()) {
      await expect(cards.nth(i).getByRole('heading')).toHaveText(course.title);
      await expect(cards.nth(i)).toHaveAttribute('id', course.id);
    }
  });

  test("the home page's course cards are links to their course on /courses", async ({ page }) => {
    await openPage(page, '/');
    const courses = readContent<{ cards: { id: string; title: string }[] }>('courses').cards.slice(0, 3);
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(3);
    for (const [i, course] of courses.entries()) {
      await expect(cards.nth(i).getByRole('link', { name: course.title })).toHaveAttribute(
        'href',
        `/courses#${course.id}`,
      );
    }
    // The whole card is the link's click area.
    const [, second] = courses;
    await cards.nth(1).click({ position: { x: 20, y: 90 } });
    await expect(page).toHaveURL(`/courses#${second?.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');
    await expect(page.getByRole('heading', { name: second?.title })).toBeInViewport();
  });

  test('"See all courses" leads to /courses, lined up with its heading where it wraps below it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/');
    const home = readContent<{ coursesTitle: string; coursesAction: string }>('home');
    const heading = page.getByRole('heading', { level: 2, name: home.coursesTitle });
    const link = page.getByRole('main').getByRole('link', { name: home.coursesAction });
    await expect(link).toHaveAttribute('href', '/courses');
    // Where the words themselves start, padding or not.
    const textBox = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, top } = range.getBoundingClientRect();
      return { left, top };
    };
    const [headingText, linkText] = [await heading.evaluate(textBox), await link.evaluate(textBox)];
    expect(linkText.top).toBeGreaterThan(headingText.top);
    expect(Math.abs(linkText.left - headingText.left)).toBeLessThanOrEqual(1);
  });

  test('careers show six cards', async ({ page }) => {
    await openPage(page, '/careers', 'Careers & Skills Passport');
    const careers = readContent<{ cards: { title: string }[] }>('careers').cards;
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading')).toHaveText(careers.map((c) => c.title));
  });

  test('resources show eight external links that open in a new tab safely', async ({ page }) => {
    await openPage(page, '/resources', 'Resources');
    const resources = readContent<{ links: { title: string; url: string }[] }>('resources').links;
    expect(resources).toHaveLength(8);
    const links = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(8);
    for (const [i, resource] of resources.entries()) {
      const link = links.nth(i);
      await expect(link).toContainText(resource.title);
      await expect(link).toHaveAttribute('href', resource.url);
      await expect(link).toHaveAttribute('target', '_blank');
      const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? [];
      expect(rel).toContain('noopener');
      expect(rel).toContain('noreferrer');
    }
  });

  test('the footer shows the tagline and the copyright line', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Discover training opportunities, check your e-Certs and more.');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Demo Skills Institute`);
  });

  test('the top bar shows the four links at desktop width', async ({ page }) => {
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected = [
      ['Careers & Skills Passport', '/careers'],
      ['Courses', '/courses'],
      ['Resources', '/resources'],
      ['About', '/about'],
    ] as const;
    const links = nav.getByRole('listitem').getByRole('link');
    await expect(links).toHaveText(expected.map(([label]) => label));
    for (const [label, href] of expected) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: `${site.portalName} home` })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    await nav.getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(page).toHaveURL('/courses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courses');
  });

  test('every footer link leads to a real page', async ({ page }) => {
    const footerLinks = [
      ['Contact', '/contact'],
      ['About Us', '/about'],
      ['Related Sites', '/resources'],
      ['Report Vulnerability', '/security'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Use', '/terms'],
      ['Supported Browsers', '/supported-browsers'],
      ['Feedback', '/contact'],
      ['FAQ', '/faq'],
    ] as const;
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link')).toHaveText(footerLinks.map(([label]) => label));
    for (const [label, href] of footerLinks) {
      await footer.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(publicPages.find((p) => p.path === href)?.heading ?? '');
      await expect(h1).not.toHaveText('Page not found');
    }
  });

  test('/.well-known/security.txt answers plain text with a Contact line', async ({ request }) => {
    const response = await request.get('/.well-known/security.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^Contact: \S+/m);
  });

  test('the "Skip to main content" link is the first Tab stop and moves focus to main', async ({ page }) => {
    await openPage(page, '/', readContent<{ heroTitle: string }>('home').heroTitle);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab stop is the first control in main, not the top bar.
    await page.keyboard.press('Tab');
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: readContent<{ heroAction: string }>('home').heroAction }),
    ).toBeFocused();
  });
});

test.describe('site search', () => {
  test('a quoted phrase lists exactly the matching course', async ({ page }) => {
    await openPage(page, '/search?q=%22hands-on%20practice%22', 'Search');
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText('1 result for “hands-on practice”');
    const results = main.getByRole('list').first().getByRole('listitem');
    await expect(results).toHaveCount(1);
    const link = results.getByRole('link', { name: 'Forklift Operation' });
    await expect(link).toHaveAttribute('href', '/courses#forklift-operation');
    await expect(page.getByRole('textbox', { name: 'Search this site' })).toHaveValue('"hands-on practice"');
  });

  test('an unquoted query lists results', async ({ page }) => {
    await openPage(page, '/search?q=safety', 'Search');
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText(/^\d+ results? for “safety”$/);
    const results = main.getByRole('list').first().getByRole('listitem');
    expect(await results.count()).toBeGreaterThan(1);
    await expect(results.getByRole('link', { name: 'Workplace Safety Fundamentals' })).toBeVisible();
  });

  test('submitting the search form on the search page runs a new search', async ({ page }) => {
    await openPage(page, '/search?q=safety', 'Search');
    const box = page.getByRole('textbox', { name: 'Search this site' });
    await box.fill('welding');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?q=welding');
    await expect(page.getByRole('main').getByRole('link', { name: 'Metal Arc Welding' })).toBeVisible();
  });
});

test.describe('the floating feedback button on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/courses', '/about']) {
    test(`covers nothing at the end of ${path}, the copyright line included`, async ({ page }) => {
      await openPage(page, path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
        .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight - 1));
      const copyright = page.getByRole('contentinfo').getByText(/^© \d{4} /);
      await expect(copyright).toBeInViewport();

      const button = await page.getByRole('button', { name: 'Give feedback' }).boundingBox();
      expect(button).not.toBeNull();
      // Every element that shows text, an image or a control, in main and the footer.
      const covered = await page.evaluate(
        (b) => {
          const shown = [...document.querySelectorAll('main *, footer *')].filter(
            (element) =>
              element.matches('a, button, input, img, svg') ||
              [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()),
          );
          return shown
            .filter((element) => {
              const r = element.getBoundingClientRect();
              if (r.width === 0 || r.height === 0) return false;
              return r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y;
            })
            .map((element) => element.textContent?.trim().slice(0, 40) || element.tagName);
        },
        button as NonNullable<typeof button>,
      );
      expect(covered).toEqual([]);
    });
  }
});
