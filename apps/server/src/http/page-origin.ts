/**
 * Which pages may open a socket here: the site's own, and the origins the operator names
 * (`KIBITZ_ALLOWED_ORIGINS`). A browser says which page opens a socket in the handshake's
 * `Origin` header, and a page elsewhere cannot make it lie; without this, any site could
 * open sockets to the server from its visitors' browsers.
 *
 * "The site's own" is the origin whose host is the one the request was sent to: `Host`,
 * or behind a proxy of our own (`trustProxy`) the last `X-Forwarded-Host` when the proxy
 * sets one (HAProxy passes `Host` on as it came). So a server needs no setting to know its
 * own name, whatever it is reached by (localhost, a LAN address, a domain), and `pnpm
 * dev` works as it is: Vite's proxy keeps the browser's `Host` (localhost:5173), which
 * is the page's origin. The scheme is not compared: a proxy that terminates TLS forwards
 * plain HTTP, and the host is what tells one site from another.
 *
 * A request with no `Origin` at all does not come from a web page (bots, tests, the
 * bench, a native client): nothing to check.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface OriginPolicy {
  /** Origins besides the page's own, as a browser sends them (`https://host[:port]`). */
  allowedOrigins: readonly string[];
  /** Behind a proxy of our own: its X-Forwarded-Host names the host asked for. */
  trustProxy: boolean;
}

export const FOREIGN_ORIGIN =
  'This server accepts sockets only from its own pages (its operator can name others in KIBITZ_ALLOWED_ORIGINS)';

function lastEntry(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value?.split(',').at(-1)?.trim();
  return last === '' ? undefined : last;
}

/** The host the request was sent to, as the browser's address bar had it. */
function requestedHost(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  return (trustProxy ? lastEntry(headers['x-forwarded-host']) : undefined) ?? headers.host;
}

/** Why a page with this request's Origin may not open a socket, or null when it may. */
export function originRefusal(headers: IncomingHttpHeaders, policy: OriginPolicy): string | null {
  const origin = headers.origin;
  if (origin === undefined) return null;
  if (policy.allowedOrigins.includes(origin)) return null;
  const host = requestedHost(headers, policy.trustProxy);
  if (host === undefined) return FOREIGN_ORIGIN;
  try {
    const page = new URL(origin);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return FOREIGN_ORIGIN;
    // The Host header read with the page's scheme, so default ports and case compare alike.
    const asked = new URL(`${page.protocol}//${host}`);
    return page.host === asked.host ? null : FOREIGN_ORIGIN;
  } catch {
    // "null" (a sandboxed frame, a file), or a Host that is no host.
    return FOREIGN_ORIGIN;
  }
}
