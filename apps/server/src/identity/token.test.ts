import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecret } from './secret.ts';
import { issueToken, verifyToken } from './token.ts';

const secret = 'a-test-secret-of-enough-length';

describe('guest tokens', () => {
  it('admit their player to their room only', () => {
    const token = issueToken(secret, 'player-1', 'room-1');
    expect(verifyToken(secret, token, 'room-1')).toBe('player-1');
    expect(verifyToken(secret, token, 'room-2')).toBeNull();
    expect(verifyToken('another-secret-of-enough-length', token, 'room-1')).toBeNull();
  });

  it('cannot be forged or altered', () => {
    const token = issueToken(secret, 'player-1', 'room-1');
    const [version, , signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ p: 'player-2', r: 'room-1' })).toString('base64url');
    expect(verifyToken(secret, `${version}.${forgedBody}.${signature}`, 'room-1')).toBeNull();
    expect(verifyToken(secret, `${token}x`, 'room-1')).toBeNull();
    expect(verifyToken(secret, 'garbage', 'room-1')).toBeNull();
    expect(verifyToken(secret, '', 'room-1')).toBeNull();
  });
});

describe('server secret', () => {
  it('is generated once and kept in the data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kibitz-secret-'));
    try {
      const first = await loadSecret(dir, undefined);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(await loadSecret(dir, undefined)).toBe(first);
      expect((await readFile(join(dir, 'server-secret'), 'utf8')).trim()).toBe(first);
      expect(await loadSecret(dir, 'from-the-environment-123')).toBe('from-the-environment-123');
      await expect(loadSecret(dir, 'short')).rejects.toThrow(/16 characters/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
