/** The web client served by the game server: a temporary build folder, and no build at all. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/clients.ts';
import { SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';
import { cacheControlFor, IMMUTABLE, isClientRoute, REVALIDATE, registerWebClient } from './web-client.ts';

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** A GET as a browser sends it, with the encodings it accepts; the body as it came. */
function getEncoded(
  port: number,
  path: string,
  acceptEncoding: string | null,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    const request = get({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });
}

const INDEX =
  '<!doctype html><title>Kibitz test build</title><script src="/assets/index-Bq0SfwsA.js"></script>';
const SCRIPT = 'console.log("kibitz");';
/** Compressed copies as the build writes them; their bytes differ from the files', so a test can tell. */
const COMPRESSED_SCRIPT = 'console.log("kibitz, compressed copy");';
const COMPRESSED_INDEX = `${INDEX}<!-- compressed copy -->`;
/** fetch asks for gzip and brotli by itself: these tests want the file as it is. */
const identity = { headers: { 'accept-encoding': 'identity' } };

describe('paths', () => {
  it('tells client routes from server paths and files', () => {
    for (const path of ['/', '/t/KQ7M-X3PA-9R', '/replay/0b7c9a4e-1f2d-4c1e-9e55-0c1f9a6b8d21', '/t/x/']) {
      expect(isClientRoute(path), path).toBe(true);
    }
    for (const path of ['/api', '/api/tables', '/healthz', '/readyz', '/socket.io/', '/assets/x', '/a.js']) {
      expect(isClientRoute(path), path).toBe(false);
    }
    expect(isClientRoute('/apiary')).toBe(true);
  });

  it('caches hashed bundles for good and revalidates everything else', () => {
    expect(cacheControlFor('assets/index-Bq0SfwsA.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/replay-CixL_Hc1.js')).toBe(IMMUTABLE);
    expect(cacheControlFor(join('assets', 'index-s6zq9rmR.css'))).toBe(IMMUTABLE);
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('favicon.svg')).toBe(REVALIDATE);
    expect(cacheControlFor('assets/logo.svg')).toBe(REVALIDATE);
    // The compressed copies of a file are cached as the file is.
    expect(cacheControlFor('assets/index-Bq0SfwsA.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor(join('assets', 'index-s6zq9rmR.css.gz'))).toBe(IMMUTABLE);
    expect(cacheControlFor('index.html.br')).toBe(REVALIDATE);
    expect(cacheControlFor('index.html.gz')).toBe(REVALIDATE);
  });
});

describe('with a build', () => {
  let handle: TestServer;
  let url: string;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'kibitz-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-Bq0SfwsA.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'index-Bq0SfwsA.js.br'), brotliCompressSync(COMPRESSED_SCRIPT));
    await writeFile(join(dist, 'assets', 'index-Bq0SfwsA.js.gz'), gzipSync(COMPRESSED_SCRIPT));
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(COMPRESSED_INDEX));
    await writeFile(join(dist, 'index.html.gz'), gzipSync(COMPRESSED_INDEX));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist, '.secret'), 'nope');
    handle = await startTestServer({ webDist: dist });
    url = handle.server.url;
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await handle?.dispose();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and at every client route, never cached stale', async () => {
    for (const path of [
      '/',
      '/t/KQ7M-X3PA-9R',
      '/t/kq7m-x3pa-9r?join',
      '/replay/some-game',
      '/nowhere/deep',
    ]) {
      const response = await fetch(`${url}${path}`, identity);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe(REVALIDATE);
      expect(await response.text(), path).toBe(INDEX);
    }
    const head = await fetch(`${url}/t/KQ7M-X3PA-9R`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('serves the hashed bundles with long cache headers, other files revalidated', async () => {
    const script = await fetch(`${url}/assets/index-Bq0SfwsA.js`, identity);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await script.text()).toBe(SCRIPT);
    const icon = await fetch(`${url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe(REVALIDATE);
  });

  it('sends the compressed copy a browser accepts, brotli first, with its encoding and Vary', async () => {
    const port = handle.server.port;
    const chromium = 'gzip, deflate, br, zstd';
    const script = await getEncoded(port, '/assets/index-Bq0SfwsA.js', chromium);
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(script.body).toString()).toBe(COMPRESSED_SCRIPT);

    const gzipped = await getEncoded(port, '/assets/index-Bq0SfwsA.js', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/javascript/);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.body).toString()).toBe(COMPRESSED_SCRIPT);

    for (const accept of [null, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const plain = await getEncoded(port, '/assets/index-Bq0SfwsA.js', accept);
      expect(plain.status, String(accept)).toBe(200);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers.vary, String(accept)).toMatch(/accept-encoding/i);
      expect(plain.body.toString(), String(accept)).toBe(SCRIPT);
    }

    // The page, at / and at a client route: compressed too, and still revalidated.
    for (const path of ['/', '/t/KQ7M-X3PA-9R']) {
      const page = await getEncoded(port, path, chromium);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], path).toBe(REVALIDATE);
      expect(page.headers.vary, path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(page.body).toString(), path).toBe(COMPRESSED_INDEX);
    }
    const head = await getEncoded(port, '/assets/index-Bq0SfwsA.js', chromium, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');

    // A file without copies goes out as it is.
    const icon = await getEncoded(port, '/favicon.svg', chromium);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toContain('<svg');
  });

  it('never serves a compressed copy by its own name', async () => {
    for (const path of ['/assets/index-Bq0SfwsA.js.br', '/assets/index-Bq0SfwsA.js.gz', '/index.html.br']) {
      const response = await getEncoded(handle.server.port, path, 'gzip, br');
      expect(response.status, path).toBe(404);
    }
  });

  it('answers a missing file with 404, not with the page', async () => {
    for (const path of ['/assets/index-OldHash1.js', '/missing.png', '/.secret']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('Kibitz test build');
    }
    const posted = await fetch(`${url}/t/KQ7M-X3PA-9R`, { method: 'POST' });
    expect(posted.status).toBe(404);
    // fetch would normalise the dots away: send them as they are.
    for (const path of ['/assets/../../../../etc/passwd', '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd']) {
      const raw = await rawGet(handle.server.port, path);
      expect(raw.status, path).toBeGreaterThanOrEqual(400);
      expect(raw.body, path).not.toContain('root:');
    }
  });

  it('keeps the API, health, readiness and socket.io working', async () => {
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const tables = await fetch(`${url}/api/tables`);
    expect(tables.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await tables.json()).toHaveProperty('tables');
    const unknown = await fetch(`${url}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not-found' });
    const engine = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(engine.status).toBe(200);
    expect(await engine.text()).not.toContain('Kibitz test build');
    const client = await TestClient.connect(url);
    try {
      expect(
        await client.request('create-table', {
          name: 't',
          config: { variant: 'cutthroat' },
          displayName: 'A',
        }),
      ).toMatchObject({ ok: true });
    } finally {
      client.close();
    }
  });
});

describe('without a build', () => {
  it('says at / how to get one, and leaves the API alone', async () => {
    const app = Fastify({ logger: false });
    app.get('/api/tables', async () => ({ tables: [] }));
    const missing = join(tmpdir(), 'kibitz-no-such-dist');
    expect(await registerWebClient(app, missing)).toBe(false);
    try {
      const home = await app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toMatch(/^text\/html/);
      expect(home.body).toContain('pnpm build');
      expect(home.body).toContain('pnpm dev');
      const route = await app.inject({ method: 'GET', url: '/t/KQ7M-X3PA-9R' });
      expect(route.statusCode).toBe(404);
      expect(route.body).toContain('pnpm build');
      expect((await app.inject({ method: 'GET', url: '/api/tables' })).json()).toEqual({ tables: [] });
      const api = await app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'not-found' });
      expect(await registerWebClient(Fastify({ logger: false }), null)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
