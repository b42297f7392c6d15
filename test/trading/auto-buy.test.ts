import { expect } from 'chai';
import type { MarketRow } from '../../src/core/reference.js';
import { limitUnderCap } from '../../src/trading/orders/auto-buy.js';

/**
 * The limit price of Auto Mode's buy under a price cap (src/trading/orders/auto-buy.ts): the cap as the
 * market can take it, never above it. Each row changes one thing.
 */
describe('trading: the limit price of a capped auto-buy', () => {
  const market = { tick_size_ticks: 1, price_collar_pct: 50 } as MarketRow;

  const rows: {
    name: string;
    tickSizeTicks?: number;
    lastTradeTicks: number | null;
    units?: number;
    capTicks: number;
    limitTicks: number | null;
  }[] = [
    { name: 'the cap itself, before any trade (no band)', lastTradeTicks: null, capTicks: 5_000, limitTicks: 5_000 },
    { name: 'the cap itself, inside the band', lastTradeTicks: 4_000, capTicks: 5_000, limitTicks: 5_000 },
    { name: 'the top of the band, for a cap above it', lastTradeTicks: 4_000, capTicks: 9_000, limitTicks: 6_000 },
    { name: 'the bottom of the band, for a cap on it', lastTradeTicks: 4_000, capTicks: 2_000, limitTicks: 2_000 },
    { name: 'nothing, for a cap below the band', lastTradeTicks: 4_000, capTicks: 1_999, limitTicks: null },
    {
      name: 'the cap rounded down to the tick size',
      tickSizeTicks: 10,
      lastTradeTicks: null,
      capTicks: 4_999,
      limitTicks: 4_990,
    },
    {
      name: 'nothing, for a cap below one tick',
      tickSizeTicks: 10,
      lastTradeTicks: null,
      capTicks: 9,
      limitTicks: null,
    },
    {
      name: 'the largest order value over the Units, for a cap above it',
      lastTradeTicks: null,
      units: 1_000,
      capTicks: 1_000_000_000_000,
      limitTicks: 10_000_000_000,
    },
  ];
  for (const row of rows) {
    it(`is ${row.name}`, () => {
      const limit = limitUnderCap(
        { ...market, tick_size_ticks: row.tickSizeTicks ?? 1 },
        row.lastTradeTicks,
        row.units ?? 1,
        row.capTicks,
      );
      expect(limit).to.equal(row.limitTicks);
    });
  }
});
