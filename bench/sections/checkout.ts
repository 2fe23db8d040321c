import { randomBytes } from 'node:crypto';
import { API_URL, type Database } from '../lib/composition.ts';
import { inParallel } from '../../api/test/scale-out/load.ts';
import { request } from '../lib/http-request.ts';
import { check, log, median, num, table, type Budget } from '../lib/report.ts';
import {
  callJson,
  categoryProducts,
  createShoppers,
  type ProductView,
  type Session,
} from '../lib/store-api.ts';

export interface CheckoutResult {
  database: Database['kind'];
  shoppers: number;
  /** Each round's wall time and rate; `seconds` and `ordersPerSecond` are their medians. */
  rounds: { seconds: number; ordersPerSecond: number }[];
  completed: number;
  seconds: number;
  ordersPerSecond: number;
  errors: number;
  firstErrors: string[];
  exactlyOnce: boolean;
  mismatches: string[];
  budgets: Record<string, Budget>;
}

interface OrderView {
  status: string;
  total_amount: string | number;
}

interface Grant {
  productId: string;
  maxDownloads: number;
}

/**
 * One purchase as the browser makes it: a checkout session, Pay on the local provider's hosted
 * page (a form post from the api's own origin, answered with 303 to the app) and the success
 * page's confirmation.
 */
export async function purchase(session: Session, product: ProductView): Promise<string> {
  const created = await callJson<{ id: string }>('POST', '/api/payments/create-checkout-session', {
    session,
    body: { products: [{ id: product.id, quantity: 1 }] },
  });
  await pay(created.id);
  await confirm(session, created.id);
  return created.id;
}

/** Pay on the local provider's hosted page, as its form posts it. */
export function pressPay(sessionId: string): Promise<Response> {
  return request(`${API_URL}/api/payments/local-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { origin: API_URL, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

async function pay(sessionId: string): Promise<void> {
  const paid = await pressPay(sessionId);
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
}

function confirm(session: Session, sessionId: string): Promise<unknown> {
  return callJson('POST', '/api/payments/checkout-success', { session, body: { sessionId } });
}

/** The load: each shopper creates one checkout session, pays and confirms it. */
const SHOPPERS = 1000;
const QUICK_SHOPPERS = 200;
const CONCURRENCY = 50;
/**
 * The load runs this many times over the same shoppers and the median is reported: one run
 * lasts about five seconds, and on a shared two-core machine single runs of the same code
 * ranged from 170 to 290 orders/s.
 */
const ROUNDS = 3;
const QUICK_ROUNDS = 1;

/**
 * Completed orders per second with 50 purchases in flight, the median of several rounds (in
 * each, every shopper buys another product), then an exactly-once audit over all of them.
 */
export async function runCheckoutSection(
  database: Database,
  { quick }: { quick: boolean },
): Promise<CheckoutResult> {
  const shopperCount = quick ? QUICK_SHOPPERS : SHOPPERS;
  const rounds = quick ? QUICK_ROUNDS : ROUNDS;
  const products = await categoryProducts('digital-art');
  if (products.length === 0) throw new Error('No products to buy');
  log(`checkout ${database.kind}: creating ${shopperCount} shoppers`);
  const shoppers = await createShoppers(shopperCount, `ck-${randomBytes(3).toString('hex')}`);
  const productOf = (index: number, round: number) => products[(index + round) % products.length]!;

  let completed = 0;
  const errors: string[] = [];
  const sessions: { shopper: number; id: string }[] = [];
  const runs: { seconds: number; ordersPerSecond: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    log(
      `checkout ${database.kind}: round ${round + 1}/${rounds}, ` +
        `${shopperCount} purchases, ${CONCURRENCY} at a time`,
    );
    let done = 0;
    const started = performance.now();
    await inParallel(shoppers, CONCURRENCY, async (shopper, index) => {
      try {
        sessions.push({ shopper: index, id: await purchase(shopper, productOf(index, round)) });
        done += 1;
      } catch (error) {
        errors.push((error as Error).message);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    completed += done;
    runs.push({ seconds, ordersPerSecond: done / seconds });
  }

  // Replays: a second Pay and two more confirmations of every session, 50 at a time.
  await inParallel(sessions, CONCURRENCY, async ({ shopper, id }) => {
    const replays = await Promise.allSettled([
      pay(id),
      confirm(shoppers[shopper]!, id),
      confirm(shoppers[shopper]!, id),
    ]);
    for (const replay of replays) {
      if (replay.status === 'rejected') errors.push(`replay: ${(replay.reason as Error).message}`);
    }
  });

  // Exactly once: every shopper has one completed order per round at the product's price, and
  // each product's grant holds its downloads once for every time it was bought.
  const mismatches: string[] = [];
  let totalCents = 0;
  let expectedCents = 0;
  await inParallel(shoppers, CONCURRENCY, async (shopper, index) => {
    const bought = new Map<string, { product: ProductView; times: number }>();
    for (let round = 0; round < rounds; round += 1) {
      const product = productOf(index, round);
      const entry = bought.get(product.id) ?? { product, times: 0 };
      entry.times += 1;
      bought.set(product.id, entry);
      expectedCents += Math.round(product.price * 100);
    }
    // A shopper places at most a few orders here: the first page (50) holds them all.
    const { orders } = await callJson<{ orders: OrderView[] }>('GET', '/api/orders', {
      session: shopper,
    });
    const done = orders.filter((order) => order.status === 'completed');
    totalCents += done.reduce(
      (sum, order) => sum + Math.round(Number(order.total_amount) * 100),
      0,
    );
    if (done.length !== rounds) {
      mismatches.push(`${shopper.email}: ${done.length} completed orders, ${rounds} bought`);
    }
    const { purchasedProducts } = await callJson<{ purchasedProducts: Grant[] }>(
      'GET',
      '/api/orders/purchased-products',
      { session: shopper },
    );
    for (const { product, times } of bought.values()) {
      const grant = purchasedProducts.find((candidate) => candidate.productId === product.id);
      if (grant?.maxDownloads !== product.max_downloads * times)
        mismatches.push(`${shopper.email}: ${grant?.maxDownloads} downloads granted`);
    }
  });
  if (totalCents !== expectedCents)
    mismatches.push(`orders total ${totalCents / 100}, prices sum to ${expectedCents / 100}`);
  const ordersPerSecond = median(runs.map((run) => run.ordersPerSecond));
  const budgets: Record<string, Budget> = {
    errors: check(errors.length === 0, '0 errors'),
    exactlyOnce: check(mismatches.length === 0, 'exactly once'),
    rate: check(
      database.kind === 'postgres' ? ordersPerSecond >= 200 : null,
      '>= 200 orders/s (pg)',
    ),
  };
  return {
    database: database.kind,
    shoppers: shopperCount,
    rounds: runs,
    completed,
    seconds: median(runs.map((run) => run.seconds)),
    ordersPerSecond,
    errors: errors.length,
    firstErrors: [...new Set(errors)].slice(0, 3),
    exactlyOnce: mismatches.length === 0,
    mismatches: mismatches.slice(0, 5),
    budgets,
  };
}

export function checkoutTable(results: CheckoutResult[]): string {
  return table(
    `Checkout load (one session per shopper: create -> Pay -> confirm, ${CONCURRENCY} at once; ` +
      'median of the rounds)',
    [
      ['db', 'orders', 'seconds', 'orders/s', 'each round', 'errors', 'exactly once', 'budgets'],
      ...results.map((result) => [
        result.database,
        `${result.completed}/${result.shoppers * result.rounds.length}`,
        num(result.seconds, 1),
        num(result.ordersPerSecond, 1),
        result.rounds.map((round) => num(round.ordersPerSecond, 0)).join(', '),
        String(result.errors),
        result.exactlyOnce ? 'yes' : `NO (${result.mismatches.length})`,
        Object.values(result.budgets)
          .map((budget) => `${budget.verdict} ${budget.limit}`)
          .join('; '),
      ]),
    ],
  );
}
