import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
          environment: 'node',
          // Linting with the real ESLint config loads it cold on first use; a shared machine can take seconds.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // Each file builds its own app on its own database; sharing a worker's loaded modules between files
          // halves the suite's time (the server's modules were otherwise loaded again for every file).
          isolate: false,
        },
      },
      {
        test: {
          // nginx in front of two server processes on PostgreSQL; skips itself when either is missing
          name: 'proxy',
          include: ['tests/proxy/**/*.test.ts'],
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A journey runs a dozen axe scans and several browsers; on a busy two-core machine one takes 80 s.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A screen waited for without its own timeout gets 10 s, not the default 1 s, before the check fails.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
