/**
 * End-to-end harness: the real game server (`apps/server/src/main.ts`, embedded
 * SQLite store in a temporary directory) serving the production build of the web client
 * itself, as `pnpm start` does, so every page runs under the production headers and
 * Content-Security-Policy; and Debian's Chromium driven by playwright-core.
 *
 * Every browser context the stack's browser opens is watched for CSP violations (what
 * Chromium reports in the console, and the page's `securitypolicyviolation` events);
 * under vitest, any violation fails the test during which it happened (an `afterEach`
 * registered when a test file imports this module).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** CSP violations reported since the last test ended (or since `takeCspViolations`). */
const cspViolations: string[] = [];
const CSP_MESSAGE = /Content[- ]Security[- ]Policy/i;

/** The violations recorded so far, forgotten once taken. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Records every CSP violation of the context's pages. */
async function watchCsp(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    const text = message.text();
    if (CSP_MESSAGE.test(text)) cspViolations.push(`${message.page()?.url() ?? 'a page'}: ${text}`);
  });
  // Also the DOM's own report, in case a violation is not logged (init scripts run outside the CSP).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * Runs a test tool's script (axe-core) in the page the way DevTools' console does: the
 * page's CSP rightly refuses an injected `<script>`, and a test must not weaken the
 * policy it checks. Its top-level declarations become the page's globals.
 */
export async function runTestScript(page: Page, source: string): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await devtools.send('Runtime.evaluate', { expression: source });
    if (exceptionDetails) throw new Error(`the test script failed: ${exceptionDetails.text}`);
  } finally {
    await devtools.detach();
  }
}

/** Game servers this module started and has not stopped (see the afterAll below). */
const running = new Set<ChildProcess>();

if (process.env.VITEST) {
  const { afterAll, afterEach } = await import('vitest');
  afterEach(() => {
    const found = takeCspViolations();
    if (found.length > 0)
      throw new Error(`Content-Security-Policy violations in the browser:\n${found.join('\n')}`);
  });
  // A start that outlived its beforeAll's timeout never hands its stack to be closed: its
  // server would outlive the test file.
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    running.clear();
  });
}

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
  /** The web client, served by the game server: the same as serverUrl, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  serverUrl: string;
  browser: Browser;
  newContext(options?: { phone?: boolean }): Promise<BrowserContext>;
  /** Stops the game server and starts it again on the same port and data (a network drop for every client). */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A suite's stack: started before its tests, closed after them, and the suite fails if any
 * page reported an error (tests push what their pages' `pageerror` events say).
 */
export function useStack(): { readonly stack: Stack; readonly pageErrors: string[] } {
  let stack: Stack | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    stack = await startStack();
  }, 150_000);
  afterAll(async () => {
    await stack?.close();
    expect(pageErrors).toEqual([]);
  });
  return {
    get stack() {
      if (stack === undefined) throw new Error('the stack has not started (beforeAll failed?)');
      return stack;
    },
    pageErrors,
  };
}

export async function startStack(): Promise<Stack> {
  await mkdir(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'kibitz-e2e-'));
  const outDir = join(dataDir, 'dist');
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
        KIBITZ_WEB_DIST: outDir,
        KIBITZ_BOT_DELAY_MS: '50',
        LOG_LEVEL: 'warn',
        // Browsers under test act quickly: do not let the rate limit get in the way.
        KIBITZ_EVENTS_PER_SECOND: '200',
        KIBITZ_EVENT_BURST: '400',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };
  const stopServer = async (child: ChildProcess | null) => {
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close().catch(() => {});
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    // The build first, then the server: the server decides when it starts whether there is
    // a build to serve (an index.html). Started beside a build under way, it could look in
    // the moment the build had emptied the folder and serve "no build" for good (seen in CI
    // once the embedded store opened in a second instead of many).
    const vite = await import('vite');
    await vite.build({ root: webDir, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = startServer();
    await waitFor(`${serverUrl}/readyz`, 120_000, server, () => output);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const opened = browser;
    // Every context, however a test opens it (browser.newPage too), is watched for CSP violations.
    const newContext = opened.newContext.bind(opened);
    opened.newContext = async (options) => {
      const context = await newContext(options);
      await watchCsp(context);
      return context;
    };
    return {
      baseUrl: serverUrl,
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
