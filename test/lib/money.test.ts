import { expect } from 'chai';
import { formatDecimal, parseDecimal, priceScale, usdScale } from '../../src/lib/money.js';

describe('fixed-point decimals', () => {
  const rows: [string, number, number | null][] = [
    ['12.5', priceScale, 125_000],
    ['0.0001', priceScale, 1],
    ['0', priceScale, 0],
    ['100', usdScale, 100_000_000],
    ['0.1', usdScale, 100_000],
    ['-3.25', priceScale, -32_500],
    ['0.00001', priceScale, null], // more places than the scale
    ['01.5', priceScale, null], // leading zero
    ['1.', priceScale, null],
    ['.5', priceScale, null],
    ['1e3', priceScale, null],
    [' 1', priceScale, null],
    ['99999999999999999999', priceScale, null], // beyond the safe integer range
  ];
  for (const [text, scale, expected] of rows) {
    it(`parses ${JSON.stringify(text)} at scale ${scale} as ${expected}`, () => {
      expect(parseDecimal(text, scale)).to.equal(expected);
    });
  }

  it('formats with exactly the scale places and round-trips', () => {
    expect(formatDecimal(125_000, priceScale)).to.equal('12.5000');
    expect(formatDecimal(1, priceScale)).to.equal('0.0001');
    expect(formatDecimal(-32_500, priceScale)).to.equal('-3.2500');
    expect(formatDecimal(0, usdScale)).to.equal('0.000000');
    for (const value of [0, 1, 99, 123_456_789, -5])
      expect(parseDecimal(formatDecimal(value, usdScale), usdScale)).to.equal(value);
  });

  it('adds 0.1 and 0.2 exactly', () => {
    expect(formatDecimal(parseDecimal('0.1', usdScale)! + parseDecimal('0.2', usdScale)!, usdScale)).to.equal(
      '0.300000',
    );
  });
});
