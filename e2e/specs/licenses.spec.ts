import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { drawArtwork } from '../../api/src/lib/artwork.ts';
import { openDashboardTab } from '../support/dashboard.ts';
import { recordLicenseKey } from '../support/secrets-ledger.ts';
import {
  createVerifiedAccount,
  DEMO_ADMIN,
  logIn,
  navLink,
  newAccount,
  text,
  waitForRoute,
} from '../support/shopper.ts';
import { apiSessionFor, createProductViaApi, purchaseViaApi } from '../support/store-api.ts';
import { useStore } from '../support/store.ts';

const store = useStore();
const CLIENT = fileURLToPath(
  new URL('../../examples/license-client/license-client.ts', import.meta.url),
);
const run = promisify(execFile);

/** The example client, as a seller's app runs it: one JSON answer, or the store's message. */
async function licenseClient(cache: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [CLIENT, ...args, '--cache', cache]);
    return { ok: true, answer: JSON.parse(stdout) as Record<string, unknown>, error: '' };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    const answer = failed.stdout ? (JSON.parse(failed.stdout) as Record<string, unknown>) : {};
    return { ok: false, answer, error: failed.stderr.trim() };
  }
}

test('a buyer activates a key from an app, checks it offline, frees the device; a refund revokes it', (t) =>
  store.journey(t, async (page) => {
    // Arrange: the admin lists a licensed product (one device per key); a new shopper buys it.
    const productName = `E2E Licensed Tool ${randomUUID().slice(0, 8)}`;
    const admin = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    let productId: string;
    try {
      productId = await createProductViaApi(admin, {
        name: productName,
        description: 'A tool whose app checks its license key.',
        price: 12,
        category: 'templates',
        assetType: 'archive',
        preview: await drawArtwork(21, 64, 40),
        asset: { name: 'tool.txt', mimeType: 'text/plain', bytes: Buffer.from('tool\n') },
        license: { licensed: true, activationLimit: 1 },
      });
    } finally {
      await admin.dispose();
    }
    const buyer = newAccount('Lena');
    await createVerifiedAccount(store.apiUrl, buyer);
    await logIn(page, store.baseUrl, buyer);
    await purchaseViaApi(page.request, store.baseUrl, [productId]);

    // My Downloads shows the key with Copy, on no device yet.
    await navLink(page, 'Orders').click();
    await waitForRoute(page, store.baseUrl, '/orders');
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    const card = page
      .getByTestId('download-card')
      .filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    const keys = card.getByRole('region', { name: 'License key', exact: true });
    await keys.waitFor();
    const key = (await keys.locator('code').innerText()).trim();
    recordLicenseKey(buyer.email, key);
    assert.match(key, /^[0-9A-HJKMNP-TV-Z]{8}(-[0-9A-HJKMNP-TV-Z]{8}){3}$/);
    await keys.getByText('0 of 1 device', { exact: true }).waitFor();
    await keys.getByText('Perpetual', { exact: true }).waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await keys.getByRole('button', { name: 'Copy', exact: true }).click();
    await text(page, 'License key copied').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);

    // The seller's app activates it, then checks the token with no network at all.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-license-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const cache = path.join(folder, 'license.json');
    // The tokens' issuer is the api's public URL (API_URL, localhost by default).
    const api = store.apiUrl.replace('127.0.0.1', 'localhost');
    const activated = await licenseClient(
      cache,
      'activate',
      '--api',
      api,
      '--key',
      key.toLowerCase(),
      '--name',
      "Lena's laptop",
    );
    assert.ok(activated.ok, activated.error);
    const offline = await licenseClient(cache, 'verify');
    assert.ok(offline.ok, offline.error);
    assert.equal(offline.answer.productId, productId);

    // The device appears in My Downloads; Deactivate frees it.
    await page.reload();
    await page.getByRole('tab', { name: 'My Downloads', exact: true }).click();
    await keys.getByText('1 of 1 device', { exact: true }).waitFor();
    await keys.getByText("Lena's laptop", { exact: true }).waitFor();
    await keys.getByRole('button', { name: "Deactivate Lena's laptop", exact: true }).click();
    await text(page, 'Device deactivated').waitFor();
    await keys.getByText('0 of 1 device', { exact: true }).waitFor();
    const gone = await licenseClient(cache, 'validate');
    assert.equal(gone.answer.valid, false, 'the app learns its activation is gone');
    const again = await licenseClient(cache, 'activate', '--api', api, '--key', key);
    assert.ok(again.ok, again.error);

    // The admin finds the key by the buyer's e-mail, masked but for its last group.
    await page.context().clearCookies();
    await logIn(page, store.baseUrl, DEMO_ADMIN);
    await openDashboardTab(page, store.baseUrl, 'Licenses');
    const search = page.getByRole('searchbox', { name: 'Search licenses', exact: true });
    await search.fill(buyer.email);
    await search.press('Enter');
    const masked = `XXXXXXXX-XXXXXXXX-XXXXXXXX-${key.slice(-8)}`;
    const row = page.getByRole('row').filter({ hasText: masked });
    await row.waitFor();
    await row.getByText(productName, { exact: true }).waitFor();
    assert.equal(await page.getByText(key, { exact: true }).count(), 0, 'the admin never sees it');

    // A refund of the order revokes the key: the app's check-in says so.
    const refunder = await apiSessionFor(store.baseUrl, DEMO_ADMIN);
    try {
      const orders = await refunder.get(`/api/admin/orders?q=${encodeURIComponent(buyer.email)}`);
      const { orders: found } = (await orders.json()) as { orders: { id: string }[] };
      const refunded = await refunder.post(`/api/orders/${found[0]!.id}/refund`, {
        headers: { origin: store.baseUrl },
      });
      assert.equal(refunded.status(), 200, await refunded.text());
    } finally {
      await refunder.dispose();
    }
    const revoked = await licenseClient(cache, 'validate');
    assert.equal(revoked.answer.valid, false);
    assert.equal(revoked.answer.status, 'revoked');
    await search.press('Enter');
    await row.getByText('Revoked', { exact: true }).waitFor();
  }));
