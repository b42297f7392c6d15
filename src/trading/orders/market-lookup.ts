import { assert } from '../../lib/assert.js';
import type { MarketWithInstrument, ReferenceService } from '../../core/reference.js';

/** The markets (with their instruments) that the rows of a page refer to, each read once. */
export async function withMarkets<Row extends { market_id: string }>(
  reference: ReferenceService,
  rows: readonly Row[],
): Promise<{ row: Row; market: MarketWithInstrument }[]> {
  const ids = [...new Set(rows.map((row) => row.market_id))];
  const found = await Promise.all(ids.map((id) => reference.findMarket(id)));
  const markets = new Map<string, MarketWithInstrument>();
  ids.forEach((id, i) => {
    const market = found[i];
    // orders, trades and legs always name a seeded market: a miss is a broken invariant, not bad input.
    assert(market !== undefined, `market ${id} referenced by a trading row does not exist`);
    markets.set(id, market);
  });
  return rows.map((row) => ({ row, market: markets.get(row.market_id)! }));
}

/** The market (with its instrument) of one trading row. */
export async function withMarket<Row extends { market_id: string }>(
  reference: ReferenceService,
  row: Row,
): Promise<{ row: Row; market: MarketWithInstrument }> {
  const market = await reference.findMarket(row.market_id);
  assert(market !== undefined, `market ${row.market_id} referenced by a trading row does not exist`);
  return { row, market };
}
