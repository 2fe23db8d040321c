import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../api/src/config.ts';
import { E2E_ROOT } from '../support/paths.ts';
import { API_LOG_FILE, isCurrentRun } from '../support/run-files.ts';
import { readRecordedSecrets } from '../support/secrets-ledger.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from '../support/shopper.ts';

/*
 * Runs last (the runner takes spec files in name order): by then every other spec file's api has
 * appended its whole info-level log to the run's api.log, and every browser context and api
 * client has recorded the session cookies the store gave it.
 */

const BEARER = /\bBearer\s+[\w\-.~+/]{8,}=*/i;

interface Needle {
  what: string;
  value: string;
}

function demoPasswords(): Needle[] {
  const defaults = loadConfig({ NODE_ENV: 'development' });
  const accounts = [defaults.demoShopper, defaults.demoAdmin, DEMO_SHOPPER, DEMO_ADMIN];
  const unique = new Map(accounts.map((account) => [account.password, account.email]));
  return [...unique].map(([value, email]) => ({ what: `the password of ${email}`, value }));
}

test('no line of the api log of the run holds a password, a session cookie, a license key or a Bearer token', (t) => {
  const logName = path.relative(E2E_ROOT, API_LOG_FILE);
  assert.ok(existsSync(API_LOG_FILE), `${logName} is missing: run this after the other specs`);
  const lines = readFileSync(API_LOG_FILE, 'utf8').split('\n').filter(Boolean);
  assert.ok(lines.length > 0, `${logName} is empty: no spec file of this run started the api`);
  const requestLines = lines.filter((line) => line.includes('"msg":"request completed"')).length;
  assert.ok(requestLines > 0, `${logName} has no request line: the api did not log at info`);
  const apiStarts = lines.filter((line) => line.includes('"msg":"Server listening at ')).length;

  const recorded = readRecordedSecrets();
  const cookies: Needle[] = recorded
    .filter((secret) => secret.kind === 'cookie')
    .map((secret) => ({ what: `a cookie value (${secret.name})`, value: secret.value }));
  assert.ok(cookies.length > 0, 'no session cookie was recorded: did any spec sign in?');
  const passwords: Needle[] = [
    ...demoPasswords(),
    ...recorded
      .filter((secret) => secret.kind === 'password')
      .map((secret) => ({ what: `the password of ${secret.name}`, value: secret.value })),
  ];

  // Matched without dashes too: a key is the same key in any of its typed forms.
  const licenseKeys: Needle[] = recorded
    .filter((secret) => secret.kind === 'license key')
    .flatMap((secret) => [
      { what: `a license key (${secret.name})`, value: secret.value },
      { what: `a license key (${secret.name})`, value: secret.value.replaceAll('-', '') },
    ]);

  const needles = [...passwords, ...cookies, ...licenseKeys];
  const findings: string[] = [];
  for (const [index, line] of lines.entries()) {
    const found = needles
      .filter((needle) => line.includes(needle.value))
      .map((needle) => needle.what);
    if (BEARER.test(line)) found.push('a Bearer token');
    if (found.length) findings.push(`${logName}:${index + 1} holds ${found.join(', ')}: ${line}`);
  }

  t.diagnostic(
    `${isCurrentRun() ? 'this run' : 'an earlier run (this one started no api)'}: ` +
      `${lines.length} log lines (${requestLines} requests, ${apiStarts} api starts) checked for ` +
      `${cookies.length} cookie values, ${passwords.length} passwords, ` +
      `${licenseKeys.length / 2} license keys and the Bearer pattern`,
  );
  assert.equal(findings.length, 0, `secrets in the api log:\n${findings.join('\n')}`);
});
