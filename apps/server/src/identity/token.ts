/**
 * Guest identity: a token binds a player id to one room, signed with HMAC-SHA256 under
 * the server secret. Nothing is stored for it; a token that does not verify, or names
 * another room, admits nobody.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'k1';

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`${VERSION}.${body}`).digest('base64url');
}

export function issueToken(secret: string, playerId: string, roomId: string): string {
  const body = Buffer.from(JSON.stringify({ p: playerId, r: roomId })).toString('base64url');
  return `${VERSION}.${body}.${sign(secret, body)}`;
}

/** The player id the token was issued for, if it is genuine and for this room; else null. */
export function verifyToken(secret: string, token: string, roomId: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return null;
    const { p, r } = claims as { p?: unknown; r?: unknown };
    return typeof p === 'string' && r === roomId ? p : null;
  } catch {
    return null;
  }
}
