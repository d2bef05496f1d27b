/**
 * The headers every answer carries (@fastify/helmet), so that a page of ours is a poor
 * place for anyone else's code: a table's address is its key, and seat tokens live in the
 * page's localStorage (SECURITY.md).
 *
 * - Content-Security-Policy: everything from our own origin only. The built client is
 *   one script and its style sheets, loaded by `<script src>` and `<link>`; Svelte sets
 *   styles through the CSSOM (`element.style`), which CSP does not govern, so no
 *   'unsafe-inline' anywhere (the Chromium e2e suite fails on any violation). The icon
 *   is a `data:` URI in index.html. `connect-src 'self'` covers the socket (same host,
 *   ws:/wss: included). Nobody may frame the page (`frame-ancestors 'none'`, and
 *   `X-Frame-Options: DENY` for older browsers).
 * - Referrer-Policy: no-referrer, so a link followed from `/t/CODE` does not carry the code.
 * - X-Content-Type-Options: nosniff, and helmet's other defaults (cross-origin isolation
 *   of the opener and resources).
 * - HSTS and upgrade-insecure-requests only when the site is served over HTTPS
 *   (`KIBITZ_HTTPS=1`): on a plain-HTTP home network either would lock the page out.
 *
 * `pnpm dev` serves the page from Vite, which sends none of this (its hot reload needs
 * inline styles and its own socket): the relaxing happens there, and only there.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** The site is served over HTTPS (by a proxy in front). */
  https: boolean;
}

type Directives = Record<string, string[]>;

/** The Content-Security-Policy's directives; `styles` adds hashes of inline styles a page carries. */
export function cspDirectives(options: SecurityHeaderOptions, styles: string[] = []): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...styles],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The policy as the header says it (for a page that needs its own, see web-client.ts). */
export function cspHeader(options: SecurityHeaderOptions, styles: string[] = []): string {
  return Object.entries(cspDirectives(options, styles))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';'); // as helmet writes it
}

/**
 * For socket.io's own answers (long-polling), which never pass through fastify: never
 * a page, so nothing may run or load in them; no sniffing, no referrer, no framing.
 */
export const socketTransportHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // One year, this host only: a sub-domain may well be something else on plain HTTP.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}
