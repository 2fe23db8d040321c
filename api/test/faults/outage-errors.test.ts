import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import errorHandler from '../../src/plugins/error-handler.ts';
import { isServiceOutage, OUTAGE_MESSAGE } from '../../src/lib/service-outage.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
// How drizzle hands on a driver error.
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('faults: which errors mean a backing service is unreachable', () => {
  const outages: [string, Error][] = [
    ['connection refused', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'both addresses of localhost refused',
      Object.assign(new AggregateError([coded('refused', 'ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
    ],
    [
      'server shutting down (57P01)',
      wrapped(coded('terminating connection due to administrator command', '57P01')),
    ],
    ['server starting up (57P03)', wrapped(coded('the database system is starting up', '57P03'))],
    ['connection failure (08006)', wrapped(coded('connection failure', '08006'))],
    ['socket closed mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'pool client broken',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ];
  for (const [name, error] of outages) {
    it(`counts ${name}`, () => assert.equal(isServiceOutage(error), true));
  }

  const faults: [string, unknown][] = [
    ['a unique violation', wrapped(coded('duplicate key value', '23505'))],
    ['a syntax error', wrapped(coded('syntax error at or near', '42601'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'ECONNREFUSED'],
  ];
  for (const [name, error] of faults) {
    it(`does not count ${name}`, () => assert.equal(isServiceOutage(error), false));
  }
});

describe('faults: the error handler answers an outage with 503, a bug with 500', () => {
  it('maps them and keeps the JSON shape', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/outage', async () => {
      throw wrapped(coded('terminating connection due to administrator command', '57P01'));
    });
    app.get('/bug', async () => {
      throw new TypeError('boom');
    });
    await app.ready();
    try {
      const outage = await app.inject('/outage');
      assert.equal(outage.statusCode, 503);
      assert.equal(outage.headers['retry-after'], '5');
      assert.equal(outage.json().message, OUTAGE_MESSAGE);
      assert.ok(outage.json().requestId);
      const bug = await app.inject('/bug');
      assert.equal(bug.statusCode, 500);
      assert.equal(bug.json().message, 'Internal server error');
    } finally {
      await app.close();
    }
  });
});
