import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { databaseKinds } from '../helpers/databases.ts';
import { startApp, type Suite } from '../helpers/app.ts';
import { adminClient } from '../helpers/catalog.ts';
import { buyLicensedProduct, type LicensedPurchase } from '../helpers/licenses.ts';
import { refund } from '../helpers/refunds.ts';
import { freePort } from '../scale-out/cluster.ts';

const CLIENT = fileURLToPath(
  new URL('../../../examples/license-client/license-client.ts', import.meta.url),
);
const run = promisify(execFile);

interface Outcome {
  code: number;
  answer: Record<string, unknown>;
  stderr: string;
}

/** Runs the example as a seller's app would, with its own cache file. */
async function client(cache: string, ...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLIENT, ...args, '--cache', cache]);
    return { code: 0, answer: JSON.parse(stdout) as Record<string, unknown>, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    const answer = failed.stdout ? (JSON.parse(failed.stdout) as Record<string, unknown>) : {};
    return { code: failed.code, answer, stderr: failed.stderr };
  }
}

for (const kind of databaseKinds()) {
  describe(`the example license client against the api [${kind}]`, () => {
    let suite: Suite;
    let api: string;
    let bought: LicensedPurchase;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'license-client-'));
    const cache = path.join(folder, 'license.json');

    before(async () => {
      const port = await freePort();
      api = `http://127.0.0.1:${port}`;
      // The tokens' issuer is the api's public URL: the address the client calls.
      suite = await startApp(kind, { env: { API_URL: api } });
      await suite.app.listen({ port, host: '127.0.0.1' });
      bought = await buyLicensedProduct(suite.app, { activationLimit: 1 });
    });
    after(async () => {
      await suite?.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    it('activates a key, then verifies the cached token with no store at all', async () => {
      const activated = await client(cache, 'activate', '--api', api, '--key', bought.keys[0]!);
      assert.equal(activated.code, 0, activated.stderr);
      assert.equal(activated.answer.activated, true);
      const stored = fs.readFileSync(cache, 'utf8');
      assert.equal((fs.statSync(cache).mode & 0o777).toString(8), '600');
      assert.ok(stored.includes('"keys"'), 'the JWKS is cached beside the token');

      const checked = await client(cache, 'validate');
      assert.equal(checked.code, 0, checked.stderr);
      assert.equal(checked.answer.valid, true);
      assert.equal(checked.answer.status, 'active');

      // A second device is over the limit of 1.
      const other = path.join(folder, 'other.json');
      const refused = await client(
        other,
        'activate',
        '--api',
        api,
        '--key',
        bought.keys[0]!,
        '--fingerprint',
        'another-machine',
      );
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /Activation limit reached/);
    });

    it('verifies offline: a signature, the product, and no key in the token', async () => {
      const offline = await client(cache, 'verify');
      assert.equal(offline.code, 0, offline.stderr);
      assert.equal(offline.answer.valid, true);
      assert.equal(offline.answer.productId, bought.productId);
      assert.equal(offline.answer.licenseId, bought.licenseIds[0]);
      const { token } = JSON.parse(fs.readFileSync(cache, 'utf8')) as { token: string };
      const claims = Buffer.from(token.split('.')[1]!, 'base64url').toString();
      assert.ok(!claims.includes(bought.keys[0]!.slice(-8)), 'the key is not in the token');

      // A token changed by one character is refused.
      const forged = path.join(folder, 'forged.json');
      const cached = JSON.parse(fs.readFileSync(cache, 'utf8')) as { token: string };
      const [head, body, signature] = cached.token.split('.');
      const flipped = signature!.startsWith('A')
        ? `B${signature!.slice(1)}`
        : `A${signature!.slice(1)}`;
      fs.writeFileSync(forged, JSON.stringify({ ...cached, token: `${head}.${body}.${flipped}` }));
      const refused = await client(forged, 'verify');
      assert.equal(refused.code, 1);
      assert.equal(refused.answer.valid, false);
    });

    it('deactivates, frees the device for another, and a refund revokes the key', async () => {
      const freed = await client(cache, 'deactivate');
      assert.equal(freed.code, 0, freed.stderr);
      const gone = await client(cache, 'validate');
      assert.equal(gone.answer.valid, false, 'the activation is gone');

      const again = await client(cache, 'activate', '--api', api, '--key', bought.keys[0]!);
      assert.equal(again.code, 0, again.stderr);
      const admin = await adminClient(suite.app);
      const refunded = await refund(admin, bought.orderId);
      assert.equal(refunded.statusCode, 200, refunded.body);
      const revoked = await client(cache, 'validate');
      assert.equal(revoked.answer.valid, false);
      assert.equal(revoked.answer.status, 'revoked');
    });
  });
}
