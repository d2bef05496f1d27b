/**
 * The web client, from the same process as the game: when `apps/web/dist` (the output of
 * `pnpm build`) exists, its files are served as they are, and every client route
 * (`/t/CODE`, `/replay/ID`, ...) gets `index.html`, so a link or a reload lands on the
 * page it names. The server's own paths (`/api`, `/healthz`, `/readyz`, `/metrics`, `/socket.io`) are
 * never answered with the page. Vite names its bundles by content hash, so those are
 * cached for good; `index.html` (which names them) is revalidated on every visit.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/vite.config.ts); a browser that accepts one of them gets that copy as it is,
 * with its Content-Encoding, so nothing is compressed per request. Every file's answer
 * says `Vary: Accept-Encoding`, so a cache between never hands one encoding to a browser
 * that asked for another.
 *
 * Without a build, `/` answers with a short page saying how to get one.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspHeader, type SecurityHeaderOptions } from './security-headers.ts';

/** Paths the server answers itself: never the client's page, even when nothing matches. */
const SERVER_PATHS = ['/api', '/healthz', '/readyz', '/metrics', '/socket.io'];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's content-hashed output: `assets/index-Bq0SfwsA.js`. */
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** The build's compressed copies: sent in place of their file, never asked for by name. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

export function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A route of the client (no file extension in its last segment), not a missing file. */
export function isClientRoute(pathname: string): boolean {
  if (isServerPath(pathname) || pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** The Cache-Control of a file of the build, by its path inside dist (a compressed copy's: its file's). */
export function cacheControlFor(pathInDist: string): string {
  const file = pathInDist.split(sep).join('/').replace(COMPRESSED_COPY, '');
  return HASHED_ASSET.test(file) ? IMMUTABLE : REVALIDATE;
}

export function hasWebBuild(distDir: string | null): distDir is string {
  return distDir !== null && existsSync(join(distDir, 'index.html'));
}

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ code: 'not-found', message: `Route ${request.method}:${pathOf(request)} not found` });
}

/**
 * Registers the web client: the build when there is one, otherwise a page at `/` (and at
 * the client's routes) saying how to build it. Returns whether the build is served.
 */
export async function registerWebClient(
  app: FastifyInstance,
  distDir: string | null,
  security: SecurityHeaderOptions = { https: false },
): Promise<boolean> {
  if (!hasWebBuild(distDir)) {
    // The policy with this page's one inline style sheet allowed by its hash.
    const policy = cspHeader(security, [
      `'sha256-${createHash('sha256').update(NO_BUILD_STYLE).digest('base64')}'`,
    ]);
    const hint = (reply: FastifyReply, status: number) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .header('content-security-policy', policy)
        .send(NO_BUILD_PAGE);
    app.get('/', async (_request, reply) => hint(reply, 200));
    app.setNotFoundHandler((request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      return isRead && isClientRoute(pathOf(request)) ? hint(reply, 404) : notFound(request, reply);
    });
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // Files are looked up on each request, so a rebuild (new hashes) is served without a restart.
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders(response, path) {
      response.setHeader('cache-control', cacheControlFor(relative(distDir, path)));
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || !isClientRoute(pathOf(request))) return notFound(request, reply);
    return reply.sendFile('index.html');
  });
  return true;
}

const NO_BUILD_STYLE =
  'body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }';

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kibitz: the web client is not built</title>
    <style>${NO_BUILD_STYLE}</style>
  </head>
  <body>
    <h1>Kibitz</h1>
    <p>The game server is running, but the web client has not been built.</p>
    <p>Run <code>pnpm build</code> and restart the server (<code>pnpm start</code>),
      or use <code>pnpm dev</code> for the client with hot reload.</p>
    <p>The server itself answers at <a href="/healthz">/healthz</a> and
      <a href="/api/tables">/api/tables</a>.</p>
  </body>
</html>
`;
