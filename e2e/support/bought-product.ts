import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { createVerifiedAccount, DEMO_ADMIN, newAccount, type Account } from './shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from './store-api.ts';
import type { StoreUnderTest } from './store.ts';

export interface BoughtProduct {
  productId: string;
  name: string;
  buyer: Account;
  orderId: string;
}

/**
 * A new product with a small text file, created by the demo admin and bought by a new verified
 * shopper through the api: the arrangement of a seller's journey (edit, refund).
 */
export async function productBoughtByNewShopper(
  store: StoreUnderTest,
  options: {
    namePrefix: string;
    description: string;
    fileName: string;
    fileText: string;
    buyerName: string;
    seed: number;
  },
): Promise<BoughtProduct> {
  const name = `${options.namePrefix} ${randomUUID().slice(0, 8)}`;
  const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
  let productId: string;
  try {
    productId = await createProductViaApi(admin, {
      name,
      description: options.description,
      price: 9.5,
      category: 'templates',
      assetType: 'archive',
      preview: await drawArtwork(options.seed, 64, 40),
      asset: {
        name: options.fileName,
        mimeType: 'text/plain',
        bytes: Buffer.from(options.fileText),
      },
    });
  } finally {
    await admin.dispose();
  }
  const buyer = newAccount(options.buyerName);
  await createVerifiedAccount(store.apiUrl, buyer);
  const session = await apiSessionFor(store.baseUrl, buyer);
  try {
    await purchaseViaApi(session, store.baseUrl, [productId]);
    const answer = await session.get('/api/orders');
    assert.equal(answer.status(), 200);
    const orderId = ((await answer.json()) as { orders: { id: string }[] }).orders[0]!.id;
    return { productId, name, buyer, orderId };
  } finally {
    await session.dispose();
  }
}
