import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import {
  cartItems,
  coupons,
  licenseActivations,
  licenseKeys,
  orderItems,
  orders,
  purchasedProducts,
  users,
} from '../../src/db/schema.ts';
import { keyHint, newLicenseKey } from '../../src/licenses/key-codec.ts';
import { KeyVault } from '../../src/licenses/key-vault.ts';
import { downloadTokenKeys, signDownloadToken } from '../../src/downloads/download-tokens.ts';
import { PASSWORD, mailedLink, signUp, signedInUser, uniqueEmail } from '../helpers/accounts.ts';
import { RedisCacheStore, type CacheStore } from '../../src/infrastructure/cache.ts';
import { RedisRateLimitStore } from '../../src/infrastructure/rate-limit-store.ts';
import { describeEachDatabase, startApp, type Suite } from '../helpers/app.ts';
import { databaseKinds } from '../helpers/databases.ts';
import { createProduct, productBody } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { API_ORIGIN, buy } from '../helpers/checkout.ts';
import { tokenOf } from '../helpers/downloads.ts';
import { reviewed } from '../helpers/reviews.ts';
import { SECURITY_ENV, buildFixtures, secretsOfA, type SecurityFixtures } from './fixtures.ts';
import { apiRoutes } from './route-table.ts';

/*
 * Every route x five principals, with A's data as the target wherever a route takes an id.
 * Where the contract is silent, the choice that leaks nothing:
 * - "unverified" signed up but its login was refused (403), so it holds no session: every
 *   signed-in call answers it 401, exactly as signed out.
 * - The admin has no reach into shoppers' data through shopper routes: A's order, coupon,
 *   purchase and checkout session answer the admin 404 like anyone else's.
 * - Capabilities answer whoever holds them, as with the real providers: a mailed verification
 *   token, the hosted checkout's session id (page, Pay, Cancel) and A's signed download link
 *   (5 minutes, opened without cookies). Anything not signed by the api is refused.
 * - The webhook trusts only the provider's signature (400 unsigned, whoever sends it);
 *   forgot-password and resend-verification answer the same 200 to everyone; the outbox
 *   exists in development only.
 */
const PRINCIPALS = ['signedOut', 'unverified', 'A', 'B', 'admin'] as const;
type Principal = (typeof PRINCIPALS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Call {
  method: Method;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  /** `METHOD /pattern` from the route table. */
  route: string;
  /** What the row does, when the route has several rows. */
  label?: string;
  call: (who: Principal) => Call | Promise<Call>;
  expect: Record<Principal, number>;
  /** Answers that may carry A's data to anyone (capabilities and dev-only routes). */
  mayShowA?: string;
  /** A further check of a principal's answer (what it shows must be its own). */
  verify?: (who: Principal, response: LightMyRequestResponse) => void;
}

/** Per principal: the same status for all five, or signed out / unverified / A / B / admin. */
const all = (status: number): Record<Principal, number> => ({
  signedOut: status,
  unverified: status,
  A: status,
  B: status,
  admin: status,
});
const statuses = (...values: [number, number, number, number, number]) =>
  Object.fromEntries(PRINCIPALS.map((who, index) => [who, values[index]])) as Record<
    Principal,
    number
  >;

// Contract: 401 signed out (the unverified account never got a session: its login was 403),
// 403 for non-admins on admin calls, 404 for someone else's order, coupon, purchase or session.
const SIGNED_IN = statuses(401, 401, 200, 200, 200);
const ADMIN_ONLY = statuses(401, 401, 403, 403, 200);
const OWNER_ONLY = statuses(401, 401, 200, 404, 404);

function rows(fx: SecurityFixtures, extras: MatrixExtras): Row[] {
  const idsOf = (response: LightMyRequestResponse, key?: string) => {
    const body = response.json<unknown>();
    const list = (key ? (body as Record<string, unknown>)[key] : body) as Array<
      Record<string, unknown>
    >;
    return list.map((item) => String(item.productId ?? item.product_id ?? item._id ?? item.id));
  };
  const [header, , signature] = tokenOf(fx.downloadUrlA).split('.');
  const otherProduct = Buffer.from(
    JSON.stringify({ ...decodeJwt(tokenOf(fx.downloadUrlA)), p: fx.spare.id }),
  ).toString('base64url');
  const form = { origin: API_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };

  return [
    {
      route: 'GET /api/health',
      call: () => ({ method: 'GET', url: '/api/health' }),
      expect: all(200),
    },
    {
      route: 'GET /api/ready',
      call: () => ({ method: 'GET', url: '/api/ready' }),
      expect: all(200),
    },
    {
      // Open outside production unless METRICS_TOKEN is set (test/routes/metrics.test.ts).
      route: 'GET /api/metrics',
      call: () => ({ method: 'GET', url: '/api/metrics' }),
      expect: all(200),
    },
    {
      // Any page may report, signed in or out; the beacon's checks are in routes/vitals.test.ts.
      route: 'POST /api/vitals',
      call: () => ({
        method: 'POST',
        url: '/api/vitals',
        payload: { route: '/orders', metrics: [{ name: 'LCP', value: 1200 }] },
      }),
      expect: all(204),
    },
    // The API reference is public; Swagger UI exists outside production only.
    ...(
      [
        ['/api/openapi.json', 200],
        ['/api/docs', 200],
        ['/api/docs/json', 200],
        ['/api/docs/yaml', 200],
        ['/api/docs/static/index.html', 302],
        ['/api/docs/static/swagger-initializer.js', 200],
        ['/api/docs/static/*', 200, '/api/docs/static/swagger-ui.css'],
      ] as const
    ).map(([route, status, url = route]) => ({
      route: `GET ${route}`,
      call: () => ({ method: 'GET' as const, url }),
      expect: all(status),
    })),
    {
      route: 'POST /api/auth/signup',
      call: () => ({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Matrix', email: uniqueEmail('matrix'), password: PASSWORD },
      }),
      expect: all(201),
    },
    {
      // The mailed token is the credential, whoever's browser opens it.
      route: 'GET /api/auth/verify-email/:token',
      call: async () => {
        const email = await signUp(extras.app);
        const { token } = await mailedLink(extras.app, email, 'verify-email');
        return { method: 'GET', url: `/api/auth/verify-email/${token}` };
      },
      expect: all(200),
    },
    {
      // Own credentials; signed out tries A's address with a wrong password.
      route: 'POST /api/auth/login',
      call: (who) => ({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          signedOut: { email: fx.a.email, password: 'not-the-password' },
          unverified: { email: fx.unverified.email, password: PASSWORD },
          A: { email: fx.a.email, password: PASSWORD },
          B: { email: fx.b.email, password: PASSWORD },
          admin: { email: extras.adminEmail, password: extras.adminPassword },
        }[who],
      }),
      expect: statuses(401, 403, 200, 200, 200),
    },
    {
      route: 'POST /api/auth/refresh-token',
      call: () => ({ method: 'POST', url: '/api/auth/refresh-token' }),
      expect: SIGNED_IN,
    },
    {
      // A real reset would end A's sessions mid-matrix; the token check is in passwords.test.ts.
      route: 'POST /api/auth/reset-password/:token',
      call: () => ({
        method: 'POST',
        url: '/api/auth/reset-password/not-a-token',
        payload: { password: 'Brand#New1' },
      }),
      expect: all(400),
    },
    {
      route: 'GET /api/auth/profile',
      call: () => ({ method: 'GET', url: '/api/auth/profile' }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode === 200) assert.equal(response.json().id, extras.idOf[who]);
      },
    },
    {
      route: 'PUT /api/auth/profile',
      call: (who) => ({
        method: 'PUT',
        url: '/api/auth/profile',
        payload: { name: `${who} renamed` },
      }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode === 200) assert.equal(response.json().user.id, extras.idOf[who]);
      },
    },
    {
      route: 'PUT /api/auth/change-password',
      call: () => ({
        method: 'PUT',
        url: '/api/auth/change-password',
        payload: { currentPassword: 'not-the-password', newPassword: 'Brand#New1' },
      }),
      expect: statuses(401, 401, 400, 400, 400),
    },
    {
      // Same answer whoever asks and whether or not the address exists.
      route: 'POST /api/auth/forgot-password',
      call: () => ({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: fx.a.email },
      }),
      expect: all(200),
    },
    {
      // Same answer whoever asks and whatever the state of the address.
      route: 'POST /api/auth/resend-verification',
      call: () => ({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: fx.a.email },
      }),
      expect: all(200),
    },
    {
      route: 'GET /api/analytics',
      call: () => ({ method: 'GET', url: '/api/analytics' }),
      expect: ADMIN_ONLY,
    },
    ...['products', 'discounts'].map((list): Row => ({
      route: `GET /api/analytics/${list}`,
      call: () => ({ method: 'GET', url: `/api/analytics/${list}?from=2021-01-01&to=2021-12-31` }),
      expect: ADMIN_ONLY,
    })),
    ...['/api/dropdown/categories', '/api/dropdown/categories/statistics', '/api/dropdown/all'].map(
      (url): Row => ({
        route: `GET ${url}`,
        call: () => ({ method: 'GET', url }),
        expect: all(200),
      }),
    ),
    {
      route: 'GET /api/dev/outbox',
      call: () => ({ method: 'GET', url: '/api/dev/outbox' }),
      expect: all(200),
      mayShowA: 'development only (absent in production, see production.test.ts)',
    },
    {
      route: 'GET /api/products',
      call: () => ({ method: 'GET', url: '/api/products' }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'POST /api/products',
      call: () => ({ method: 'POST', url: '/api/products', payload: productBody(fx.catalog) }),
      expect: statuses(401, 401, 403, 403, 201),
    },
    {
      route: 'GET /api/products/featured',
      call: () => ({ method: 'GET', url: '/api/products/featured' }),
      expect: all(200),
    },
    {
      route: 'GET /api/search',
      call: () => ({ method: 'GET', url: '/api/search?q=pack' }),
      expect: all(200),
    },
    {
      route: 'GET /api/products/category/:category',
      call: () => ({ method: 'GET', url: `/api/products/category/${fx.catalog.categorySlug}` }),
      expect: all(200),
    },
    {
      route: 'GET /api/products/by-slug/:slug',
      call: () => ({ method: 'GET', url: `/api/products/by-slug/${String(fx.bought.slug)}` }),
      expect: all(200),
    },
    {
      route: 'GET /api/products/:id/related',
      call: () => ({ method: 'GET', url: `/api/products/${fx.bought.id}/related` }),
      expect: all(200),
    },
    {
      route: 'GET /api/products/slugs',
      call: () => ({ method: 'GET', url: '/api/products/slugs' }),
      expect: all(200),
    },
    {
      route: 'GET /api/products/download/:productId',
      label: "A's purchase",
      call: () => ({ method: 'GET', url: `/api/products/download/${fx.bought.id}` }),
      expect: OWNER_ONLY,
    },
    {
      route: 'DELETE /api/products/:id',
      call: () => ({ method: 'DELETE', url: `/api/products/${extras.doomed}` }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'PATCH /api/products/:id',
      call: () => ({ method: 'PATCH', url: `/api/products/${extras.toggled}` }),
      expect: ADMIN_ONLY,
    },
    {
      // With a new file: the admin's edit is a new version, whose fan-out reaches nobody.
      route: 'PUT /api/products/:id',
      call: () => ({
        method: 'PUT',
        url: `/api/products/${extras.edited}`,
        payload: productBody(fx.catalog, { notifyBuyers: true, releaseNote: 'Matrix' }),
      }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'GET /api/products/:id/buyers',
      label: 'the product A bought',
      call: () => ({ method: 'GET', url: `/api/products/${fx.bought.id}/buyers` }),
      expect: ADMIN_ONLY,
      verify: (who, response) => {
        if (response.statusCode === 200) assert.deepEqual(response.json(), { buyers: 1 }, who);
      },
    },
    {
      // The signed link of an update mail is the credential, whoever's browser opens it.
      route: 'GET /api/account/update-mails/opt-out/:token',
      label: "another shopper's link",
      call: () => ({ method: 'GET', url: extras.optOutPath }),
      expect: all(200),
    },
    {
      // Mail clients post it without cookies from their own servers (RFC 8058): no origin check.
      route: 'POST /api/account/update-mails/opt-out/:token',
      label: "another shopper's link",
      call: () => ({
        method: 'POST',
        url: extras.optOutPath,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      expect: all(200),
    },
    {
      route: 'POST /api/payments/create-checkout-session',
      call: () => ({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        payload: { products: [{ _id: fx.spare.id, quantity: 1 }], couponCode: null },
      }),
      expect: SIGNED_IN,
    },
    {
      route: 'POST /api/payments/create-checkout-session',
      label: "with A's coupon",
      call: () => ({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        payload: { products: [{ _id: fx.spare.id, quantity: 1 }], couponCode: fx.couponA },
      }),
      expect: OWNER_ONLY,
    },
    {
      route: 'POST /api/payments/checkout-success',
      label: "A's paid session",
      call: () => ({
        method: 'POST',
        url: '/api/payments/checkout-success',
        payload: { sessionId: fx.orderA.sessionId },
      }),
      expect: OWNER_ONLY,
    },
    {
      // Unsigned: only the provider's signature counts, never a session.
      route: 'POST /api/payments/webhook',
      call: () => ({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: { type: 'checkout.session.completed', data: { object: { id: fx.pendingA[0] } } },
      }),
      expect: all(400),
    },
    {
      route: 'GET /api/payments/local-checkout/:sessionId',
      label: "A's open session",
      call: () => ({ method: 'GET', url: `/api/payments/local-checkout/${fx.pendingA[0]}` }),
      expect: all(200),
      mayShowA: 'the session id (192 random bits) is the capability, as with Stripe Checkout',
    },
    {
      route: 'POST /api/payments/local-checkout/:sessionId/pay',
      label: "A's open session",
      call: () => ({
        method: 'POST',
        url: `/api/payments/local-checkout/${fx.pendingA[1]}/pay`,
        payload: '',
        headers: form,
      }),
      expect: all(303),
      mayShowA: 'the session id is the capability (the redirect names it)',
    },
    {
      route: 'POST /api/payments/local-checkout/:sessionId/cancel',
      label: "A's open session",
      call: () => ({
        method: 'POST',
        url: `/api/payments/local-checkout/${fx.pendingA[2]}/cancel`,
        payload: '',
        headers: form,
      }),
      expect: all(303),
      mayShowA: 'the session id is the capability',
    },
    {
      route: 'GET /api/cart',
      call: () => ({ method: 'GET', url: '/api/cart' }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const has = idsOf(response).includes(fx.inCartA.id);
        assert.equal(has, who === 'A', `${who} sees A's cart line: ${has}`);
      },
    },
    {
      // Before A's cart line goes to 0 below: the quote shows A's lines to A only.
      route: 'GET /api/cart/quote',
      call: () => ({ method: 'GET', url: '/api/cart/quote' }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const has = idsOf(response, 'lines').includes(fx.inCartA.id);
        assert.equal(has, who === 'A', `${who} sees A's cart line in a quote: ${has}`);
      },
    },
    {
      route: 'POST /api/cart',
      call: () => ({ method: 'POST', url: '/api/cart', payload: { productId: fx.spare.id } }),
      expect: SIGNED_IN,
    },
    {
      route: 'PUT /api/cart/:productId',
      label: "A's cart line to 0",
      call: () => ({ method: 'PUT', url: `/api/cart/${fx.inCartA.id}`, payload: { quantity: 0 } }),
      expect: SIGNED_IN,
    },
    {
      route: 'DELETE /api/cart',
      label: "A's line",
      call: () => ({ method: 'DELETE', url: '/api/cart', payload: { productId: fx.inCartA.id } }),
      expect: SIGNED_IN,
    },
    {
      route: 'DELETE /api/cart',
      label: 'the whole cart',
      call: () => ({ method: 'DELETE', url: '/api/cart' }),
      expect: SIGNED_IN,
    },
    {
      route: 'GET /api/coupons',
      call: () => ({ method: 'GET', url: '/api/coupons' }),
      expect: SIGNED_IN,
    },
    {
      route: 'POST /api/coupons/validate',
      label: "A's code",
      call: () => ({ method: 'POST', url: '/api/coupons/validate', payload: { code: fx.couponA } }),
      expect: OWNER_ONLY,
    },
    {
      route: 'POST /api/coupons/validate',
      label: "A's code in lower case",
      call: () => ({
        method: 'POST',
        url: '/api/coupons/validate',
        payload: { code: fx.couponA.toLowerCase() },
      }),
      expect: OWNER_ONLY,
    },
    {
      route: 'GET /api/orders',
      call: () => ({ method: 'GET', url: '/api/orders' }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const has = response
          .json<{ orders: Array<{ id: string }> }>()
          .orders.some((order) => order.id === fx.orderA.id);
        assert.equal(has, who === 'A', `${who} lists A's order: ${has}`);
      },
    },
    {
      route: 'GET /api/orders/purchased-products',
      call: () => ({ method: 'GET', url: '/api/orders/purchased-products' }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const has = idsOf(response, 'purchasedProducts').includes(fx.bought.id);
        assert.equal(has, who === 'A', `${who} lists A's purchase: ${has}`);
      },
    },
    {
      route: 'GET /api/orders/:id',
      label: "A's order",
      call: () => ({ method: 'GET', url: `/api/orders/${fx.orderA.id}` }),
      expect: OWNER_ONLY,
    },
    {
      // Another shopper's completed order: refunding A's own would change A's data before A's
      // column runs. Only the admin refunds; the shoppers' answers are refusals.
      route: 'POST /api/orders/:id/refund',
      label: "a third shopper's order",
      call: () => ({ method: 'POST', url: `/api/orders/${extras.refundable}/refund` }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'GET /api/admin/orders',
      call: () => ({ method: 'GET', url: `/api/admin/orders?q=${fx.orderA.id}` }),
      expect: ADMIN_ONLY,
      mayShowA: "every order and its customer's e-mail, to the admin only",
      verify: (who, response) => {
        if (response.statusCode !== 200) {
          assert.doesNotMatch(response.body, /customer_email/, `${who} sees an order list`);
          return;
        }
        const ids = response.json<{ orders: Array<{ id: string }> }>().orders.map((o) => o.id);
        assert.deepEqual(ids, [fx.orderA.id], `${who} finds A's order by its id`);
      },
    },
    // Reviews: A bought `bought` and reviewed it; nobody else did. A's column runs last, so A
    // deletes the review only after everyone's calls on it.
    {
      route: 'GET /api/products/:id/reviews',
      call: () => ({ method: 'GET', url: `/api/products/${fx.bought.id}/reviews` }),
      expect: all(200),
      verify: (who, response) => {
        const ids = response.json<{ reviews: Array<{ id: string }> }>().reviews.map((r) => r.id);
        assert.deepEqual(ids, [extras.reviewA], `${who} lists A's review`);
      },
    },
    {
      route: 'GET /api/products/:id/mine',
      call: () => ({ method: 'GET', url: `/api/products/${fx.bought.id}/mine` }),
      expect: SIGNED_IN,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const mine = response.json<{ owned: boolean; review: { id: string } | null }>();
        assert.deepEqual(
          [mine.owned, mine.review?.id ?? null],
          who === 'A' ? [true, extras.reviewA] : [false, null],
          `${who} sees only their own`,
        );
      },
    },
    {
      route: 'POST /api/products/:id/reviews',
      call: () => ({
        method: 'POST',
        url: `/api/products/${fx.bought.id}/reviews`,
        payload: { rating: 1, title: 'Matrix', body: 'A second review' },
      }),
      expect: statuses(401, 401, 409, 403, 403),
    },
    {
      route: 'PUT /api/products/:id/reviews/mine',
      call: () => ({
        method: 'PUT',
        url: `/api/products/${fx.bought.id}/reviews/mine`,
        payload: { rating: 5, title: 'Matrix', body: 'Edited' },
      }),
      expect: statuses(401, 401, 200, 404, 404),
    },
    {
      route: 'POST /api/reviews/:id/helpful',
      label: "A's review",
      call: () => ({ method: 'POST', url: `/api/reviews/${extras.reviewA}/helpful` }),
      expect: statuses(401, 401, 403, 200, 200),
    },
    ...(['reply', 'hide', 'unhide'] as const).map((action): Row => ({
      route: `POST /api/reviews/:id/${action}`,
      label: "A's review",
      call: () => ({
        method: 'POST',
        url: `/api/reviews/${extras.reviewA}/${action}`,
        ...(action === 'reply' ? { payload: { body: 'Thanks' } } : {}),
      }),
      expect: ADMIN_ONLY,
      ...(action === 'reply'
        ? {}
        : { mayShowA: "the admin's view of the review: its author's e-mail, to the admin only" }),
    })),
    {
      route: 'GET /api/admin/discounts',
      call: () => ({ method: 'GET', url: '/api/admin/discounts' }),
      expect: ADMIN_ONLY,
      verify: (who, response) => {
        if (response.statusCode !== 200) {
          assert.doesNotMatch(response.body, /"discounts"/, `${who} sees the discount list`);
          return;
        }
        const codes = response.json<{ discounts: Array<{ id: string }> }>().discounts;
        assert.ok(
          codes.some((code) => code.id === fx.discount.id),
          'the list has the codes',
        );
      },
    },
    {
      route: 'POST /api/admin/discounts',
      call: () => ({
        method: 'POST',
        url: '/api/admin/discounts',
        payload: { code: extras.newDiscountCode, kind: 'percent', value: 10 },
      }),
      expect: statuses(401, 401, 403, 403, 201),
    },
    {
      route: 'PUT /api/admin/discounts/:id',
      call: () => ({
        method: 'PUT',
        url: `/api/admin/discounts/${fx.discount.id}`,
        payload: { code: fx.discount.code, kind: 'percent', value: 99, active: false },
      }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'DELETE /api/admin/discounts/:id',
      call: () => ({ method: 'DELETE', url: `/api/admin/discounts/${extras.doomedDiscount}` }),
      expect: ADMIN_ONLY,
    },
    {
      route: 'GET /api/admin/reviews',
      call: () => ({ method: 'GET', url: '/api/admin/reviews' }),
      expect: ADMIN_ONLY,
      mayShowA: "every review with its author's e-mail, to the admin only",
    },
    {
      route: 'DELETE /api/products/:id/reviews/mine',
      call: () => ({ method: 'DELETE', url: `/api/products/${fx.bought.id}/reviews/mine` }),
      expect: statuses(401, 401, 200, 404, 404),
    },
    {
      route: 'GET /api/files/previews/:name',
      call: () => ({
        method: 'GET',
        url: new URL(fx.bought.preview_image_url, API_ORIGIN).pathname,
      }),
      expect: all(200),
    },
    {
      // Decided (docs/decisions/0090-download-links.md): the link opens in a new tab without
      // cookies and is the credential for its 5 minutes, like the S3 presigned URL it stands for;
      // it is only ever given to the buyer. Anything not signed by the api is refused.
      route: 'GET /api/files/downloads/:token',
      label: "A's signed link",
      call: () => ({ method: 'GET', url: new URL(fx.downloadUrlA).pathname }),
      expect: all(200),
      mayShowA: 'the file itself',
    },
    {
      route: 'GET /api/files/downloads/:token',
      label: "A's link pointed at another product",
      call: () => ({
        method: 'GET',
        url: `/api/files/downloads/${header}.${otherProduct}.${signature}`,
      }),
      expect: all(403),
    },
    {
      route: 'GET /api/files/downloads/:token',
      label: "A's link, expired",
      call: () => ({ method: 'GET', url: `/api/files/downloads/${extras.expiredLinkA}` }),
      expect: all(410),
    },
    // License keys. Decided (contract section 11): the key is the public API's credential, so
    // whoever holds A's key may use it, signed in or not, and cookies change nothing. Each
    // column activates the same device, checks it and frees it again.
    {
      route: 'POST /api/licenses/activate',
      call: () => ({
        method: 'POST',
        url: '/api/licenses/activate',
        payload: {
          key: extras.licenseA.key,
          instanceName: 'Matrix device',
          fingerprint: 'matrix-device',
        },
      }),
      expect: all(201),
      verify: (who, response) => {
        const answer = response.json<{ instanceId: string; token: string }>();
        extras.licenseA.instanceId = answer.instanceId;
        const claims = decodeJwt(answer.token);
        assert.equal(claims.sub, extras.licenseA.id, `${who}'s token names A's license`);
      },
    },
    {
      route: 'POST /api/licenses/validate',
      call: () => ({
        method: 'POST',
        url: '/api/licenses/validate',
        payload: { key: extras.licenseA.key, instanceId: extras.licenseA.instanceId },
      }),
      expect: all(200),
      verify: (who, response) => {
        assert.equal(response.json<{ valid: boolean }>().valid, true, `${who} validates`);
      },
    },
    {
      route: 'POST /api/licenses/deactivate',
      call: () => ({
        method: 'POST',
        url: '/api/licenses/deactivate',
        payload: { key: extras.licenseA.key, instanceId: extras.licenseA.instanceId },
      }),
      expect: all(200),
    },
    {
      route: 'GET /api/licenses/jwks.json',
      call: () => ({ method: 'GET', url: '/api/licenses/jwks.json' }),
      expect: all(200),
    },
    {
      // A's own device list: only A frees a device of A's key; the admin resets keys instead.
      route: 'DELETE /api/orders/licenses/:id/activations/:instanceId',
      label: "A's key",
      call: () => ({
        method: 'DELETE',
        url: `/api/orders/licenses/${extras.licenseA.id}/activations/${extras.licenseA.ownerDevice}`,
      }),
      expect: OWNER_ONLY,
      verify: (who, response) => {
        if (response.statusCode !== 200) return;
        const answer = response.json<{ id: string; activations: Array<{ instanceId: string }> }>();
        assert.equal(answer.id, extras.licenseA.id, `${who} sees A's key`);
        assert.ok(
          !answer.activations.some((device) => device.instanceId === extras.licenseA.ownerDevice),
          'the device is gone',
        );
      },
    },
    {
      route: 'GET /api/admin/licenses',
      call: () => ({
        method: 'GET',
        url: `/api/admin/licenses?q=${encodeURIComponent(extras.licenseA.key)}`,
      }),
      expect: ADMIN_ONLY,
      mayShowA: "A's e-mail and order id beside the masked key, to the admin only",
      verify: (who, response) => {
        if (response.statusCode !== 200) {
          assert.doesNotMatch(response.body, /maskedKey/, `${who} sees a license list`);
          return;
        }
        const ids = response.json<{ licenses: Array<{ id: string }> }>().licenses.map((l) => l.id);
        assert.deepEqual(ids, [extras.licenseA.id], `${who} finds A's key by the key`);
        assert.ok(!response.body.includes(extras.licenseA.key), 'the admin sees the key masked');
      },
    },
    // The admin's actions take A's second key: A's column still uses the first one after them.
    ...(['disable', 'enable', 'reset'] as const).map((action): Row => ({
      route: `POST /api/admin/licenses/:id/${action}`,
      call: () => ({
        method: 'POST',
        url: `/api/admin/licenses/${extras.licenseA.otherId}/${action}`,
      }),
      expect: ADMIN_ONLY,
      mayShowA: "A's e-mail and order id beside the masked key, to the admin only",
    })),
    {
      // Last: it ends the session. Never fails, signed in or not.
      route: 'POST /api/auth/logout',
      call: () => ({ method: 'POST', url: '/api/auth/logout' }),
      expect: all(200),
    },
  ];
}

interface MatrixExtras {
  app: FastifyInstance;
  /** A's download link, validly signed but expired. */
  expiredLinkA: string;
  adminEmail: string;
  adminPassword: string;
  idOf: Record<Principal, string | undefined>;
  doomed: string;
  toggled: string;
  edited: string;
  /** The path of the update-mail opt-out link of a shopper outside the matrix. */
  optOutPath: string;
  /** A completed order of a shopper outside the matrix, for the admin to refund. */
  refundable: string;
  /** A's review of the product A bought. */
  reviewA: string;
  /** A code no discount has yet: only the admin's create may take it. */
  newDiscountCode: string;
  /** A discount code for the admin to delete. */
  doomedDiscount: string;
  licenseA: LicenseOfA;
}

/** Two license keys of A's, on A's order; the first with a device only A may free. */
interface LicenseOfA {
  id: string;
  key: string;
  /** A's second key, which the admin disables, enables and resets. */
  otherId: string;
  /** A device of the first key, for A's own deactivation. */
  ownerDevice: string;
  /** The device the public API rows activate (each column anew). */
  instanceId?: string;
}

/**
 * Keys written straight to the table as the order's completion issues them (the issuing is
 * tested in routes/license-issue.test.ts): A's bought product stands in for a licensed one.
 */
async function licenseOfA(suite: Suite, fx: SecurityFixtures): Promise<LicenseOfA> {
  const vault = new KeyVault(suite.config.licenses.keySecret);
  const [item] = await suite.app.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, fx.orderA.id));
  assert.ok(item, "A's order has its line");
  const issued = [1, 2].map((unit) => {
    const id = randomUUID();
    const key = newLicenseKey();
    return {
      key,
      row: {
        id,
        orderId: fx.orderA.id,
        orderItemId: item.id,
        unit,
        productId: fx.bought.id,
        userId: fx.a.id,
        lookupHash: vault.lookupHash(key),
        sealedKey: vault.seal(key, id),
        keyHint: keyHint(key),
        activationLimit: 3,
      },
    };
  });
  await suite.app.db.insert(licenseKeys).values(issued.map((entry) => entry.row));
  const [device] = await suite.app.db
    .insert(licenseActivations)
    .values({
      licenseId: issued[0]!.row.id,
      fingerprintHash: createHash('sha256').update('owner-device').digest(),
      name: "A's old laptop",
    })
    .returning({ id: licenseActivations.id });
  return {
    id: issued[0]!.row.id,
    key: issued[0]!.key,
    otherId: issued[1]!.row.id,
    ownerDevice: device!.id,
  };
}

/** What B, the admin and strangers must never change: A's rows, read from the database. */
async function stateOfA(app: FastifyInstance, fx: SecurityFixtures) {
  const userId = fx.a.id;
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  return {
    user: {
      name: user!.name,
      email: user!.email,
      passwordHash: user!.passwordHash,
      role: user!.role,
    },
    cart: await app.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId)),
    coupons: await app.db
      .select({
        code: coupons.code,
        consumedAt: coupons.consumedAt,
        replacedAt: coupons.replacedAt,
      })
      .from(coupons)
      .where(eq(coupons.userId, userId)),
    order: (await app.db.select().from(orders).where(eq(orders.id, fx.orderA.id))).map((order) => ({
      status: order.status,
      userId: order.userId,
    })),
    // The bought product's grant (paying A's open session on the hosted page adds another).
    grant: await app.db
      .select({
        remaining: purchasedProducts.remainingDownloads,
        max: purchasedProducts.maxDownloads,
      })
      .from(purchasedProducts)
      .where(
        and(eq(purchasedProducts.userId, userId), eq(purchasedProducts.productId, fx.bought.id)),
      ),
  };
}

/** The whole matrix against one app, asserted at once. */
async function runMatrix(suite: Suite, t: TestContext, variant: string = suite.kind) {
  const fx = await buildFixtures(suite.app);
  const extras: MatrixExtras = {
    app: suite.app,
    expiredLinkA: await signDownloadToken(downloadTokenKeys(suite.config), {
      ...(decodeJwt(tokenOf(fx.downloadUrlA)) as { d: string; p: string; k: string }),
      exp: Math.floor(Date.now() / 1000) - 1,
    }),
    adminEmail: suite.config.demoAdmin.email,
    adminPassword: suite.config.demoAdmin.password,
    idOf: {
      signedOut: undefined,
      unverified: undefined,
      A: fx.a.id,
      B: fx.b.id,
      admin: (await fx.admin.get('/api/auth/profile')).json<{ id: string }>().id,
    },
    doomed: (await createProduct(fx.admin, fx.catalog)).id,
    toggled: (await createProduct(fx.admin, fx.catalog)).id,
    edited: (await createProduct(fx.admin, fx.catalog)).id,
    optOutPath: new URL(
      await suite.app.services.updateMailOptOut.link((await signedInUser(suite.app)).user.id),
    ).pathname,
    refundable: (
      await buy(suite.app, (await signedInUser(suite.app)).client, [{ product: fx.spare }])
    ).id,
    reviewA: (await reviewed(fx.a.client, fx.bought.id)).id,
    newDiscountCode: `MATRIX-${randomBytes(4).toString('hex')}`,
    doomedDiscount: (
      await fx.admin.post('/api/admin/discounts', {
        code: `DOOMED-${randomBytes(4).toString('hex')}`,
        kind: 'percent',
        value: 5,
      })
    ).json<{ id: string }>().id,
    licenseA: await licenseOfA(suite, fx),
  };
  const table = rows(fx, extras);
  const covered = new Set(table.map((row) => row.route));
  const routes = apiRoutes(suite.app);
  assert.deepEqual(
    routes.filter((route) => !covered.has(route.key)).map((route) => route.key),
    [],
    'every route needs a row in the access matrix',
  );
  assert.deepEqual(
    [...covered].filter((key) => !routes.some((route) => route.key === key)),
    [],
    'rows for routes that do not exist',
  );

  const clients: Record<Principal, TestClient> = {
    signedOut: new TestClient(suite.app),
    unverified: fx.unverified.client,
    A: fx.a.client,
    B: fx.b.client,
    admin: fx.admin,
  };
  // A's license key is A's alone: no answer to anyone else carries it (the admin's masked).
  const secrets = [...secretsOfA(fx), extras.licenseA.key];
  const before = await stateOfA(suite.app, fx);
  const expected: Record<string, Record<Principal, number>> = {};
  const actual: Record<string, Partial<Record<Principal, number>>> = {};
  const problems: string[] = [];
  const key = (row: Row) => `${row.route}${row.label ? ` (${row.label})` : ''}`;
  for (const row of table) {
    assert.ok(!expected[key(row)], `duplicate row ${key(row)}`);
    expected[key(row)] = row.expect;
    actual[key(row)] = {};
  }

  const runColumn = async (who: Principal) => {
    for (const row of table) {
      const call = await row.call(who);
      const response = await clients[who].request(
        call.method,
        call.url,
        call.payload,
        call.headers,
      );
      actual[key(row)]![who] = response.statusCode;
      if (who !== 'A' && !row.mayShowA) {
        const leaked = secrets.filter((secret) => response.body.includes(secret));
        if (leaked.length) problems.push(`${key(row)} as ${who} shows A's ${leaked.join(', ')}`);
      }
      try {
        row.verify?.(who, response);
      } catch (error) {
        problems.push(`${key(row)} as ${who}: ${(error as Error).message}`);
      }
    }
  };

  // Everyone else first, A last: A's rows must be as they were before A's own calls.
  for (const who of ['signedOut', 'unverified', 'B', 'admin'] as const) await runColumn(who);
  assert.deepEqual(await stateOfA(suite.app, fx), before, "A's data after everyone else's calls");
  await runColumn('A');

  // Reordered like `expected`, so a mismatch shows row by row.
  const ordered = Object.fromEntries(
    Object.keys(expected).map((name) => [
      name,
      Object.fromEntries(PRINCIPALS.map((who) => [who, actual[name]![who]])),
    ]),
  );
  const size = `${table.length} rows x ${PRINCIPALS.length} principals = ${table.length * PRINCIPALS.length} cells over ${routes.length} routes`;
  t.diagnostic(size);
  console.log(`access matrix [${variant}]: ${size}`);
  assert.deepEqual({ statuses: ordered, problems }, { statuses: expected, problems: [] });
}

const TITLE =
  'answers every route for signed out, unverified, A, B and admin as the contract says, and B never sees or changes A';

describeEachDatabase(
  'access-control matrix',
  (suite) => {
    it(TITLE, (t) => runMatrix(suite, t));
  },
  { env: SECURITY_ENV },
);

// Again with sessions and rate-limit counters in Redis (revocations reach the guards through it).
const redisUrl = process.env.TEST_REDIS_URL;
for (const kind of redisUrl ? databaseKinds() : []) {
  describe(`access-control matrix, cache and limits in Redis [${kind}]`, () => {
    const suite = {} as Suite;
    let cache: CacheStore | undefined;
    before(async () => {
      const prefix = `test-matrix:${randomBytes(4).toString('hex')}:`;
      cache = new RedisCacheStore(redisUrl!, `${prefix}cache:`);
      const limits = new RedisRateLimitStore(redisUrl!, `${prefix}rl:`);
      Object.assign(
        suite,
        await startApp(kind, {
          env: { ...SECURITY_ENV, REDIS_URL: redisUrl! },
          build: { cache, limits },
        }),
      );
    });
    after(async () => {
      await suite.close?.();
      await cache?.close();
    });
    it(TITLE, (t) => runMatrix(suite, t, `${kind} + Redis`));
  });
}
