import assert from 'node:assert/strict';
import { ConfigError, loadConfig, type Setting } from '../../src/config.ts';

/** The one-line message loadConfig refuses `env` with; fails the test if it is accepted. */
export function refusal(env: Partial<Record<Setting, string>>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `not a ConfigError: ${String(error)}`);
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
}
