import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { coupons, users } from '../../src/db/schema.ts';
import { signedInUser, signUp } from '../helpers/accounts.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import type { ProductJson } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { checkout, createProducts, pressButton, startCheckout } from '../helpers/checkout.ts';

interface CouponJson {
  code: string;
  discountPercentage: number;
}

describeEachDatabase('coupons', (suite) => {
  let product: ProductJson;
  before(async () => {
    [product] = await createProducts(suite.app, [50]);
  });

  const mine = async (client: TestClient) => {
    const response = await client.get('/api/coupons');
    assert.equal(response.statusCode, 200, response.body);
    return response.json<CouponJson | null>();
  };

  it('issues a 10% welcome coupon valid 30 days on e-mail verification', async () => {
    const email = await signUp(suite.app);
    const [user] = await suite.app.db.select().from(users).where(eq(users.email, email));
    assert.equal(
      (await suite.app.db.select().from(coupons).where(eq(coupons.userId, user!.id))).length,
      0,
    );

    const { client, user: signedIn } = await signedInUser(suite.app);
    const coupon = await mine(client);
    assert.ok(coupon);
    assert.match(coupon.code, /^WELCOME[A-Z0-9]{8}$/);
    assert.equal(coupon.discountPercentage, 10);
    const [row] = await suite.app.db.select().from(coupons).where(eq(coupons.userId, signedIn.id));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
  });

  it('gives the seeded demo shopper a welcome coupon', async () => {
    const client = new TestClient(suite.app);
    const login = await client.post('/api/auth/login', {
      email: suite.config.demoShopper.email,
      password: suite.config.demoShopper.password,
    });
    assert.equal(login.statusCode, 200, login.body);
    assert.equal((await mine(client))?.discountPercentage, 10);
  });

  it('validates the own coupon, case-insensitively', async () => {
    const { client } = await signedInUser(suite.app);
    const coupon = (await mine(client))!;
    const response = await client.post('/api/coupons/validate', {
      code: coupon.code.toLowerCase(),
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      message: 'Coupon is valid',
      code: coupon.code,
      discountPercentage: 10,
    });
  });

  it("rejects someone else's coupon at validation and at checkout with 404", async () => {
    const owner = await signedInUser(suite.app);
    const other = await signedInUser(suite.app);
    const code = (await mine(owner.client))!.code;
    const validation = await other.client.post('/api/coupons/validate', { code });
    assert.equal(validation.statusCode, 404);
    assert.equal(validation.json().message, 'Coupon not found');
    const unknown = await other.client.post('/api/coupons/validate', { code: 'NOPE1234' });
    assert.equal(unknown.statusCode, 404);
    const atCheckout = await startCheckout(other.client, [{ product }], code);
    assert.equal(atCheckout.statusCode, 404);
    assert.equal(atCheckout.json().message, 'Coupon not found');
  });

  it('rejects an expired coupon with 400 at validation and at checkout', async () => {
    const { client, user } = await signedInUser(suite.app);
    const code = (await mine(client))!.code;
    await suite.app.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.userId, user.id));
    assert.equal(await mine(client), null);
    const validation = await client.post('/api/coupons/validate', { code });
    assert.equal(validation.statusCode, 400);
    assert.equal(validation.json().message, 'Coupon expired');
    const atCheckout = await startCheckout(client, [{ product }], code);
    assert.equal(atCheckout.statusCode, 400);
    assert.equal(atCheckout.json().message, 'Coupon expired');
  });

  it('consumes a coupon only when its order completes', async () => {
    const { client } = await signedInUser(suite.app);
    const code = (await mine(client))!.code;
    const session = await checkout(client, [{ product }], code);
    assert.equal(session.totalAmount, 45);
    // Still usable while the order is pending.
    assert.equal((await client.post('/api/coupons/validate', { code })).statusCode, 200);
    assert.equal((await pressButton(suite.app, session.id, 'pay')).statusCode, 303);
    assert.equal(await mine(client), null);
    const again = await client.post('/api/coupons/validate', { code });
    assert.equal(again.statusCode, 404);
    assert.equal((await startCheckout(client, [{ product }], code)).statusCode, 404);
  });

  it('requires a code and a signed-in user', async () => {
    const { client } = await signedInUser(suite.app);
    assert.equal((await client.post('/api/coupons/validate', {})).statusCode, 400);
    assert.equal((await client.post('/api/coupons/validate', { code: '  ' })).statusCode, 400);
    const anonymous = new TestClient(suite.app);
    assert.equal((await anonymous.get('/api/coupons')).statusCode, 401);
    assert.equal((await anonymous.post('/api/coupons/validate', { code: 'X' })).statusCode, 401);
  });
});
