import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('GET /api/health and request ids', (suite) => {
  it('answers ok with a generated request id and security headers', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok', payments: 'simulated' });
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  it('keeps a sane incoming X-Request-Id and replaces a hostile one', async () => {
    const kept = await suite.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-id-12345' },
    });
    assert.equal(kept.headers['x-request-id'], 'proxy-id-12345');
    const replaced = await suite.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0000with junk' },
    });
    assert.notEqual(replaced.headers['x-request-id'], 'bad id\u0000with junk');
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with JSON 404 and a request id', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(response.statusCode, 404);
    assert.match(String(response.headers['content-type']), /application\/json/);
    assert.ok(response.json().message);
    assert.ok(response.headers['x-request-id']);
  });
});
