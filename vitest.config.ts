import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
    testTimeout: 60_000,
    // The JSON report lets CI print one plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest-report.json' }]],
  },
});
