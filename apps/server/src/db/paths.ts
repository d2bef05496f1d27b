import { fileURLToPath } from 'node:url';

/** The repository's prisma/ directory (schema.prisma and migrations/). */
export const prismaDir = fileURLToPath(new URL('../../../../prisma/', import.meta.url));
export const schemaPath = fileURLToPath(new URL('../../../../prisma/schema.prisma', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../../../../prisma/migrations/', import.meta.url));
/** Where the embedded database lives when no dataDir is given (gitignored). */
export const defaultDataDir = fileURLToPath(new URL('../../../../.data/pglite', import.meta.url));
