// Generates the Prisma clients: prisma/schema.prisma (PostgreSQL) -> apps/server/src/db/generated,
// prisma/sqlite/schema.prisma (the embedded store) -> apps/server/src/db/generated-sqlite.
//
// Runs as this package's `postinstall`, so a fresh `pnpm install` produces the client
// with nothing but the npm registry. Plain JavaScript on purpose: it runs before any
// TypeScript tooling can be assumed to be linked.
//
// `prisma generate` needs no engine with the `prisma-client` generator, but the CLI
// still tries to download the native schema-engine binary unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file (toolchain-notes.md). We point
// it at the Node binary itself: it always exists and is never executed by `generate`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const schemas = [
  resolve(here, '../../../prisma/schema.prisma'),
  resolve(here, '../../../prisma/sqlite/schema.prisma'),
];
const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');

for (const schema of schemas) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schema], {
    stdio: 'inherit',
    cwd: resolve(here, '..'),
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      PRISMA_GENERATE_NO_HINTS: '1',
    },
  });

  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}
