/**
 * The production Content-Security-Policy in Chromium (issue 28): the page is served by the
 * game server with its headers, opens a table over its socket (connect-src 'self'), and
 * the harness's watch for violations does see one when there is one (so its silence in
 * every other e2e test means something).
 */
import { describe, expect, it } from 'vitest';
import { missingBrowser, takeCspViolations, useStack } from './harness.ts';

const missing = missingBrowser();
const suite = missing === null ? describe : describe.skip;
const title =
  missing === null
    ? 'the production CSP in Chromium'
    : `the production CSP in Chromium (skipped: ${missing})`;

suite(title, { timeout: 170_000 }, () => {
  const suiteStack = useStack();

  it('serves the page under the policy, and a table opens and plays over the socket', async () => {
    const context = await suiteStack.stack.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => suiteStack.pageErrors.push(error.message));
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    const response = await page.goto(`${suiteStack.stack.baseUrl}/`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await page.fill('#display-name', 'Ann');
    await page.check('input[name="variant"][value="cutthroat"]');
    await page.click('[data-action="create-table"]');
    await page.waitForURL(/\/t\/[A-Z0-9-]+$/);
    await page.waitForSelector('[data-viewer="seat-0"]');
    // The table came over the page's own WebSocket: connect-src 'self' lets it through.
    const host = new URL(suiteStack.stack.baseUrl).host;
    expect(sockets.some((url) => url.startsWith(`ws://${host}/socket.io/`))).toBe(true);
    await context.close();
  });

  it('notices a violation: an inline script the page did not carry', async () => {
    const context = await suiteStack.stack.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suiteStack.stack.baseUrl}/`);
    await page.waitForSelector('#display-name');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => 'injected' in window)).toBe(false);
    // Reported twice: Chromium's console line and the page's securitypolicyviolation event.
    const seen: string[] = [];
    await expect
      .poll(
        () => {
          seen.push(...takeCspViolations());
          return seen.length;
        },
        { timeout: 5000 },
      )
      .toBeGreaterThanOrEqual(2);
    expect(seen.join('\n')).toMatch(/script-src/);
    // Taken: the harness's own check after this test finds none left.
    await context.close();
  });
});
