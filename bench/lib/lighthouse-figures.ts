/** What the Lighthouse section keeps of one report: scores, metrics, benchmarkIndex, failures. */
import type { Result } from 'lighthouse';
import { CATEGORIES, type Category } from './lighthouse-audit.ts';
import { median } from './report.ts';

export interface RunFigures {
  /** Category scores 0-100; NaN when Lighthouse could not score (see runtimeError). */
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The host's CPU speed as Lighthouse measured it; the simulated slowdown is relative to it. */
  benchmarkIndex: number;
  runtimeError?: string;
  warnings: string[];
}

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  /** 0-1. */
  score: number;
  itemCount: number;
  /** The first offending nodes, URLs or messages. */
  items: string[];
}

const SHOWN_ITEMS = 5;

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

export function runFigures(lhr: Result): RunFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, score == null ? Number.NaN : Math.round(score * 100)];
    }),
  ) as Record<Category, number>;
  return {
    scores,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...(lhr.runtimeError
      ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
      : {}),
    warnings: lhr.runWarnings.map(String),
  };
}

/**
 * The representative run: the median by performance score, ties broken by the LCP nearest the
 * runs' median LCP. One real run rather than per-figure medians, so its scores, metrics and
 * saved report belong together.
 */
export function medianRunIndex(runs: RunFigures[]): number {
  const middleLcp = median(runs.map((run) => run.lcpMs));
  const score = (run: RunFigures) =>
    Number.isFinite(run.scores.performance) ? run.scores.performance : -1;
  const order = runs
    .map((run, index) => ({ run, index }))
    .sort(
      (a, b) =>
        score(a.run) - score(b.run) ||
        Math.abs(a.run.lcpMs - middleLcp) - Math.abs(b.run.lcpMs - middleLcp),
    );
  return order[Math.floor((order.length - 1) / 2)]!.index;
}

type Item = Record<string, unknown>;

/** One line for a details item: the node's selector and markup, else its URL or message. */
function describe(item: Item): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  if (node?.snippet) return `${node.selector ?? ''} ${node.snippet}`.trim();
  const source = item.source as { url?: string; line?: number } | undefined;
  const where = typeof item.url === 'string' ? item.url : source?.url;
  const what = [item.description, item.text, item.label].find((value) => typeof value === 'string');
  const line = [where, what].filter(Boolean).join(': ');
  return line || JSON.stringify(item).slice(0, 200);
}

function itemsOf(details: unknown): Item[] {
  const shaped = details as { type?: string; items?: unknown[] } | undefined;
  if (!shaped?.items) return [];
  // A 'list' holds further tables (e.g. a deprecation per source).
  if (shaped.type === 'list') return shaped.items.flatMap((inner) => itemsOf(inner));
  return shaped.items as Item[];
}

/** The scored audits that keep accessibility, best practices or SEO below 100. */
export function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES.filter((name) => name !== 'performance')) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const items = itemsOf(audit.details);
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        itemCount: items.length,
        items: items.slice(0, SHOWN_ITEMS).map(describe),
      });
    }
  }
  return failing;
}
