/**
 * A server as it faces the open internet (issue 28, SECURITY.md): the security headers on
 * every kind of answer, /metrics behind its token, sockets only from the site's own pages,
 * and a per-address limit on every HTTP route.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../testing/clients.ts';
import { openTable, SETUP_TIMEOUT, startTestServer, type TestServer } from '../../testing/server.ts';
import { bearerMatches } from '../metrics/metrics-route.ts';
import { FOREIGN_ORIGIN, originRefusal } from './page-origin.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const ASSET = '/assets/index-Bq0SfwsA.js';
const POLLING = '/socket.io/?EIO=4&transport=polling';

/** The policy the built client runs under (the e2e suite checks it in Chromium). */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

function expectSecurityHeaders(response: Response, what: string): void {
  expect(response.headers.get('content-security-policy'), what).toBe(POLICY);
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  // Served over plain HTTP (KIBITZ_HTTPS unset): no HSTS, which would lock a LAN host out.
  expect(response.headers.get('strict-transport-security'), what).toBeNull();
}

async function webBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'kibitz-open-internet-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><title>Kibitz</title><script type="module" src="${ASSET}"></script>`,
  );
  await writeFile(join(dist, ASSET), 'console.log("kibitz");');
  return dist;
}

describe('a server on the open internet', () => {
  let handle: TestServer;
  let url: string;
  let dist: string;
  let code: string;

  beforeAll(async () => {
    dist = await webBuild();
    handle = await startTestServer({
      webDist: dist,
      http: { metricsToken: TOKEN, allowedOrigins: ['https://friends.example'] },
    });
    url = handle.server.url;
    const table = await openTable(url, { variant: 'double-deck' });
    code = table.code;
    table.host.close();
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await handle?.dispose();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the security headers with the page, a table page, a file, the API and a 404', async () => {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, '/');
    const tablePage = await fetch(`${url}/t/${code}`);
    expect(tablePage.status).toBe(200);
    expect(await tablePage.text()).toContain(ASSET);
    expectSecurityHeaders(tablePage, '/t/CODE');
    const asset = await fetch(`${url}${ASSET}`);
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset, 'an asset');
    const api = await fetch(`${url}/api/tables`);
    expect(api.status).toBe(200);
    expectSecurityHeaders(api, '/api/tables');
    const missing = await fetch(`${url}/api/games/no-such-game-0`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'a 404 of the API');
    expectSecurityHeaders(await fetch(`${url}/healthz`), '/healthz');
  });

  it('answers /metrics only with its bearer token', async () => {
    const none = await fetch(`${url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.json()).toEqual({ code: 'unauthorized', message: 'Metrics need their bearer token' });
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const basic = await fetch(`${url}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
    const right = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await right.text()).toContain('kibitz_tables{node=');
  });

  it('refuses a polling handshake from another site, saying why; takes its own pages and non-browsers', async () => {
    const elsewhere = await fetch(`${url}${POLLING}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({ code: 4, message: FOREIGN_ORIGIN });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();

    // The page's own origin: the host the request was sent to (fetch sends Host 127.0.0.1:PORT).
    const own = await fetch(`${url}${POLLING}`, { headers: { origin: url } });
    expect(own.status).toBe(200);
    // socket.io's answers bypass fastify; they carry the headers all the same.
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('referrer-policy')).toBe('no-referrer');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(await own.text()).toMatch(/^0\{"sid":/);
    const noOrigin = await fetch(`${url}${POLLING}`);
    expect(noOrigin.status).toBe(200);

    // An origin the operator allows: accepted, with CORS for its long-polling.
    const friends = await fetch(`${url}${POLLING}`, { headers: { origin: 'https://friends.example' } });
    expect(friends.status).toBe(200);
    expect(friends.headers.get('access-control-allow-origin')).toBe('https://friends.example');
  });

  it('refuses a WebSocket from another site; a socket.io client from its own page plays', async () => {
    const refused = await TestClient.connect(url, { headers: { origin: 'https://elsewhere.example' } }).then(
      () => 'connected',
      (error: Error) => error.message,
    );
    expect(refused).not.toBe('connected');
    const own = await TestClient.connect(url, { headers: { origin: url } });
    const reply = await own.request('watch', { code });
    expect(reply.ok).toBe(true);
    own.close();
  });
});

describe('the page origin', () => {
  const policy = { allowedOrigins: [], trustProxy: false };
  it('is the host the request was sent to, default ports and case aside', () => {
    expect(originRefusal({ host: 'cards.example', origin: 'https://cards.example' }, policy)).toBeNull();
    expect(originRefusal({ host: 'cards.example:443', origin: 'https://Cards.Example' }, policy)).toBeNull();
    expect(originRefusal({ host: 'localhost:5173', origin: 'http://localhost:5173' }, policy)).toBeNull();
    expect(originRefusal({ host: 'localhost:3000', origin: 'http://localhost:5173' }, policy)).toBe(
      FOREIGN_ORIGIN,
    );
    expect(originRefusal({ host: 'cards.example', origin: 'https://cards.example.evil' }, policy)).toBe(
      FOREIGN_ORIGIN,
    );
    expect(originRefusal({ host: 'cards.example', origin: 'null' }, policy)).toBe(FOREIGN_ORIGIN);
    expect(originRefusal({ origin: 'https://cards.example' }, policy)).toBe(FOREIGN_ORIGIN);
    expect(originRefusal({ host: 'cards.example' }, policy)).toBeNull();
  });

  it('behind a proxy of our own, is the X-Forwarded-Host it sets (only then)', () => {
    const headers = {
      host: 'kibitz-1:3000',
      'x-forwarded-host': 'cards.example',
      origin: 'https://cards.example',
    };
    expect(originRefusal(headers, { allowedOrigins: [], trustProxy: true })).toBeNull();
    expect(originRefusal(headers, policy)).toBe(FOREIGN_ORIGIN);
    expect(
      originRefusal(
        { host: 'cards.example', origin: 'https://cards.example' },
        { ...policy, trustProxy: true },
      ),
    ).toBeNull();
  });
});

describe('the metrics token', () => {
  it('matches exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
  });
});

describe('a server without a metrics token', () => {
  let handle: TestServer;
  beforeAll(async () => {
    handle = await startTestServer({ webDist: null });
  }, SETUP_TIMEOUT);
  afterAll(async () => handle?.dispose());

  it('answers /metrics as a route that does not exist, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await fetch(`${handle.server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'not-found', message: 'Route GET:/metrics not found' });
    }
  });

  it('sends the headers with the page saying there is no build, its own style allowed by hash', async () => {
    const response = await fetch(`${handle.server.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('a server behind HTTPS (KIBITZ_HTTPS)', () => {
  let handle: TestServer;
  beforeAll(async () => {
    handle = await startTestServer({ webDist: null, http: { https: true } });
  }, SETUP_TIMEOUT);
  afterAll(async () => handle?.dispose());

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await fetch(`${handle.server.url}/api/tables`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
