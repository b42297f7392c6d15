import { expect } from 'chai';
import { gridStepMicros, spendChart } from '../../src/web/chart.js';
import { formatCount, formatPrice, formatTokensAsUnits, formatUsd } from '../../src/web/format.js';
import { dayOf } from '../../src/web/pages/usage.js';

/** The dashboard's amounts come from integers and keep every digit they have (issue 14, item 3). */
describe('dashboard: amounts as a person reads them', () => {
  it('shows micro-dollars as dollars: cents always, the sign before the currency, nothing rounded', () => {
    const table: [micros: number, shown: string, everyDigit: string][] = [
      [23_790_000, '$23.79', '$23.790000'],
      [-1_200_000, '\u2212$1.20', '\u2212$1.200000'],
      [0, '$0.00', '$0.000000'],
      [40, '$0.00004', '$0.000040'],
      [1_234_567_890_123, '$1,234,567.890123', '$1,234,567.890123'],
      [10_000, '$0.01', '$0.010000'],
      [-5, '\u2212$0.000005', '\u2212$0.000005'],
    ];
    for (const [micros, shown, everyDigit] of table) {
      expect(formatUsd(micros), String(micros)).to.equal(shown);
      expect(formatUsd(micros, { everyDigit: true }), String(micros)).to.equal(everyDigit);
    }
  });

  it('shows prices in ticks, counts, and tokens as Units exactly (floored to the micro-Unit)', () => {
    expect(formatPrice(4000)).to.equal('$0.4000');
    expect(formatPrice(123_456_789)).to.equal('$12,345.6789');
    expect(formatCount(1_999_956)).to.equal('1,999,956');
    expect(formatCount(-3)).to.equal('\u22123');
    expect(formatTokensAsUnits(1_500_000, 1_000_000)).to.equal('1.5');
    expect(formatTokensAsUnits(2_000_000, 1_000_000)).to.equal('2');
    expect(formatTokensAsUnits(1, 3)).to.equal('0.333333');
    expect(formatTokensAsUnits(9_007_199_254_740_991, 1_000_000)).to.equal('9,007,199,254.740991');
  });

  it('reads a day of the date filter only when it is a real calendar day', () => {
    const table: [string, number | null][] = [
      ['1970-01-01', 0],
      ['2026-11-22', 20_779],
      ['2024-02-29', 19782],
      ['2026-02-29', null],
      ['2026-13-01', null],
      ['2026-11-22T00:00', null],
      ['22/11/2026', null],
      ['', null],
    ];
    for (const [text, day] of table) expect(dayOf(text), text).to.equal(day);
  });

  it('scales the chart to four steps of 1, 2 or 5 × 10ⁿ micro-dollars and draws a bar per day with spend', () => {
    const table: [max: number, step: number][] = [
      [0, 1],
      [4, 1],
      [5, 2],
      [8, 2],
      [9, 5],
      [20, 5],
      [21, 10],
      [390_022, 100_000],
      [54_000, 20_000],
      [1_000_000_000, 500_000_000],
    ];
    for (const [max, step] of table) expect(gridStepMicros(max), String(max)).to.equal(step);
    const svg = spendChart(100, 129, [
      { day: 101, micros: 30_000 },
      { day: 129, micros: 22 },
    ]).text;
    expect(svg.match(/<rect class="bar"/g)).to.have.length(2);
    expect(svg).to.contain('$0.04').and.to.contain('1970-04-12: $0.03').and.to.contain('$0.030022 in all');
    expect(svg).not.to.match(/NaN|Infinity/);
  });
});
