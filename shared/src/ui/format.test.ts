import { formatDate, formatPrice } from './format';

const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
// What formatPrice has always answered: a missing amount (and -0) reads $0.00.
const viaIntl = (amount: number) => intlUsd.format(Number(amount) || 0);

/** A small deterministic generator (mulberry32): the same "random" amounts on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('price formatting', () => {
  it('writes every amount as Intl en-US USD does, character for character', () => {
    const amounts: number[] = [
      0,
      -0,
      1,
      -1,
      0.5,
      1.005,
      2.675,
      0.125,
      -0.125,
      0.015,
      8.345,
      999.995,
      999999.995,
      0.001,
      -0.001,
      -0.004,
      0.005,
      -0.005,
      1e-7,
      -1e-7,
      1234567.891,
      123456789012.345,
      9999999999999.99,
      1e13,
      1e15,
      1e21,
      -1e21,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      Infinity,
      -Infinity,
    ];
    // Every tenth of a cent from -$200 to $200, where rounding ties live...
    for (let mills = -200_000; mills <= 200_000; mills += 1) amounts.push(mills / 1000);
    // ...and amounts of every size, with any number of decimals.
    const random = seeded(2026);
    for (let i = 0; i < 30_000; i += 1) {
      const size = 10 ** Math.floor(random() * 16 - 3);
      const sign = random() < 0.2 ? -1 : 1;
      const amount = sign * random() * size;
      amounts.push(amount, Number(amount.toFixed(3)), Math.round(amount * 100) / 100);
    }
    const mismatches = amounts
      .filter((amount) => formatPrice(amount) !== viaIntl(amount))
      .slice(0, 5)
      .map((amount) => `${amount}: ${formatPrice(amount)} vs ${viaIntl(amount)}`);
    expect(mismatches).toEqual([]);
  });

  it('shows $0.00 for a missing amount', () => {
    expect(formatPrice(Number.NaN)).toBe('$0.00');
    expect(formatPrice(undefined as unknown as number)).toBe('$0.00');
    expect(formatPrice('12.5' as unknown as number)).toBe('$12.50');
  });

  it('builds no Intl number formatter for the amounts a store shows', () => {
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    expect([formatPrice(12.5), formatPrice(1999), formatPrice(-3.456)]).toEqual([
      '$12.50',
      '$1,999.00',
      '-$3.46',
    ]);
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
  });
});

describe('date formatting', () => {
  it('builds its Intl formatter on first use, once, not when the module loads', () => {
    const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const isolated = require('./format') as typeof import('./format');
      expect(dateFormat).not.toHaveBeenCalled();
      expect(isolated.formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
      expect(isolated.formatDate('2026-03-15T12:00:00Z')).toBe('Mar 15, 2026');
    });
    expect(dateFormat).toHaveBeenCalledTimes(1);
    dateFormat.mockRestore();
  });

  it('shows the text itself for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});
