/**
 * The repository's root: the nearest folder above this module that holds
 * pnpm-workspace.yaml. Found by looking rather than by counting `../`, so the same code
 * serves from source (apps/server/src/...) and from the built bundle
 * (apps/server/dist/main.js, or a test's build elsewhere under apps/server), where every
 * module's import.meta.url is the bundle's.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir)
      throw new Error(`no pnpm-workspace.yaml above ${from}: not inside the Kibitz repository`);
  }
}

export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
