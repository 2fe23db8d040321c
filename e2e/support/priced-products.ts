import { randomUUID } from 'node:crypto';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { slugOf } from './product-page.ts';
import { createVerifiedAccount, DEMO_ADMIN, newAccount, type Account } from './shopper.ts';
import { apiSessionFor, createProductViaApi, type NewProduct } from './store-api.ts';
import type { StoreUnderTest } from './store.ts';

/** The category the pricing journeys' products are made in. */
export const PRICED_CATEGORY = 'templates';

export interface PricedProduct {
  id: string;
  slug: string;
  name: string;
}

/** New templates products made by the demo admin through the api, with their pricing. */
export async function newPricedProducts(
  store: StoreUnderTest,
  entries: { prefix: string; price: number; pricing?: NewProduct['pricing'] }[],
): Promise<PricedProduct[]> {
  const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
  try {
    const made: PricedProduct[] = [];
    for (const [index, entry] of entries.entries()) {
      const name = `${entry.prefix} ${randomUUID().slice(0, 8)}`;
      const id = await createProductViaApi(admin, {
        name,
        description: `The ${entry.prefix.toLowerCase()} of the pricing journeys.`,
        price: entry.price,
        category: PRICED_CATEGORY,
        assetType: 'archive',
        preview: await drawArtwork(40 + index, 64, 40),
        asset: { name: 'notes.txt', mimeType: 'text/plain', bytes: Buffer.from(`${name}\n`) },
        pricing: entry.pricing,
      });
      made.push({
        id,
        name,
        slug: await slugOf(admin, store.baseUrl, { id, category: PRICED_CATEGORY }),
      });
    }
    return made;
  } finally {
    await admin.dispose();
  }
}

/** A new verified shopper, signed in nowhere yet. */
export async function newShopper(store: StoreUnderTest, firstName: string): Promise<Account> {
  const account = newAccount(firstName);
  await createVerifiedAccount(store.apiUrl, account);
  return account;
}
