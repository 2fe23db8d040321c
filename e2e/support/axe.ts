import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | null = null;

/** The impacts the store must never ship (issue #10). */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Runs axe-core on the page as it is now and returns its violations. The source is evaluated
 * through the DevTools protocol rather than added as a <script>: the store's CSP forbids inline
 * scripts, and a page loaded afresh needs it again.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(await axeSource);
  }
  const results = await page.evaluate(() => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (results as AxeResults).violations;
}

/** One line per rule and up to five offending nodes, for assertion messages. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`,
        )
        .join('\n');
      return `  [${violation.impact}] ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}
