/**
 * Makes the README's small screenshots from the e2e's full-size ones:
 * `npx tsx apps/web/e2e/shrink.ts <png> <out.png> <width>` (Chromium scales it down).
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './harness.ts';

const [input, output, width] = process.argv.slice(2);
if (!input || !output || !width) throw new Error('usage: shrink.ts <png> <out.png> <width>');
const data = (await readFile(input)).toString('base64');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 100 } });
  await page.setContent(
    `<body style="margin:0"><img id="shot" style="display:block;width:${width}px" src="data:image/png;base64,${data}"></body>`,
  );
  await page.locator('#shot').screenshot({ path: output });
} finally {
  await browser.close();
}
