import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/long-files-first.ts';
import { linguiMacros } from './vite-lingui-macros.ts';

export default defineConfig({
  test: {
    // One file more than there are cores: a test spends much of its time waiting on its database,
    // its child processes or its timers. On two cores, three files at a time took CI's PGlite pass
    // from 1,052 to 910 s and its PostgreSQL pass from 912 to 752 s (both passes at once).
    maxWorkers: os.availableParallelism() + 1,
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
