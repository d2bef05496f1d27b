/**
 * Svelte component tests: compiled by the Svelte plugin, mounted into happy-dom.
 * A project of the root vitest config, so the root `pnpm test` runs them with the rest.
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [svelte()],
  // Svelte's browser build: `mount` is not available in its server build.
  resolve: { conditions: ['browser'] },
  test: {
    name: 'web-dom',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.dom.test.ts'],
  },
});
