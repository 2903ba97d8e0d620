import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './formats';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same language and options, another for another', () => {
    const en = numberFormat('en', { maximumFractionDigits: 2 });
    expect(numberFormat('en', { maximumFractionDigits: 2 })).toBe(en);
    expect(numberFormat('fr', { maximumFractionDigits: 2 })).not.toBe(en);
    expect(numberFormat('en', { maximumFractionDigits: 1 })).not.toBe(en);
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }));
  });

  it('writes as a new Intl formatter would', () => {
    expect(numberFormat('fr', { maximumFractionDigits: 2 }).format(1234.567)).toBe(new Intl.NumberFormat('fr', { maximumFractionDigits: 2 }).format(1234.567));
    const day = new Date('2026-11-22T00:00:00Z');
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(day)).toBe('Nov 22, 2026');
  });
});
