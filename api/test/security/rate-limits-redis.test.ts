import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { RedisRateLimitStore } from '../../src/infrastructure/rate-limit-store.ts';
import { PASSWORD, signedInUser, uniqueEmail } from '../helpers/accounts.ts';
import { TEST_ENV } from '../helpers/app.ts';
import { dataUrl } from '../helpers/catalog.ts';
import { TestClient } from '../helpers/client.ts';
import { buy, createProducts } from '../helpers/checkout.ts';
import { databaseKinds, openTestDatabase } from '../helpers/databases.ts';
import { assertLimited, couponCodeOf, postFrom, signupBody } from './rate-limit-checks.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const skip = redisUrl ? false : 'needs a reachable Redis: set TEST_REDIS_URL';
const LIMITS = loadConfig({}).limits;
// PostgreSQL when the run has it, as several instances would share in production.
const kind = databaseKinds().at(-1)!;

/** The same signed-in browser, talking to another instance. */
function sameBrowser(app: FastifyInstance, from: TestClient): TestClient {
  const client = new TestClient(app);
  for (const [name, cookie] of from.cookies) client.setCookie(name, cookie.value, cookie.path);
  return client;
}

describe(`rate limits shared by two api instances through Redis [${kind}]`, { skip }, () => {
  let database: Database;
  let dataDir: string;
  let one: FastifyInstance;
  let two: FastifyInstance;
  // Counters of this run only: another run, the e2e suite or a dev server may share the Redis.
  const prefix = `test-rl:${randomBytes(4).toString('hex')}:`;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-limits-'));
    database = await openTestDatabase(kind);
    const config = loadConfig({
      ...TEST_ENV,
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl!,
      SIGNUP_PER_HOUR: String(LIMITS.signup.max),
    });
    // Each instance with its own connection, as separate processes would have; the apps close
    // their stores.
    const build = () =>
      buildApp(config, { database, limits: new RedisRateLimitStore(redisUrl!, prefix) });
    [one, two] = await Promise.all([build(), build()]);
    await Promise.all([one.ready(), two.ready()]);
  });

  after(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** Attempt `n` goes to instance one or two in turn. */
  const instance = (attempt: number) => (attempt % 2 === 0 ? one : two);

  async function bothRefuse(
    call: (app: FastifyInstance) => Promise<LightMyRequestResponse>,
    windowSeconds: number,
  ) {
    for (const app of [one, two]) assertLimited(await call(app), windowSeconds);
  }

  it('counts sign-ups of one address over both instances', async () => {
    const ip = '198.18.0.7';
    for (let attempt = 0; attempt < LIMITS.signup.max; attempt += 1) {
      const body = signupBody(uniqueEmail('spread'));
      const created = await postFrom(instance(attempt), ip, '/api/auth/signup', body);
      assert.equal(created.statusCode, 201, `attempt ${attempt + 1}: ${created.body}`);
    }
    await bothRefuse(
      (app) => postFrom(app, ip, '/api/auth/signup', signupBody(uniqueEmail('late'))),
      LIMITS.signup.windowSeconds,
    );
  });

  it('counts failed logins over both instances, and only for that account', async () => {
    const victim = await signedInUser(one);
    const neighbour = await signedInUser(two);
    for (let attempt = 0; attempt < LIMITS.loginFailures; attempt += 1) {
      const wrong = await new TestClient(instance(attempt)).post('/api/auth/login', {
        email: victim.email,
        password: 'wrong-password',
      });
      assert.equal(wrong.statusCode, 401, `attempt ${attempt + 1}: ${wrong.body}`);
    }
    await bothRefuse(
      (app) =>
        new TestClient(app).post('/api/auth/login', { email: victim.email, password: PASSWORD }),
      LIMITS.loginWindowSeconds,
    );
    for (const app of [one, two]) {
      const other = await new TestClient(app).post('/api/auth/login', {
        email: neighbour.email,
        password: PASSWORD,
      });
      assert.equal(other.statusCode, 200, other.body);
    }
  });

  it('counts reset requests of one address over both instances', async () => {
    const email = uniqueEmail('forgot');
    for (let attempt = 0; attempt < LIMITS.forgotPerHour; attempt += 1) {
      const asked = await new TestClient(instance(attempt)).post('/api/auth/forgot-password', {
        email,
      });
      assert.equal(asked.statusCode, 200, `attempt ${attempt + 1}: ${asked.body}`);
    }
    await bothRefuse(
      (app) => new TestClient(app).post('/api/auth/forgot-password', { email }),
      60 * 60,
    );
  });

  it('counts parallel coupon guesses of one user over both instances exactly', async () => {
    const guesser = await signedInUser(one);
    const neighbour = await signedInUser(two);
    const clients = [guesser.client, sameBrowser(two, guesser.client)];
    const guesses = await Promise.all(
      Array.from({ length: 2 * LIMITS.couponValidation.max }, (_, index) =>
        clients[index % 2]!.post('/api/coupons/validate', { code: `GUESS${index}` }),
      ),
    );
    assert.deepEqual(guesses.map((guess) => guess.statusCode).sort(), [
      ...Array<number>(LIMITS.couponValidation.max).fill(404),
      ...Array<number>(LIMITS.couponValidation.max).fill(429),
    ]);
    for (const guess of guesses.filter((answer) => answer.statusCode === 429)) {
      assertLimited(guess, LIMITS.couponValidation.windowSeconds);
    }
    const code = await couponCodeOf(neighbour.client);
    for (const client of [neighbour.client, sameBrowser(one, neighbour.client)]) {
      const valid = await client.post('/api/coupons/validate', { code });
      assert.equal(valid.statusCode, 200, valid.body);
    }
  });

  it('counts download links of one user over both instances', async () => {
    const [product] = await createProducts(one, [5], {
      originalAsset: dataUrl('text/plain', 'shared limit'),
      fileName: 'shared.txt',
    });
    const scraper = await signedInUser(one);
    const buyer = await signedInUser(two);
    await buy(one, scraper.client, [{ product }]);
    await buy(one, buyer.client, [{ product }]);
    const clients = [scraper.client, sameBrowser(two, scraper.client)];
    const url = `/api/products/download/${product.id}`;
    for (let attempt = 0; attempt < LIMITS.downloadLinks.max; attempt += 1) {
      const link = await clients[attempt % 2]!.get(url);
      assert.equal(link.statusCode, 200, `attempt ${attempt + 1}: ${link.body}`);
    }
    for (const client of clients) {
      assertLimited(await client.get(url), LIMITS.downloadLinks.windowSeconds);
    }
    const link = await sameBrowser(two, buyer.client).get(url);
    assert.equal(link.statusCode, 200, link.body);
  });
});
