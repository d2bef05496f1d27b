/**
 * How many bytes a first visit to a table page downloads, as served (compressed where the
 * server compresses): `node --import tsx apps/server/src/http/first-visit.ts`. It starts the server as `pnpm start`
 * does (the web build in apps/web/dist, embedded PGlite in a temporary directory), opens
 * a table from the lobby in one browser, then follows the table's link in a fresh browser
 * context (empty cache) and sums the encoded body sizes of every response it received.
 *
 * Needs `pnpm build` first and Debian's Chromium (CHROMIUM_PATH to use another).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Response } from 'playwright-core';
import { defaultWebDist, repoRoot } from '../settings.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Download {
  url: string;
  status: number;
  encoding: string;
  bytes: number;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000; // PGlite creates its database on a first start: slow on a busy machine
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} was not ready in 300 s`);
}

async function main(): Promise<void> {
  if (!existsSync(join(defaultWebDist, 'index.html')))
    throw new Error('no web build: run `pnpm build` first');
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-first-visit-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KIBITZ_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitUntilReady(url, server);
    const host = await (await browser.newContext()).newPage();
    await host.goto(`${url}/`);
    await host.fill('#display-name', 'Ann');
    await host.click('[data-action="create-table"]');
    await host.waitForURL(/\/t\/[A-Z0-9-]+$/);
    const tablePath = new URL(host.url()).pathname;

    const visitor = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    const responses: Response[] = [];
    visitor.on('response', (response) => responses.push(response));
    await visitor.goto(`${url}${tablePath}`, { waitUntil: 'load' });
    await visitor.waitForSelector('[data-zone="spectator-banner"]');
    await visitor.waitForLoadState('networkidle');
    const downloads: Download[] = [];
    for (const response of responses) {
      const sizes = await response.request().sizes();
      downloads.push({
        url: response.url().replace(url, ''),
        status: response.status(),
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        bytes: sizes.responseBodySize,
      });
    }
    const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
    for (const download of downloads) {
      console.log(
        `${String(download.bytes).padStart(8)}  ${download.status} ${download.encoding.padEnd(8)} ${download.url}`,
      );
    }
    console.log(
      `${String(total).padStart(8)}  bytes in ${downloads.length} responses (first visit to ${tablePath})`,
    );
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
