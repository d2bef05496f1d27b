import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // The JSON report lets CI print one plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest-report.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            // The server's bench and test tooling, outside its product code.
            'apps/server/bench/**/*.test.ts',
            'apps/server/testing/**/*.test.ts',
            'apps/server/cluster/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'apps/web/src/**/*.dom.test.ts'],
        },
      },
      // Svelte components in happy-dom (their own plugins and environment).
      'apps/web/vitest.config.ts',
      // Browsers against the real server (apps/web/e2e): after everything else, on their own,
      // so they neither slow the unit tests down nor are slowed down by them.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['apps/*/e2e/**/*.e2e.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
