import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/**
 * Reads only the dashboard makes (src/web/pages): names to show beside ids, the choices of a
 * filter, and the consumption lots of the balances page. Lists with paging live beside their API
 * (order-history.ts, usage.ts, oauth.ts).
 */

interface MarketSymbolRow {
  market_id: string;
  instrument_id: string;
  symbol: string;
}

const marketSymbolsStatement = statement(
  'dashboard_market_symbols',
  'SELECT m.id AS market_id, i.id AS instrument_id, i.symbol FROM markets m JOIN instruments i ON i.id = m.instrument_id',
);

/** Every market with its instrument's symbol (a few dozen rows at most). */
export const marketSymbols = (db: Db): Promise<MarketSymbolRow[]> =>
  poolSql(db).all<MarketSymbolRow>(marketSymbolsStatement);

const usageModelsStatement = statement(
  'dashboard_usage_models',
  'SELECT DISTINCT model FROM inference_requests WHERE user_id = ? ORDER BY model',
);

/** The model names the user has asked for (as requested, aliases included): the usage page's model filter. */
export async function usageModelsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await poolSql(db).all<{ model: string }>(usageModelsStatement, [userId]);
  return rows.map((row) => row.model);
}

interface ApiKeyNameRow {
  id: string;
  name: string;
}

const apiKeyNamesStatement = statement(
  'dashboard_api_key_names',
  'SELECT id, name FROM api_keys WHERE user_id = ? ORDER BY created_at_us, id',
);

/** The user's consumption keys by name: the usage page's key filter and its key column. */
export const apiKeyNamesOfUser = (db: Db, userId: string): Promise<ApiKeyNameRow[]> =>
  poolSql(db).all<ApiKeyNameRow>(apiKeyNamesStatement, [userId]);

export interface UserLotRow {
  id: number;
  symbol: string;
  tokens_per_unit: number;
  tokens_total: number;
  tokens_remaining: number;
  arrived_at_us: number;
  expires_at_us: number;
}

const userLotsStatement = statement(
  'dashboard_lots_of_user',
  `SELECT l.id, i.symbol, i.tokens_per_unit, l.tokens_total, l.tokens_remaining, l.arrived_at_us, l.expires_at_us
   FROM consumption_lots l JOIN ledger_accounts a ON a.id = l.account_id JOIN instruments i ON i.id = a.instrument_id
   WHERE a.user_id = ? AND a.kind = 'consumption' AND l.tokens_remaining > 0
   ORDER BY l.expires_at_us, l.id`,
);

/** The user's consumption lots that still hold tokens, soonest to expire first (the order inference draws them in). */
export const lotsOfUser = (db: Db, userId: string): Promise<UserLotRow[]> =>
  poolSql(db).all<UserLotRow>(userLotsStatement, [userId]);
