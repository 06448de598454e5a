import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/long-files-first.ts';
import { linguiMacros } from './vite-lingui-macros.ts';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (the default would be one there): a test spends much of
    // its time waiting on its database, its child processes or its timers.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    globalSetup: ['tests/build-server.setup.ts'],
    projects: [
      {
        plugins: [linguiMacros()],
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/lib/**/*.test.ts',
            'src/client/islands/**/*.test.tsx',
            'tests/repository/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [linguiMacros()],
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          // Files share one module cache, so the server is imported once per run, not per file:
          // each file builds its own app on its own database, and nothing the server keeps at
          // module level outlives an app.
          isolate: false,
          // Twice the minute one file had alone: CI runs two files at a time on each of its two
          // passes, so a test's start-up (an app, a child process) gets half the CPU it had.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // `npm run dev` in a copy of the sources, started and edited as a developer would.
          name: 'dev',
          include: ['tests/dev/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          // Twice what a drill had alone, as for the API tests: each starts real server processes.
          testTimeout: 120_000,
          hookTimeout: 360_000,
        },
      },
    ],
  },
});
