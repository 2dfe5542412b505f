import { describe, expect, it } from 'vitest';
import { DATE_KINDS, formatPlainDate, formatPlainNumber, type DateKind } from './plain-format';

/** A deterministic stream of numbers in [0, 1) (the same cases on every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

describe('numbers without Intl', () => {
  const next = random(21);
  const values = [
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.005,
    1.005,
    1234.505,
    -0.004,
    -0.4,
    999,
    1000,
    1234,
    12345.678,
    999999.9999,
    1e12,
    123456789012,
    0.1 + 0.2,
    1 / 3,
    -1234567.5,
    1e-7,
    4.35,
    8.675,
    1.0049999,
  ];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(next() * 13);
    const value = Math.round(next() * magnitude * 1e4) / 10 ** Math.floor(next() * 7);
    values.push(next() < 0.2 ? -value : value);
  }
  for (const language of ['fr', 'en']) {
    for (const digits of [0, 1, 2, 3]) {
      it(`writes ${values.length} numbers as Intl does in ${language} with at most ${digits} decimals`, () => {
        const intl = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
        const wrong = values.filter((v) => formatPlainNumber(v, language, digits) !== intl.format(v));
        expect(wrong.map((v) => [v, formatPlainNumber(v, language, digits), intl.format(v)])).toEqual([]);
      });
    }
  }

  it('leaves other languages, infinities and numbers too large to round exactly to Intl', () => {
    expect(formatPlainNumber(1234.5, 'de', 1)).toBe(
      new Intl.NumberFormat('de', { maximumFractionDigits: 1 }).format(1234.5),
    );
    expect(formatPlainNumber(Number.POSITIVE_INFINITY, 'fr')).toBe('∞');
    expect(formatPlainNumber(1e21, 'fr')).toBe(new Intl.NumberFormat('fr').format(1e21));
  });
});

describe('dates without Intl', () => {
  const next = random(7);
  const dates = [
    new Date(2025, 0, 1, 0, 5),
    new Date(2025, 0, 1, 12, 5),
    new Date(2024, 1, 29, 23, 59),
    new Date(999, 5, 3),
  ];
  for (let i = 0; i < 1500; i++)
    dates.push(new Date(Date.UTC(1990, 0, 1) + Math.floor(next() * 60 * 365 * 86400e3)));
  for (const language of ['fr', 'en']) {
    for (const kind of Object.keys(DATE_KINDS) as DateKind[]) {
      it(`writes ${dates.length} dates as Intl does in ${language} (${kind})`, () => {
        const intl = new Intl.DateTimeFormat(language, DATE_KINDS[kind]);
        const wrong = dates.filter((d) => formatPlainDate(d, language, kind) !== intl.format(d));
        expect(
          wrong.map((d) => [d.toISOString(), formatPlainDate(d, language, kind), intl.format(d)]),
        ).toEqual([]);
      });
    }
  }

  it('leaves other languages and invalid dates to Intl', () => {
    const date = new Date(2025, 8, 7);
    expect(formatPlainDate(date, 'de', 'month')).toBe(
      new Intl.DateTimeFormat('de', DATE_KINDS.month).format(date),
    );
    expect(() => formatPlainDate(new Date('x'), 'fr', 'date')).toThrow(RangeError);
  });
});
