import { expect } from 'chai';
import { periodEndUs, periodStartUs, type LimitReset } from '../../src/lib/periods.js';

const us = (iso: string): number => Date.parse(iso) * 1000;

describe('budget periods (UTC)', () => {
  const rows: [LimitReset | null, string, string, string | null][] = [
    [null, '2026-11-27T09:30:00Z', '1970-01-01T00:00:00Z', null],
    ['daily', '2026-11-27T09:30:00Z', '2026-11-27T00:00:00Z', '2026-11-28T00:00:00Z'],
    ['daily', '2026-11-27T00:00:00Z', '2026-11-27T00:00:00Z', '2026-11-28T00:00:00Z'],
    ['weekly', '2026-11-27T09:30:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'], // a Friday: from Monday
    ['weekly', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'], // Monday 00:00 starts its week
    ['weekly', '2026-11-29T23:59:59Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'], // Sunday ends it
    ['weekly', '1970-01-01T12:00:00Z', '1969-12-29T00:00:00Z', '1970-01-05T00:00:00Z'],
    ['monthly', '2026-11-27T09:30:00Z', '2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'],
    ['monthly', '2026-12-31T23:59:59Z', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['monthly', '2028-02-29T12:00:00Z', '2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z'],
  ];
  for (const [reset, now, start, end] of rows) {
    it(`${reset ?? 'never'} at ${now}: ${start} to ${end ?? 'never'}`, () => {
      expect(periodStartUs(reset, us(now))).to.equal(us(start));
      expect(periodEndUs(reset, us(now))).to.equal(end === null ? null : us(end));
    });
  }
});
