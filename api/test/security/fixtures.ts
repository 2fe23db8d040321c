import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, signUp, signedInUser } from '../helpers/accounts.ts';
import {
  adminClient,
  createCatalog,
  createProduct,
  type ProductJson,
  type TestCatalog,
} from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { buy, checkout } from '../helpers/checkout.ts';
import { downloadTicket, tokenOf } from '../helpers/downloads.ts';

/**
 * Generous limits: these suites send hundreds of requests from one address and one user, and
 * the limiters have their own suite (`rate-limits*.test.ts`). Unknown names are ignored.
 */
export const SECURITY_ENV = {
  LOGIN_MAX_FAILURES: '100000',
  FORGOT_PASSWORD_PER_HOUR: '100000',
  RESEND_VERIFICATION_PER_HOUR: '100000',
  SIGNUP_PER_HOUR: '100000',
  COUPON_VALIDATIONS_PER_10_MINUTES: '100000',
  DOWNLOAD_LINKS_PER_MINUTE: '100000',
  WEB_VITALS_PER_MINUTE: '100000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
  RESET_PASSWORD_PER_HOUR: '100000',
  CHANGE_PASSWORD_PER_HOUR: '100000',
  CHECKOUTS_PER_HOUR: '100000',
  READY_CHECKS_PER_MINUTE: '100000',
  REVIEW_WRITES_PER_HOUR: '100000',
  HELPFUL_VOTES_PER_HOUR: '100000',
  FREE_ORDERS_PER_HOUR: '100000',
  LICENSE_CALLS_PER_KEY_PER_MINUTE: '100000',
  LICENSE_CALLS_PER_ADDRESS_PER_MINUTE: '100000',
};

export interface Shopper {
  client: TestClient;
  email: string;
  id: string;
  name: string;
}

export interface SecurityFixtures {
  admin: TestClient;
  catalog: TestCatalog;
  /** Bought by A (completed order, download grant, a download link issued). */
  bought: ProductJson;
  /** In A's cart. */
  inCartA: ProductJson;
  /** In B's cart. */
  inCartB: ProductJson;
  /** In nobody's cart, never bought: what calls that add or buy use. */
  spare: ProductJson;
  a: Shopper;
  b: Shopper;
  /** Signed up, never verified: the login was refused, so the client holds no cookies. */
  unverified: { client: TestClient; email: string };
  orderA: { id: string; sessionId: string };
  couponA: string;
  downloadUrlA: string;
  /** Open local checkout sessions of A (the hosted page's capability). */
  pendingA: string[];
  /** The admin's discount codes: one the calls edit, one whose code is taken. */
  discount: DiscountFixture;
  otherDiscount: DiscountFixture;
}

export interface DiscountFixture {
  id: string;
  code: string;
}

async function discountCode(admin: TestClient, label: string): Promise<DiscountFixture> {
  const response = await admin.post('/api/admin/discounts', {
    code: `${label}-${randomBytes(4).toString('hex')}`,
    kind: 'amount',
    value: 5,
  });
  assert.equal(response.statusCode, 201, response.body);
  const { id, code } = response.json<DiscountFixture>();
  return { id, code };
}

async function shopper(app: FastifyInstance, label: string): Promise<Shopper> {
  const { client, email, user } = await signedInUser(app);
  const name = `${label} ${randomBytes(4).toString('hex')}`;
  const renamed = await client.put('/api/auth/profile', { name });
  assert.equal(renamed.statusCode, 200, renamed.body);
  return { client, email, id: user.id, name };
}

/**
 * A world with something to steal: A bought a product (completed order, grant, a signed
 * download link), holds an active coupon, a cart line and open checkout sessions; B has a
 * cart line of its own; an unverified account tried to log in.
 */
export async function buildFixtures(
  app: FastifyInstance,
  options: { pendingSessions?: number } = {},
): Promise<SecurityFixtures> {
  const admin = await adminClient(app);
  const catalog = await createCatalog(app, 'sec');
  const [bought, inCartA, inCartB, spare] = [
    await createProduct(admin, catalog, { price: 20 }),
    await createProduct(admin, catalog, { price: 7.5 }),
    await createProduct(admin, catalog, { price: 3 }),
    await createProduct(admin, catalog, { price: 1.25 }),
  ];
  const a = await shopper(app, 'Alice');
  const b = await shopper(app, 'Bob');

  const order = await buy(app, a.client, [{ product: bought }]);
  assert.equal(order.status, 'completed');
  assert.equal((await a.client.post('/api/cart', { productId: inCartA.id })).statusCode, 200);
  assert.equal((await b.client.post('/api/cart', { productId: inCartB.id })).statusCode, 200);
  const coupon = await a.client.get('/api/coupons');
  assert.equal(coupon.statusCode, 200, coupon.body);
  const couponA = coupon.json<{ code: string } | null>()?.code;
  assert.ok(couponA, 'A holds the welcome coupon');
  const { downloadUrl } = await downloadTicket(a.client, bought.id);
  const pendingA: string[] = [];
  for (let index = 0; index < (options.pendingSessions ?? 3); index += 1) {
    pendingA.push((await checkout(a.client, [{ product: spare }])).id);
  }

  const unverifiedEmail = await signUp(app);
  const unverifiedClient = new TestClient(app);
  const refused = await unverifiedClient.post('/api/auth/login', {
    email: unverifiedEmail,
    password: PASSWORD,
  });
  assert.equal(refused.statusCode, 403, refused.body);
  assert.equal(refused.json().emailVerificationRequired, true);
  assert.equal(unverifiedClient.cookies.size, 0, 'a refused login sets no cookie');
  const discount = await discountCode(admin, 'EDITED');
  const otherDiscount = await discountCode(admin, 'TAKEN');

  return {
    admin,
    catalog,
    bought,
    inCartA,
    inCartB,
    spare,
    a,
    b,
    unverified: { client: unverifiedClient, email: unverifiedEmail },
    orderA: { id: order.id, sessionId: order.providerSessionId! },
    couponA,
    downloadUrlA: downloadUrl,
    pendingA,
    discount,
    otherDiscount,
  };
}

/** A's values no other principal may ever see in an answer. */
export function secretsOfA(fixtures: SecurityFixtures): string[] {
  return [
    fixtures.a.email,
    fixtures.a.id,
    fixtures.a.name,
    fixtures.orderA.id,
    fixtures.orderA.sessionId,
    fixtures.couponA,
    tokenOf(fixtures.downloadUrlA),
    ...fixtures.pendingA,
  ];
}

/** Another, independent session of the same account (for calls that end their session). */
export async function secondSession(app: FastifyInstance, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  assert.equal(login.statusCode, 200, login.body);
  return client;
}
