import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JwtKeys } from '../../src/accounts/jwt-keys.ts';

const settings = { tokenSecret: 'a'.repeat(40), tokenKeyId: 'k1', previousTokenKey: null };

describe('JwtKeys', () => {
  it('keeps serving a verified token only until its exp, then calls it expired', async () => {
    const keys = new JwtKeys(settings, 'unit-test');
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.sign({ sub: 'u-1', iat: now, exp: now + 60 });
    assert.equal((await keys.check(token)).ok, true);
    assert.equal((await keys.check(token)).ok, true, 'the second check, from the kept claims');
    assert.deepEqual(await keys.check(token, new Date((now + 60) * 1000)), {
      ok: false,
      expired: true,
    });
    assert.equal((await keys.check(token)).ok, true, 'still good before its exp');
  });

  it('keeps nothing for a token that failed, so a tampered copy never rides on a good one', async () => {
    const keys = new JwtKeys(settings, 'unit-test');
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.sign({ sub: 'u-2', iat: now, exp: now + 60 });
    const [header, payload, signature] = token.split('.');
    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    assert.equal((await keys.check(token)).ok, true);
    assert.deepEqual(await keys.check(flipped), { ok: false, expired: false });
    const other = new JwtKeys({ ...settings, tokenSecret: 'b'.repeat(40) }, 'unit-test');
    assert.deepEqual(await other.check(token), { ok: false, expired: false });
  });
});
