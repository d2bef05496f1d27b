/**
 * End-to-end harness: the real game server (`apps/server/src/main.ts`, embedded
 * PGlite in a temporary directory), the production build of the web client served by
 * `vite preview` (which forwards socket.io and /api to the server, as the dev server
 * does), and Debian's Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import type { PreviewServer } from 'vite';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = resolve(webDir, '../..');
export const artifactsDir = join(repoRoot, 'test-artifacts', 'web');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** Why the browser tests cannot run here, or null when they can. */
export function missingBrowser(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `no Chromium at ${CHROMIUM} (install Debian's: apt-get install -y chromium, or set CHROMIUM_PATH)`;
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

async function waitFor(
  url: string,
  timeoutMs: number,
  server: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms:\n${log()}`);
}

export interface Stack {
  /** The web client, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  serverUrl: string;
  browser: Browser;
  newContext(options?: { phone?: boolean }): Promise<BrowserContext>;
  /** Stops the game server and starts it again on the same port and data (a network drop for every client). */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  await mkdir(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-e2e-'));
  const serverPort = await freePort();
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  const startServer = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        KIBITZ_DATA_DIR: dataDir,
        KIBITZ_BOT_DELAY_MS: '50',
        LOG_LEVEL: 'warn',
        // Browsers under test act quickly: do not let the rate limit get in the way.
        KIBITZ_EVENTS_PER_SECOND: '200',
        KIBITZ_EVENT_BURST: '400',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };
  const stopServer = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let server = startServer();

  let previewServer: PreviewServer | null = null;
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close().catch(() => {});
    await previewServer?.close().catch(() => {});
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // Build while the server migrates its fresh database.
    const vite = await import('vite');
    process.env.KIBITZ_SERVER = serverUrl;
    const outDir = join(dataDir, 'dist');
    await vite.build({ root: webDir, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    await waitFor(`${serverUrl}/readyz`, 120_000, server, () => output);
    // A page that reloads or closes (or a restarting server) drops proxied sockets: expected, not news.
    const logger = vite.createLogger('warn');
    const logError = logger.error.bind(logger);
    logger.error = (message, options) => {
      if (!message.includes('proxy')) logError(message, options);
    };
    previewServer = await vite.preview({
      root: webDir,
      customLogger: logger,
      build: { outDir },
      preview: { port: await freePort(), strictPort: true, host: '127.0.0.1' },
    });
    const baseUrl = previewServer.resolvedUrls?.local[0]?.replace(/\/$/, '');
    if (!baseUrl) throw new Error('vite preview did not say where it listens');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const opened = browser;
    return {
      baseUrl,
      serverUrl,
      browser: opened,
      newContext: ({ phone = false } = {}) =>
        opened.newContext(
          phone
            ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true }
            : { viewport: { width: 1280, height: 900 } },
        ),
      restartServer: async () => {
        await stopServer(server);
        server = startServer();
        await waitFor(`${serverUrl}/readyz`, 120_000, server, () => output);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
