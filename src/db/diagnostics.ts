import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * What the readiness checks of the three APIs read (src/core/diagnostics.ts) that no other
 * reader needs: counts and the order controls of every market. Nothing here writes.
 */

const activeApiKeyCount = statement(
  'diagnostics_active_api_keys',
  'SELECT COUNT(*) AS count FROM api_keys WHERE user_id = ? AND active = ?',
);
// Units and USD accounts: they open with the first deposit, fill or issuance.
const tradingAccountCount = statement(
  'diagnostics_trading_accounts',
  "SELECT COUNT(*) AS count FROM ledger_accounts WHERE user_id = ? AND kind IN ('trading', 'currency')",
);
const marketControls = statement(
  'diagnostics_market_controls',
  'SELECT id, tick_size_ticks, lot_size, min_order_size, max_order_size FROM markets',
);

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  return (await poolSql(db).get<{ count: number }>(activeApiKeyCount, [userId, true]))?.count ?? 0;
}

/** The user's trading (Units) and currency (USD) accounts. */
export async function countTradingAccounts(db: Db, userId: string): Promise<number> {
  return (await poolSql(db).get<{ count: number }>(tradingAccountCount, [userId]))?.count ?? 0;
}

interface MarketControlsRow {
  id: string;
  tick_size_ticks: number;
  lot_size: number;
  min_order_size: number;
  max_order_size: number;
}

/** The order controls of every market, in the order the database keeps them. */
export const marketsControls = (db: Db): Promise<MarketControlsRow[]> =>
  poolSql(db).all<MarketControlsRow>(marketControls);
