import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { responseSerializerCompiler } from '../../src/lib/response-serializer.ts';
import { errorAnswer } from '@store/contract';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('response serializer', () => {
  const line = z
    .object({
      id: z.string(),
      price: z.number(),
      note: z.string().nullable(),
      at: z.date(),
      coupon: z.object({ code: z.string() }).nullable(),
    })
    .meta({ description: 'documentation metadata plays no part' });

  it('writes what JSON.stringify writes, dates as ISO text', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const value = [{ id: 'a', price: 19.99, note: null, at, coupon: { code: 'X' } }];
    assert.equal(compile(z.array(line))(value), JSON.stringify(value));
    assert.equal(compile(line.nullable())(null), 'null');
  });

  it('leaves out fields the schema does not list', () => {
    const sent = compile(line)({
      id: 'a',
      price: 1,
      note: 'n',
      at: new Date(0),
      coupon: null,
      passwordHash: 'secret',
    });
    assert.ok(!sent.includes('secret'), sent);
  });

  it('keeps the extra fields of an error (its schema is loose)', () => {
    const sent = compile(errorAnswer)({ message: 'No', fields: { email: 'taken' }, retry: 3 });
    assert.deepEqual(JSON.parse(sent), { message: 'No', fields: { email: 'taken' }, retry: 3 });
  });

  it('refuses an answer without a required field', () => {
    assert.throws(() => compile(line)({ id: 'a', price: 1, note: null, coupon: null }));
  });

  it('compiles each schema once', () => {
    assert.equal(compile(line), compile(line));
  });
});
