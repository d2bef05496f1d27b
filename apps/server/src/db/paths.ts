import { join } from 'node:path';
import { repoRoot } from '../repo-root.ts';

// From the repository's root, not from this file: in the built server this module is
// part of apps/server/dist/main.js, one folder less deep than here.
/** The repository's prisma/ directory (schema.prisma and migrations/). */
export const prismaDir = join(repoRoot, 'prisma/');
export const schemaPath = join(repoRoot, 'prisma/schema.prisma');
export const migrationsDir = join(repoRoot, 'prisma/migrations/');
/** Where the embedded database lives when no dataDir is given (gitignored). */
export const defaultDataDir = join(repoRoot, '.data/pglite');
