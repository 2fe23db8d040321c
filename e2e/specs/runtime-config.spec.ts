import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import {
  closeServer,
  runtimeConfigFromEnv,
  startAppServer,
} from '../../scripts/lib/composition.mjs';
import {
  allowedOrigins,
  contentSecurityPolicy,
  usesStripe,
} from '../../scripts/lib/security-headers.mjs';

// No browser and no composition: the shell's runtime config and Content-Security-Policy as
// `npm start` (scripts/lib) and the shell's image (scripts/serve-app.mjs) serve them.
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVE_APP = path.join(ROOT, 'scripts/serve-app.mjs');
const KEY = 'pk_test_51Store0123456789abcdef';
const STRIPE = {
  'script-src': ['https://js.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://checkout.stripe.com'],
};
const REFUSED: [string, RegExp][] = [
  ['sk_test_51Secret', /secret or restricted key \(sk_\/rk_\)/],
  ['rk_live_51Restricted', /secret or restricted key \(sk_\/rk_\)/],
  ['pk_test_with"quote', /not a Stripe publishable key/],
  ['publishable', /not a Stripe publishable key/],
];

const temp = mkdtempSync(path.join(os.tmpdir(), 'store-runtime-config-'));
after(() => rmSync(temp, { recursive: true, force: true }));

function directives(policy: string | null | undefined): Map<string, string[]> {
  assert.ok(policy, 'no Content-Security-Policy');
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function assertStripeAllowed(policy: Map<string, string[]>, allowed: boolean) {
  for (const [directive, sources] of Object.entries(STRIPE)) {
    for (const source of sources) {
      assert.equal(policy.get(directive)?.includes(source) ?? false, allowed, directive);
    }
  }
  const stripeAnywhere = [...policy.values()].flat().filter((source) => /stripe/.test(source));
  if (!allowed) assert.deepEqual(stripeAnywhere, []);
  // Stripe's frames are all the document may frame besides its own origin.
  if (allowed) assert.equal(policy.get('frame-src')?.[0], "'self'");
}

/** The shell's image: scripts/serve-app.mjs with `env` on a free port, its own empty build. */
async function serveShell(env: Record<string, string>) {
  const root = mkdtempSync(path.join(temp, 'image-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  const child = spawn(process.execPath, [SERVE_APP], {
    env: {
      PATH: process.env.PATH ?? '',
      APP: 'shell',
      APP_ROOT: root,
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const base = /http:\/\/[^\s]+/.exec(line.toString())?.[0];
  assert.ok(base, line.toString());
  return { base, stop: () => child.kill() };
}

/** A shell document as `npm start` serves it, with `config` deployed beside it. */
async function shellPolicy(config: object): Promise<string | null> {
  const root = mkdtempSync(path.join(temp, 'shell-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(root, 'runtime-config.json'), JSON.stringify(config));
  const server = await startAppServer('shell', { root, port: 0 });
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/cart`);
    assert.equal(answer.status, 200);
    return answer.headers.get('content-security-policy');
  } finally {
    await closeServer(server);
  }
}

describe('npm start (scripts/lib)', () => {
  test('renders no publishable key and allows no Stripe origin without STRIPE_PUBLISHABLE_KEY', async () => {
    const envs: Record<string, string>[] = [{}, { STRIPE_PUBLISHABLE_KEY: '' }];
    for (const env of envs) {
      const config = runtimeConfigFromEnv(env, 'localhost');
      assert.equal('stripePublishableKey' in config, false);
      assertStripeAllowed(directives(await shellPolicy(config)), false);
    }
  });

  test("renders the publishable key and allows Stripe's embedded Checkout with it", async () => {
    const config = runtimeConfigFromEnv({ STRIPE_PUBLISHABLE_KEY: KEY }, 'localhost');
    assert.equal(config.stripePublishableKey, KEY);
    const policy = directives(await shellPolicy(config));
    assertStripeAllowed(policy, true);
    // The remotes stay allowed next to Stripe.
    assert.ok(policy.get('script-src')?.includes('http://localhost:3003'));
  });

  test('refuses a secret, restricted or malformed key with a message naming the setting', () => {
    for (const [value, message] of REFUSED) {
      assert.throws(
        () => runtimeConfigFromEnv({ STRIPE_PUBLISHABLE_KEY: value }),
        (error: Error) =>
          message.test(error.message) && /STRIPE_PUBLISHABLE_KEY/.test(error.message),
        value,
      );
    }
  });
});

describe("the shell's image (scripts/serve-app.mjs)", () => {
  test('answers the config npm start renders, and its policy, with and without the key', async () => {
    const envs: Record<string, string>[] = [
      {},
      { STRIPE_PUBLISHABLE_KEY: KEY },
      { PAYMENT_PROVIDER: 'local' },
    ];
    for (const env of envs) {
      const served = await serveShell(env);
      try {
        const config = runtimeConfigFromEnv(env, 'localhost');
        assert.deepEqual(await (await fetch(`${served.base}/runtime-config.json`)).json(), config);
        const expected = directives(
          contentSecurityPolicy(allowedOrigins(config), { stripe: usesStripe(config) }),
        );
        const actual = directives(
          (await fetch(`${served.base}/cart`)).headers.get('content-security-policy'),
        );
        assert.deepEqual(actual, expected, JSON.stringify(env));
        assertStripeAllowed(actual, 'STRIPE_PUBLISHABLE_KEY' in env);
      } finally {
        served.stop();
      }
    }
  });

  test('refuses to start with a secret, restricted or malformed key', () => {
    for (const [value, message] of REFUSED) {
      const run = spawnSync(process.execPath, [SERVE_APP], {
        env: { PATH: process.env.PATH ?? '', APP: 'shell', STRIPE_PUBLISHABLE_KEY: value },
        encoding: 'utf8',
      });
      assert.equal(run.status, 1, value);
      assert.match(run.stderr, message);
      assert.match(run.stderr, /STRIPE_PUBLISHABLE_KEY/);
    }
  });
});
