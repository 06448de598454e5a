import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

export interface PageScripts {
  /** Gzipped JavaScript the page fetches and runs with no visitor action, up to html[data-ready]. */
  firstPaintJsGzipKb: number;
  /** The same once a visitor has reached for every island on the page. */
  allIslandsJsGzipKb: number;
  islands: string[];
  scripts: string[];
}

const round = (kb: number) => Math.round(kb * 10) / 10;

/** The scripts a page fetches from /assets/, as files of the build. */
function collectScripts(page: Page, into: Set<string>) {
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) into.add(pathname.slice(1));
  });
}

/**
 * What each page really loads, read in Chromium: the build's files it fetched, gzipped as the
 * server sends them. Deterministic for a build: no timing enters it. A page that never reaches
 * html[data-ready] fails the bench, as its scripts did not run.
 */
export async function measurePageScripts(clientDir: string, urls: Record<string, string>) {
  const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length / 1024;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const pages: Record<string, PageScripts> = {};
  try {
    for (const [name, url] of Object.entries(urls)) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      const scripts = new Set<string>();
      collectScripts(page, scripts);
      await page.goto(url);
      await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const firstPaint = [...scripts];
      const islands = await page.$$eval('[data-island]', (markers) =>
        markers.map((marker) => {
          marker.dispatchEvent(new Event('pointerover'));
          return (marker as HTMLElement).dataset.island ?? '';
        }),
      );
      // A signed-in user's link never hydrates for this visitor, who has not signed in.
      const pending = '[data-island]:not([data-hydrated]):not([data-hydrate="if-signed-in"])';
      await page.waitForFunction((selector) => !document.querySelector(selector), pending);
      await page.waitForLoadState('networkidle');
      pages[name] = {
        firstPaintJsGzipKb: round(firstPaint.reduce((total, file) => total + gzipKb(file), 0)),
        allIslandsJsGzipKb: round([...scripts].reduce((total, file) => total + gzipKb(file), 0)),
        islands,
        scripts: firstPaint,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}
