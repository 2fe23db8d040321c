import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OUTSIDE_THE_API, SETTINGS_DOC, renderSettingsDoc } from '../scripts/settings-doc.ts';
import { defaultOf, type SettingSpec } from '../src/lib/env-settings.ts';
import { SCHEMA, SETTINGS, type Setting } from '../src/settings.ts';
import { refusal } from './helpers/config-refusal.ts';
import { PRODUCTION_ENV } from './helpers/production-env.ts';

const ENV_EXAMPLE = path.resolve(import.meta.dirname, '..', '..', '.env.example');

/** `NAME=value` and `# NAME=value  meaning` lines of .env.example, by name. */
function exampleLines(): Map<string, { value: string; commented: boolean }> {
  const lines = new Map<string, { value: string; commented: boolean }>();
  for (const line of fs.readFileSync(ENV_EXAMPLE, 'utf8').split('\n')) {
    const match = /^(# ?)?([A-Z][A-Z0-9_]*)=(.*?)(\s{2,}\S.*)?$/.exec(line);
    if (match) lines.set(match[2]!, { value: match[3]!.trim(), commented: Boolean(match[1]) });
  }
  return lines;
}

const isSetting = (name: string): name is Setting => name in SCHEMA;

describe('settings: one schema, its page and .env.example', () => {
  it('docs/settings.md is what the schema writes', () => {
    const committed = fs.existsSync(SETTINGS_DOC) ? fs.readFileSync(SETTINGS_DOC, 'utf8') : '';
    assert.ok(
      committed === renderSettingsDoc(),
      'docs/settings.md is stale: run npm run docs:settings -w api',
    );
  });

  it('.env.example holds every setting of the schema, and nothing else', () => {
    const names = [...exampleLines().keys()];
    assert.deepEqual(
      SETTINGS.filter((name) => !names.includes(name)),
      [],
      'settings missing from .env.example',
    );
    assert.deepEqual(
      names.filter((name) => !isSetting(name) && !(name in OUTSIDE_THE_API)),
      [],
      'variables of .env.example in neither api/src/settings.ts nor OUTSIDE_THE_API',
    );
  });

  it("shows the schema's defaults in .env.example's commented-out lines", () => {
    const wrong: string[] = [];
    for (const [name, { value, commented }] of exampleLines()) {
      if (!commented || !value || !isSetting(name)) continue;
      const spec: SettingSpec<unknown, unknown> = SCHEMA[name];
      // A derived default (`http://localhost:PORT`) is spelled out in words, not compared.
      if (spec.shownDefault) continue;
      const defaults = (['development', 'test', 'production'] as const)
        .map((environment) => defaultOf(spec, environment))
        .filter((fallback) => fallback !== undefined)
        .map((fallback) => (Array.isArray(fallback) ? fallback.join(',') : String(fallback)));
      if (defaults.length && !defaults.includes(value)) {
        wrong.push(`${name}=${value}, default ${defaults.join(' / ')}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('refuses a production start without each setting the page says it requires', () => {
    const required = SETTINGS.filter((name) => SCHEMA[name].production?.startsWith('required'));
    const production: Record<string, string> = PRODUCTION_ENV;
    for (const name of required.filter((name) => production[name] !== undefined)) {
      assert.match(refusal({ ...PRODUCTION_ENV, [name]: '' }), new RegExp(name), name);
    }
    // Required with another setting, or without one: the payment provider and Stripe's webhook.
    assert.match(refusal({ ...PRODUCTION_ENV, PAYMENT_PROVIDER: '' }), /PAYMENT_PROVIDER/);
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x' };
    assert.match(refusal({ ...PRODUCTION_ENV, ...stripe }), /STRIPE_WEBHOOK_SECRET/);
    assert.deepEqual(required.sort(), [
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'LICENSE_KEY_SECRET',
      'LICENSE_SIGNING_KEY',
      'PAYMENT_PROVIDER',
      'SMTP_URL',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });
});
