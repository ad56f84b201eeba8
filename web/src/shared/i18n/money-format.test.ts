import { describe, expect, it } from 'vitest';

import { formatMoney, moneyInput, parseMoney, parsePercent } from './money-format';

describe('money and percentages in the reader’s language', () => {
  it('formats minor units in the reader’s language', () => {
    expect(formatMoney(2000, 'EUR', 'en')).toBe('€20.00');
    expect(formatMoney(2000, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('20,00 €');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it('reads typed amounts into minor units, refusing what is not money', () => {
    expect(parseMoney('20', 'EUR')).toBe(2000);
    expect(parseMoney('20,5', 'EUR')).toBe(2050);
    expect(parseMoney(' 0.07 ', 'EUR')).toBe(7);
    expect(parseMoney('20.555', 'EUR')).toBeNull();
    expect(parseMoney('-3', 'EUR')).toBeNull();
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(moneyInput(2050, 'EUR')).toBe('20.50');
  });

  it('reads typed percentages into basis points', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12,5')).toBe(1250);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('1.234')).toBeNull();
  });
});
