import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { DEMO_ADMIN } from './shopper.ts';
import { apiSessionFor, createProductViaApi } from './store-api.ts';

export interface MadeProduct {
  id: string;
  name: string;
  price: number;
}

/**
 * Creates `count` products in one category as the demo admin, through the api's own create
 * call (the demo catalog has three a category, too few to page through). One after the other,
 * so their creation order is the reverse of the "newest" order. Names are `<tag> 001`...;
 * prices are a shuffle of 1.5, 2.5, ... (`step` must be prime to `count`), so the price orders
 * differ from the creation order.
 */
export async function createProductsInCategory(
  baseUrl: string,
  {
    category,
    count,
    tag,
    step = 7,
  }: { category: string; count: number; tag: string; step?: number },
): Promise<MadeProduct[]> {
  const admin = await apiSessionFor(baseUrl, DEMO_ADMIN);
  try {
    const made: MadeProduct[] = [];
    for (let at = 0; at < count; at++) {
      const name = `${tag} ${String(at + 1).padStart(3, '0')}`;
      const price = ((step * (at + 1)) % count) + 1.5;
      const id = await createProductViaApi(admin, {
        name,
        price,
        description: 'Made by a paging journey.',
        category,
        assetType: 'archive',
        preview: await drawArtwork(at, 8, 5),
        asset: { name: 'kit.txt', mimeType: 'text/plain', bytes: Buffer.from(name) },
      });
      made.push({ id, name, price });
    }
    return made;
  } finally {
    await admin.dispose();
  }
}
