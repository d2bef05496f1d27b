/**
 * axe-core inside the e2e: its source is injected into the page under test and run
 * there; the serious and critical violations come back, each with where it was found.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { runTestScript } from './harness.ts';

const require = createRequire(import.meta.url);
let source: string | null = null;

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  source ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await runTestScript(page, source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}
