import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApp, type Suite } from '../helpers/app.ts';

const SKIP = process.env.TEST_DATABASE_URL
  ? false
  : 'needs PostgreSQL: set TEST_DATABASE_URL to compare it with the embedded database';

// Words of the demo catalog, typed whole, half typed, misspelt, as phrases, with filters.
const SEARCHES: Array<Record<string, string>> = [
  { q: 'pack' },
  { q: 'neon' },
  { q: 'neon dreams poster pack' },
  { q: 'photo' },
  { q: 'landscape photographs' },
  { q: 'font' },
  { q: 'tempalte' },
  { q: 'botanicle illustrations' },
  { q: 'sound or music' },
  { q: '"line art"' },
  { q: 'vector -poster' },
  { q: 'ui', sort: 'name' },
  { q: 'high resolution', sort: 'price_desc' },
  { q: 'art', category: 'digital-art' },
  { q: 'pack', assetType: 'vector' },
  { q: 'the', minPrice: '10', maxPrice: '30' },
  { category: 'photography' },
  { minPrice: '20', sort: 'price_asc' },
];

const TITLE = 'search answers the same on PostgreSQL and the embedded database';

// Skipped as a test, not as a suite, so the run counts it as skipped and says why.
if (SKIP) it(TITLE, { skip: SKIP }, () => {});
else
  describe(TITLE, () => {
    let embedded: Suite;
    let postgres: Suite;
    const env = { SEED_DEMO_CATALOG: 'true' };
    before(async () => {
      [embedded, postgres] = await Promise.all([
        startApp('pglite', { env }),
        startApp('postgres', { env }),
      ]);
    });
    after(async () => {
      await embedded?.close();
      await postgres?.close();
    });

    /** Every page's ids in order (limit 5, so paging is compared too), and the count. */
    async function results(suite: Suite, query: Record<string, string>) {
      const ids: string[] = [];
      const totals = new Set<number>();
      let cursor: string | undefined;
      do {
        const response = await suite.app.inject({
          method: 'GET',
          url: '/api/search',
          query: { ...query, limit: '5', ...(cursor ? { cursor } : {}) },
        });
        assert.equal(response.statusCode, 200, response.body);
        const page = response.json<{
          products: Array<{ id: string }>;
          nextCursor: string | null;
          total: number;
        }>();
        ids.push(...page.products.map((product) => product.id));
        totals.add(page.total);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      // Every page counts the same matches.
      assert.equal(totals.size, 1, JSON.stringify(query));
      return { ids, total: [...totals][0] };
    }

    it('finds the same products in the same order', async () => {
      let nonEmpty = 0;
      for (const query of SEARCHES) {
        const [mine, theirs] = await Promise.all([
          results(embedded, query),
          results(postgres, query),
        ]);
        assert.deepEqual(mine, theirs, JSON.stringify(query));
        assert.equal(mine.total, mine.ids.length, JSON.stringify(query));
        if (mine.ids.length > 0) nonEmpty += 1;
      }
      // The comparison is worth something only if the searches find products.
      assert.ok(nonEmpty >= SEARCHES.length - 2, `${nonEmpty} of ${SEARCHES.length} found any`);
    });
  });
