import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Database } from '../../../src/db/client.ts';
import { signedInUser } from '../../helpers/accounts.ts';
import { TEST_ENV } from '../../helpers/app.ts';
import { buy, createProducts } from '../../helpers/checkout.ts';
import { TestClient } from '../../helpers/client.ts';
import { databaseKinds, openTestDatabase } from '../../helpers/databases.ts';
import { downloadTicket, fetchLink } from '../../helpers/downloads.ts';

const OLD_SECRET = 'the-secret-before-the-rotation-0123456789';
const NEW_SECRET = 'the-secret-after-the-rotation-9876543210';

/** The same browser, its cookies now sent to another deployment of the api. */
function sameBrowser(app: FastifyInstance, from: TestClient): TestClient {
  const client = new TestClient(app);
  for (const [name, cookie] of from.cookies) client.setCookie(name, cookie.value, cookie.path);
  return client;
}

const kidOf = (client: TestClient) => decodeProtectedHeader(client.cookie('accessToken')!).kid;

// One database seen by the api before, during and after a rotation of JWT_SECRET, as the
// deployments of docs/api/jwt-rotation.md's procedure would run one after the other.
for (const kind of databaseKinds()) {
  describe(`access tokens: rotating JWT_SECRET [${kind}]`, () => {
    let database: Database;
    let dataDir: string;
    const deployments = {} as Record<'before' | 'during' | 'after', FastifyInstance>;

    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-rotation-'));
      database = await openTestDatabase(kind);
      const settings = {
        before: { JWT_SECRET: OLD_SECRET },
        during: { JWT_SECRET: NEW_SECRET, JWT_PREVIOUS_SECRET: OLD_SECRET },
        after: { JWT_SECRET: NEW_SECRET },
      };
      for (const [name, env] of Object.entries(settings)) {
        const app = await buildApp(loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env }), {
          database,
        });
        await app.ready();
        deployments[name as keyof typeof settings] = app;
      }
    });
    after(async () => {
      for (const app of Object.values(deployments)) await app.close();
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('accepts the previous key while it is configured and refuses it once it is removed', async () => {
      const oldKid = deployments.before.config.tokenKeyId;
      const newKid = deployments.during.config.tokenKeyId;
      assert.notEqual(oldKid, newKid, 'a new secret brings its own derived kid');
      assert.equal(deployments.during.config.previousTokenKey?.keyId, oldKid);

      const { client } = await signedInUser(deployments.before);
      assert.equal(kidOf(client), oldKid);

      const during = sameBrowser(deployments.during, client);
      assert.equal((await during.get('/api/auth/profile')).statusCode, 200);

      const afterwards = sameBrowser(deployments.after, client);
      const refused = await afterwards.get('/api/auth/profile');
      assert.equal(refused.statusCode, 401);
      assert.deepEqual(refused.json(), { message: 'Not authenticated' });
      // The client's refresh gets a token of the new key, and the retried call passes.
      assert.equal((await afterwards.post('/api/auth/refresh-token')).statusCode, 200);
      assert.equal(kidOf(afterwards), newKid);
      assert.equal((await afterwards.get('/api/auth/profile')).statusCode, 200);
    });

    it('signs with the new key only: a deployment without it refuses its tokens', async () => {
      const { client } = await signedInUser(deployments.during);
      assert.equal(kidOf(client), deployments.during.config.tokenKeyId);
      assert.equal((await sameBrowser(deployments.after, client).get('/api/cart')).statusCode, 200);
      // A replica still on the old secret during a rolling deploy: 401, and a refresh there
      // gives a token it knows (the client's usual 401 -> refresh -> retry).
      const stale = sameBrowser(deployments.before, client);
      assert.equal((await stale.get('/api/cart')).statusCode, 401);
      assert.equal((await stale.post('/api/auth/refresh-token')).statusCode, 200);
      assert.equal((await stale.get('/api/cart')).statusCode, 200);
    });

    it('keeps download links of the previous key working until it is removed', async () => {
      const [product] = await createProducts(deployments.before, [5]);
      const { client } = await signedInUser(deployments.before);
      await buy(deployments.before, client, [{ product }]);
      const { downloadUrl } = await downloadTicket(client, product.id);
      assert.equal((await fetchLink(deployments.during, downloadUrl)).statusCode, 200);
      const refused = await fetchLink(deployments.after, downloadUrl);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), { message: 'Invalid download link' });
    });
  });
}
