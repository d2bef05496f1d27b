// `pnpm serve`: runs the built server (apps/server/dist/main.js, from `pnpm build`) on
// node alone, in this process. Nothing built: one line saying what to do, exit 1.
// (The Dockerfile runs dist/main.js directly; its image is always built.)
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!existsSync(main)) {
  process.stderr.write(
    'kibitz: not starting: the server is not built (no apps/server/dist/main.js); run `pnpm build` first, or `pnpm start` to build and serve\n',
  );
  process.exit(1);
}
await import(pathToFileURL(main).href);
