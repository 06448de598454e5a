import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's build of Chromium's headless shell, never a downloaded browser: the same engine as the
// browser, without its window and profile machinery, which cost a fifth of the suite's CPU
// (docs/decisions/0029). The flags keep it from reaching out to the network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Four at a time on two cores: each test spends much of its time waiting on the server, its
  // timers and page loads, time in which two workers left a core idle
  // (bench/results/2026-11-29-ci-cpu.json).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Generous for every test: axe scans, imports and the proof of work take seconds on a busy
  // 2-core machine, and machines of this kind differ: on the slowest seen, over twice as slow as
  // the usual one, the longest tests (several full scans, or imports first) took about a minute.
  timeout: 120_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded only when a failed test runs again: recording every test costs a fifth of the suite's CPU.
    trace: 'on-first-retry',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /content-editor\.spec\.ts/,
    },
    // Publishing changes what every other test reads on the public pages: these run after them.
    {
      name: 'content-editing',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: /content-editor\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx tests/e2e/start-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Migrations, the demo records and the page renderer take a while on a busy 2-core machine.
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '1000/1m',
      VERIFY_WAIT_SECONDS: '2',
      VERIFY_RATE_LIMIT: '1000/1m',
    },
  },
});
