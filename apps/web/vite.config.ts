/**
 * The web client's build. `pnpm dev` serves it with hot reload and forwards socket.io
 * and /api to the game server (KIBITZ_SERVER, default http://127.0.0.1:3000);
 * `pnpm build` writes the production files to dist/, which the server serves.
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const server = process.env.KIBITZ_SERVER ?? 'http://127.0.0.1:3000';
const proxy = {
  '/socket.io': { target: server, ws: true },
  '/api': { target: server },
};

export default defineConfig({
  plugins: [svelte()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      // Timing warnings say more about a busy machine than about the build.
      checks: { bundlerTimings: false },
      // The rules package is pure (its modules only build lookup tables when loaded) but does
      // not say so in its package.json: without this, its barrel file drags the whole engine
      // into the main bundle, when only the replay page needs it.
      treeshake: { moduleSideEffects: (id: string) => !/[/]packages[/](rules|protocol)[/]src[/]/.test(id) },
    },
  },
});
