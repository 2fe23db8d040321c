import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/** The app's metrics in Prometheus text, through `GET /api/metrics` as a scraper reads them. */
export async function scrape(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/metrics' });
  assert.equal(response.statusCode, 200, response.body);
  return response.body;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;

/** One sample's value: the series of `name` with exactly these labels; 0 when there is none. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    // Our label values hold no commas (methods, route patterns, statuses, names).
    const present = match[2] ? match[2].split(',').sort() : [];
    if (present.join(',') === wanted.join(',')) return Number(match[3]);
  }
  return 0;
}

/** The value of a sample now, to compare with after the calls under test. */
export async function reading(app: FastifyInstance, name: string, labels?: Record<string, string>) {
  return sample(await scrape(app), name, labels);
}
