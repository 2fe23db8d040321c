describe('price and date formatting', () => {
  it('builds each Intl formatter on first use, once, not when the module loads', () => {
    const numberFormat = jest.spyOn(Intl, 'NumberFormat');
    const dateFormat = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { formatDate, formatPrice } = require('./format') as typeof import('./format');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateFormat).not.toHaveBeenCalled();
      expect([formatPrice(12.5), formatPrice(1999)]).toEqual(['$12.50', '$1,999.00']);
      expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
      expect(formatDate('2026-03-15T12:00:00Z')).toBe('Mar 15, 2026');
    });
    expect(numberFormat).toHaveBeenCalledTimes(1);
    expect(dateFormat).toHaveBeenCalledTimes(1);
    numberFormat.mockRestore();
    dateFormat.mockRestore();
  });

  it('shows $0.00 for a missing amount and the text itself for an unreadable date', async () => {
    const { formatDate, formatPrice } = await import('./format');
    expect(formatPrice(Number.NaN)).toBe('$0.00');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
