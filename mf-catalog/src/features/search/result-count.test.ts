import { resultCount } from './result-count';

describe('resultCount', () => {
  it('counts in words, with thousands separated and a plus past the cap', () => {
    expect(resultCount(0, false)).toBe('0 results');
    expect(resultCount(1, false)).toBe('1 result');
    expect(resultCount(12, false)).toBe('12 results');
    expect(resultCount(999, false)).toBe('999 results');
    expect(resultCount(1000, false)).toBe('1,000 results');
    expect(resultCount(1000, true)).toBe('1,000+ results');
  });
});
