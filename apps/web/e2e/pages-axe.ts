/**
 * Helpers of pages.e2e.test.ts: axe-core run inside the page, a German browser context,
 * and the English words a German page must not show.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CATALOGS } from '../src/lib/i18n.ts';
import { RULE_TEXT_DE } from '../src/lib/rule-text-de.ts';
import { RULE_TEXT_EN } from '../src/lib/rule-text-en.ts';
import { runTestScript } from './harness.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

export const DESKTOP = { width: 1366, height: 768 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A browser that asks for German, at one of the two sizes the issue names. */
export async function germanContext(
  browser: Browser,
  size: typeof DESKTOP | typeof PHONE,
): Promise<BrowserContext> {
  const phone = size === PHONE;
  const context = await browser.newContext({
    viewport: size,
    deviceScaleFactor: 1,
    locale: 'de-DE',
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(() => localStorage.setItem('kibitz.locale', 'de'));
  return context;
}

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's violations on the page as it is now (all its default rules), or within one element. */
export async function axeViolations(page: Page, within: string | null = null): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await runTestScript(page, await readFile(AXE_SOURCE, 'utf8'));
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: Element | Document) => Promise<AxeResult> } })
      .axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const context = selector === null ? document : document.querySelector(selector);
    if (context === null) throw new Error(`nothing matches ${selector}`);
    const result = await axe.run(context);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, within);
}

export const isSerious = (violation: Violation) =>
  violation.impact === 'serious' || violation.impact === 'critical';

/**
 * English texts (messages and house-rule words) long enough to be unmistakable, that
 * differ from their German: none of them may appear on a German page.
 */
export function englishOnly(): string[] {
  const texts = new Set<string>();
  const add = (english: string, german: string | undefined) => {
    const plain = english.replace(/\{\w+\}.*$/s, '').trim();
    if (plain.length >= 12 && english !== german) texts.add(plain);
  };
  for (const [key, english] of Object.entries(CATALOGS.en))
    add(english, CATALOGS.de[key as keyof typeof CATALOGS.de]);
  for (const [path, text] of Object.entries(RULE_TEXT_EN)) {
    const german = RULE_TEXT_DE[path];
    add(text.label, german?.label);
    add(text.help, german?.help);
    for (const [value, label] of Object.entries(text.options ?? {})) add(label, german?.options?.[value]);
  }
  return [...texts];
}

/** The English texts a page holds (all its text, hidden parts too, and its controls' values and labels). */
export async function englishOn(page: Page, english: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const parts = [document.body.textContent ?? ''];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      parts.push(
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('placeholder') ?? '',
        element.getAttribute('title') ?? '',
      );
    }
    for (const option of document.querySelectorAll('option')) parts.push(option.textContent ?? '');
    return parts.join('\n');
  });
  return english.filter((text) => shown.includes(text));
}
