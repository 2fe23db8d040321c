import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
// `npm start` (scripts/lib) and the shell's container (write-runtime-config.sh) render them.
const ROOT = path.resolve(import.meta.dirname, '../..');
const NGINX_SCRIPT = path.join(ROOT, 'tooling/docker/write-runtime-config.sh');
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

/** The shell's container start: the rendered config and the CSP line of its nginx snippet. */
function renderInContainer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(temp, 'nginx-'));
  const headers = path.join(dir, 'store-headers.conf');
  const run = spawnSync('sh', [NGINX_SCRIPT, dir, headers], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
  });
  const configFile = path.join(dir, 'runtime-config.json');
  const rendered = run.status === 0 && existsSync(configFile);
  return {
    status: run.status,
    stderr: run.stderr,
    wroteConfig: existsSync(configFile),
    config: rendered
      ? (JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>)
      : null,
    policy: rendered
      ? /Content-Security-Policy "([^"]+)"/.exec(readFileSync(headers, 'utf8'))?.[1]
      : undefined,
  };
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

describe("the shell's container (tooling/docker/write-runtime-config.sh)", () => {
  test('renders neither a key nor Stripe origins without STRIPE_PUBLISHABLE_KEY', () => {
    const rendered = renderInContainer({});
    assert.equal(rendered.status, 0, rendered.stderr);
    assert.deepEqual(rendered.config, runtimeConfigFromEnv({}, 'localhost'));
    assertStripeAllowed(directives(rendered.policy), false);
  });

  test('renders the key and the Stripe origins with it', () => {
    const rendered = renderInContainer({ STRIPE_PUBLISHABLE_KEY: KEY });
    assert.equal(rendered.status, 0, rendered.stderr);
    assert.equal(rendered.config?.stripePublishableKey, KEY);
    assertStripeAllowed(directives(rendered.policy), true);
  });

  test('says payments are simulated exactly when PAYMENT_PROVIDER=local, as npm start does', () => {
    for (const [env, simulated] of [
      [{}, undefined],
      [{ PAYMENT_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: KEY }, undefined],
      [{ PAYMENT_PROVIDER: 'local' }, true],
    ] as const) {
      const rendered = renderInContainer(env);
      assert.equal(rendered.status, 0, rendered.stderr);
      assert.equal(rendered.config?.paymentsSimulated, simulated, JSON.stringify(env));
      assert.deepEqual(rendered.config, runtimeConfigFromEnv(env, 'localhost'));
    }
  });

  test('renders the same config and policy as npm start, with and without the key', () => {
    const envs: Record<string, string>[] = [{}, { STRIPE_PUBLISHABLE_KEY: KEY }];
    for (const env of envs) {
      const config = runtimeConfigFromEnv(env, 'localhost');
      const rendered = renderInContainer(env);
      assert.deepEqual(rendered.config, config);
      const expected = directives(
        contentSecurityPolicy(allowedOrigins(config), { stripe: usesStripe(config) }),
      );
      const actual = directives(rendered.policy);
      assert.deepEqual([...actual.keys()], [...expected.keys()]);
      for (const [name, sources] of expected) {
        assert.deepEqual([...(actual.get(name) ?? [])].sort(), [...sources].sort(), name);
      }
    }
  });

  test('refuses to start with a secret, restricted or malformed key, writing nothing', () => {
    for (const [value, message] of REFUSED) {
      const rendered = renderInContainer({ STRIPE_PUBLISHABLE_KEY: value });
      assert.equal(rendered.status, 1, value);
      assert.match(rendered.stderr, message);
      assert.match(rendered.stderr, /STRIPE_PUBLISHABLE_KEY/);
      assert.equal(rendered.wroteConfig, false, value);
    }
  });
});
