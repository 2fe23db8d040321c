import { randomBytes } from 'node:crypto';
import { pressPay, purchase } from '../sections/checkout.ts';
import { call, type ProductView, type Session } from '../lib/store-api.ts';

/** Answers by kind of action and status class, plus every 5xx or network failure seen. */
export class Tally {
  readonly counts = new Map<string, number>();
  readonly failures: string[] = [];
  requests = 0;

  record(action: string, status: number | 'network'): void {
    this.requests += 1;
    const key = `${action} ${status === 'network' ? 'network' : `${Math.floor(status / 100)}xx`}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  fail(message: string): void {
    if (this.failures.length < 20) this.failures.push(message);
  }

  get serverErrors(): number {
    let total = 0;
    for (const [key, count] of this.counts) if (/ (5xx|network)$/.test(key)) total += count;
    return total;
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function timed(tally: Tally, action: string, request: () => Promise<Response>) {
  try {
    const response = await request();
    await response.arrayBuffer();
    tally.record(action, response.status);
    if (response.status >= 500) tally.fail(`${action} answered ${response.status}`);
    return response;
  } catch (error) {
    tally.record(action, 'network');
    tally.fail(`${action}: ${(error as Error).message}`);
    return null;
  }
}

async function browse(tally: Tally, slugs: string[]) {
  await timed(tally, 'browse', () => call('GET', '/api/products/featured'));
  await timed(tally, 'browse', () => call('GET', `/api/products/category/${pick(slugs)}`));
}

async function shopWithCart(tally: Tally, session: Session, products: ProductView[]) {
  const productId = pick(products).id;
  await timed(tally, 'cart', () => call('POST', '/api/cart', { session, body: { productId } }));
  await timed(tally, 'cart', () => call('GET', '/api/cart', { session }));
  if (Math.random() < 0.5) {
    await timed(tally, 'cart', () => call('DELETE', '/api/cart', { session, body: { productId } }));
  }
}

async function checkout(tally: Tally, session: Session, products: ProductView[]) {
  try {
    await purchase(session, pick(products));
    tally.record('checkout', 200);
  } catch (error) {
    const message = (error as Error).message;
    const status = Number(/answered (\d{3})/.exec(message)?.[1] ?? 0);
    tally.record('checkout', status || 'network');
    if (!status || status >= 500) tally.fail(`checkout: ${message}`);
  }
}

/**
 * Two checkouts opened at once with the shopper's coupon, both paid and confirmed: the earlier
 * is ended or the later refused, and the invariants find the coupon on one order at most.
 */
async function couponRace(tally: Tally, session: Session, products: ProductView[]) {
  const mine = await call('GET', '/api/coupons', { session }).catch(() => null);
  if (!mine) return tally.record('coupon', 'network');
  tally.record('coupon', mine.status);
  const coupon = mine.ok ? ((await mine.json()) as { code: string } | null) : null;
  if (!coupon) return checkout(tally, session, products);
  const body = { products: [{ id: pick(products).id, quantity: 1 }], couponCode: coupon.code };
  const opened: string[] = [];
  await Promise.all(
    [0, 1].map(async () => {
      const answer = await call('POST', '/api/payments/create-checkout-session', {
        session,
        body,
      }).catch(() => null);
      if (!answer) return tally.record('coupon', 'network');
      tally.record('coupon', answer.status);
      if (answer.status >= 500) tally.fail(`coupon checkout answered ${answer.status}`);
      if (answer.ok) opened.push(((await answer.json()) as { id: string }).id);
      else await answer.arrayBuffer();
    }),
  );
  for (const sessionId of opened) {
    await timed(tally, 'coupon', () => pressPay(sessionId));
    await timed(tally, 'coupon', () =>
      call('POST', '/api/payments/checkout-success', { session, body: { sessionId } }),
    );
  }
}

async function download(tally: Tally, session: Session) {
  const answer = await call('GET', '/api/orders/purchased-products', { session }).catch(() => null);
  if (!answer) return tally.record('download', 'network');
  tally.record('download', answer.status);
  if (!answer.ok) {
    if (answer.status >= 500) tally.fail(`purchased products answered ${answer.status}`);
    return void (await answer.arrayBuffer());
  }
  const { purchasedProducts } = (await answer.json()) as {
    purchasedProducts: { productId: string; remainingDownloads: number }[];
  };
  const usable = purchasedProducts.filter((grant) => grant.remainingDownloads > 0);
  if (usable.length === 0) return;
  const ticket = await call('GET', `/api/products/download/${pick(usable).productId}`, {
    session,
  }).catch(() => null);
  if (!ticket) return tally.record('download', 'network');
  tally.record('download', ticket.status);
  if (ticket.status >= 500) tally.fail(`download ticket answered ${ticket.status}`);
  if (!ticket.ok) return void (await ticket.arrayBuffer());
  const { downloadUrl } = (await ticket.json()) as { downloadUrl: string };
  await timed(tally, 'download', () => fetch(downloadUrl));
}

/** One virtual shopper until `until`: mostly browsing, then cart, checkout and downloads. */
export async function shopperLoop(
  tally: Tally,
  session: Session,
  catalog: { slugs: string[]; products: ProductView[] },
  until: number,
): Promise<void> {
  while (Date.now() < until) {
    const roll = Math.random();
    if (roll < 0.5) await browse(tally, catalog.slugs);
    else if (roll < 0.75) await shopWithCart(tally, session, catalog.products);
    else if (roll < 0.85) await checkout(tally, session, catalog.products);
    else if (roll < 0.9) await couponRace(tally, session, catalog.products);
    else await download(tally, session);
  }
}

/** The admin: reads analytics and the product table, toggles featured, adds a product now and then. */
export async function adminLoop(
  tally: Tally,
  admin: Session,
  catalog: { products: ProductView[]; categoryId: string; assetTypeId: string },
  until: number,
): Promise<void> {
  let round = 0;
  while (Date.now() < until) {
    round += 1;
    await timed(tally, 'admin', () => call('GET', '/api/analytics', { session: admin }));
    await timed(tally, 'admin', () => call('GET', '/api/products', { session: admin }));
    const id = pick(catalog.products).id;
    await timed(tally, 'admin', () => call('PATCH', `/api/products/${id}`, { session: admin }));
    if (round % 20 === 0) {
      const bytes = randomBytes(2048);
      await timed(tally, 'admin', () =>
        call('POST', '/api/products', {
          session: admin,
          body: {
            name: `Soak product ${randomBytes(3).toString('hex')}`,
            description: 'Added by the soak run.',
            price: 4.5,
            categoryId: catalog.categoryId,
            assetTypeId: catalog.assetTypeId,
            previewImage: `data:image/png;base64,${PNG_1X1}`,
            originalAsset: `data:application/octet-stream;base64,${bytes.toString('base64')}`,
            fileName: 'soak.bin',
            fileSize: bytes.length,
          },
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';
