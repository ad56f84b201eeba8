import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from 'playwright-core';

/**
 * axe-core in a real page, for the browser tests: WCAG 2.1 A and AA and best practice. Evaluated
 * through the DevTools protocol, because the page's CSP (the local server sends CloudFront's)
 * refuses an inline script tag.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: { readonly target: unknown[]; readonly html: string }[];
}

/** Every violation in the page, or in `include` less `exclude` (CSS selectors). */
export const runAxe = async (
  page: Page,
  { include = ['body'], exclude = [] }: { include?: string[]; exclude?: string[] } = {},
): Promise<AxeViolation[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axeSource, 'utf8'));
  return page.evaluate(
    async ({ included, excluded }) => {
      const runner = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      const result = await runner.run(
        { include: included.map((selector) => [selector]), exclude: excluded.map((selector) => [selector]) },
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          // Only violations are read: the passes' and the incomplete checks' details are not
          // gathered (a fifth to a third of a run's time on the pages measured).
          resultTypes: ['violations'],
        },
      );
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html.slice(0, 160) })),
      }));
    },
    { included: include, excluded: exclude },
  );
};

export const isSerious = (violation: AxeViolation): boolean =>
  violation.impact === 'serious' || violation.impact === 'critical';

/** The serious and critical violations of the whole page, one line each (empty when there are none). */
export const seriousAxeViolations = async (page: Page): Promise<string[]> =>
  (await runAxe(page)).filter(isSerious).map((violation) => `${violation.id} ${JSON.stringify(violation.nodes)}`);
