/**
 * Screenshots of the Bridge preview (a development page, see index.html here) in Debian's
 * Chromium at four screen sizes, with checks a player would make by eye: every card of
 * the hand, the dummy, the trick and the bidding box lie inside the screen (the score
 * sheet may scroll in its panel), the page does not scroll, and axe-core finds no serious
 * or critical violation.
 *
 *   node --import tsx apps/web/src/games/bridge/preview/shoot.ts [scene ...] [--lang de] [--viewer 0..3|spectator]
 *
 * Writes test-artifacts/web/bridge-<scene>[-de][-as-<viewer>]-<width>x<height>.png; exits 1 on a finding.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { axeViolations } from '../../../../e2e/axe.ts';
import { artifactsDir, CHROMIUM, CHROMIUM_FLAGS, webDir } from '../../../../e2e/harness.ts';
import { SCENE_IDS, type SceneId } from './scenes.ts';

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

interface Box {
  zone: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const lang = option('--lang') ?? 'en';
const viewer = option('--viewer');
const chosen = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const scenes = (chosen.length > 0 ? chosen : SCENE_IDS) as SceneId[];

if (!existsSync(CHROMIUM)) {
  console.log(`skipped: no Chromium at ${CHROMIUM}`);
  process.exit(0);
}

await mkdir(artifactsDir, { recursive: true });
const server = await createServer({
  root: webDir,
  configFile: join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
});
await server.listen();
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('the Vite dev server did not say where it listens');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const findings: string[] = [];
try {
  for (const id of scenes) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('pageerror', (error) => findings.push(`${id}: page error ${error.message}`));
      const sitting = viewer === undefined ? '' : `&viewer=${viewer}`;
      await page.goto(`${base}src/games/bridge/preview/index.html?scene=${id}&lang=${lang}${sitting}`);
      await page.waitForSelector('[data-zone="score-sheet"]', { state: 'attached' });
      const where = `${id} ${viewport.width}×${viewport.height}`;
      const measured = await page.evaluate(() => {
        const boxes: Box[] = [];
        // The score sheet and the auction beside the felt may scroll in their panel; these may not.
        const zones = ['hand', 'dummy', 'trick', 'bridge-prompt', 'contract', 'felt'];
        for (const zone of zones) {
          for (const element of document.querySelectorAll(`[data-zone="${zone}"]`)) {
            const html = element as HTMLElement;
            if (html.offsetParent === null) continue; // not displayed at this size
            const parts = zone === 'hand' || zone === 'dummy' ? html.querySelectorAll('.card') : [html];
            // Inside a scroll box (the prompt's slot) only what it shows without scrolling counts.
            const slot = html.closest('[data-zone="prompt-slot"]')?.getBoundingClientRect();
            for (const part of parts) {
              const rect = part.getBoundingClientRect();
              boxes.push({ zone, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
              if (slot && (rect.top < slot.top - 0.5 || rect.bottom > slot.bottom + 0.5)) {
                boxes.push({
                  zone: `${zone} (cut off by its panel)`,
                  left: -1,
                  top: rect.top,
                  right: 0,
                  bottom: rect.bottom,
                });
              }
            }
          }
        }
        const page = {
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
        };
        return { boxes, page };
      });
      for (const box of measured.boxes) {
        const inside =
          box.left >= -0.5 &&
          box.top >= -0.5 &&
          box.right <= viewport.width + 0.5 &&
          box.bottom <= viewport.height + 0.5;
        if (!inside) findings.push(`${where}: a ${box.zone} box ${JSON.stringify(box)} leaves the screen`);
      }
      if (measured.page.width > viewport.width || measured.page.height > viewport.height) {
        findings.push(`${where}: the page scrolls (${measured.page.width}×${measured.page.height})`);
      }
      const suffix = `${lang === 'en' ? '' : `-${lang}`}${viewer === undefined ? '' : `-as-${viewer}`}`;
      await page.screenshot({
        path: join(artifactsDir, `bridge-${id}${suffix}-${viewport.width}x${viewport.height}.png`),
      });
      for (const violation of await axeViolations(page)) {
        findings.push(
          `${where}: axe ${violation.impact} ${violation.id} (${violation.help}) at ${violation.targets.join(', ')}`,
        );
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
for (const finding of findings) console.log(finding);
console.log(
  `${scenes.length} scenes × ${VIEWPORTS.length} sizes: ${findings.length} findings; screenshots in ${artifactsDir}`,
);
process.exit(findings.length > 0 ? 1 : 0);
