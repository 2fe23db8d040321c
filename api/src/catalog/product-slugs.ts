import { and, asc, gt, isNull } from 'drizzle-orm';
import type { SlugsPage } from '@store/contract';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { invalidCursor, pageOf, type CursorCodec } from '../lib/cursor.ts';
import { isUuid } from '../lib/uuid.ts';

/** The cursor list of the sitemap's slugs. */
const SLUGS_LIST = 'slugs';

export interface SlugsRequest {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Every live product's slug and last change, for the sitemap: keyset pages by id (the primary
 * key), so each page costs the same however far the sitemap has read.
 */
export async function listSlugs(
  db: Db,
  cursors: CursorCodec,
  { limit, cursor }: SlugsRequest,
): Promise<SlugsPage> {
  let after: string | null = null;
  if (cursor !== undefined) {
    const key = cursors.decode(SLUGS_LIST, cursor);
    const [id] = key;
    if (key.length !== 1 || typeof id !== 'string' || !isUuid(id)) throw invalidCursor();
    after = id;
  }
  const rows = await db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(isNull(products.deletedAt), after === null ? undefined : gt(products.id, after)))
    .orderBy(asc(products.id))
    .limit(limit + 1);
  const page = pageOf(
    rows,
    limit,
    (last) => cursors.encode(SLUGS_LIST, [last.id]),
    (row) => ({ slug: row.slug, updated_at: row.updatedAt.toISOString() }),
  );
  return { slugs: page.items, nextCursor: page.nextCursor };
}
