import { chromium } from '@playwright/test';

/**
 * How long each page takes, on Debian's Chromium with its CPU slowed down `cpuSlowdown` times, to
 * start responding: the `ready` mark the app sets with `<html data-ready>` once React has taken
 * the page over. A page that never gets there fails the bench: its scripts did not run, and its
 * Lighthouse figures would flatter it.
 */
export async function timeToReady(
  urls: Record<string, string>,
  options: { runs: number; cpuSlowdown: number },
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  const readyMs: Record<string, number[]> = {};
  try {
    for (const [name, url] of Object.entries(urls)) {
      readyMs[name] = [];
      for (let run = 0; run < options.runs; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
        await page.goto(url, { waitUntil: 'commit' });
        try {
          await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
        } catch {
          throw new Error(`${name} never reached html[data-ready]: its scripts did not take it over`);
        }
        const mark = await page.evaluate(() => performance.getEntriesByName('ready')[0]?.startTime ?? -1);
        readyMs[name].push(Math.round(mark));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return readyMs;
}
