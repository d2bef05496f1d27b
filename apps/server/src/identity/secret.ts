/**
 * The server secret signs guest tokens. It comes from KIBITZ_SECRET, or is generated
 * once and kept in the data directory, so tokens survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const FILE = 'server-secret';

export async function loadSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined && fromEnv.length > 0) {
    if (fromEnv.length < 16) throw new Error('KIBITZ_SECRET must be at least 16 characters');
    return fromEnv;
  }
  const path = join(dataDir, FILE);
  try {
    const stored = (await readFile(path, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx': if another process wrote one meanwhile, keep theirs.
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return (await readFile(path, 'utf8')).trim();
  }
}
