import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every embedded database the project opens, the api's and those of tests, scripts and
 * benchmarks. The migrations create `pg_trgm` (search, `0008_product_search.sql`), and PGlite
 * can only load an extension named when the instance is created: a data folder opened without
 * it fails on the first query that touches a trigram index.
 */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}
