import type { Db } from './knex.js';
import { poolSql, shapedStatement, parameterList, statement } from './sql.js';

/**
 * Which process trades which markets (migration 0035, on the registry of migration 0009): each `mkt serve` writes its
 * trading URL and its markets with a heartbeat; an order for a market this process does not trade goes to a live
 * owner (http/forwarding.ts), and `mkt admin status` shows the map.
 */

export interface ProcessMarketsRow {
  processId: string;
  host: string;
  pid: number;
  startedAtUs: number;
  /** Where other processes reach its trading host; null: none announced. */
  tradingUrl: string | null;
  /** The market ids it trades; null: every market. */
  marketIds: string[] | null;
  heartbeatAtUs: number | null;
}

interface StoredRow {
  id: string;
  host: string;
  pid: number | string;
  started_at_us: number | string;
  trading_url: string | null;
  markets: string | null;
  heartbeat_at_us: number | string | null;
}

const heartbeat = statement(
  'process_markets_heartbeat',
  'UPDATE inference_processes SET trading_url = ?, markets = ?, heartbeat_at_us = ? WHERE id = ?',
);

/**
 * Writes this process's trading URL and markets, and that it is alive now; false when its row is gone (a sweep took
 * the process for dead while its liveness lock was lost: the lease keeper writes it again).
 */
export async function writeHeartbeat(
  db: Db,
  processId: string,
  announced: { tradingUrl: string | null; marketIds: readonly string[] | null },
  nowUs: number,
): Promise<boolean> {
  const markets = announced.marketIds === null ? null : JSON.stringify(announced.marketIds);
  return (await poolSql(db).run(heartbeat, [announced.tradingUrl, markets, nowUs, processId])) === 1;
}

const everyProcess = statement(
  'process_markets_all',
  `SELECT id, host, pid, started_at_us, trading_url, markets, heartbeat_at_us
     FROM inference_processes ORDER BY id`,
);

/** Every registered process with what it announced (a few rows: one per process). */
export async function processMarkets(db: Db): Promise<ProcessMarketsRow[]> {
  const rows = await poolSql(db).all<StoredRow>(everyProcess);
  return rows.map((row) => ({
    processId: row.id,
    host: row.host,
    pid: Number(row.pid),
    startedAtUs: Number(row.started_at_us),
    tradingUrl: row.trading_url,
    marketIds: row.markets === null ? null : marketIdsOf(row.markets),
    heartbeatAtUs: row.heartbeat_at_us === null ? null : Number(row.heartbeat_at_us),
  }));
}

function marketIdsOf(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

/** The market of each of these orders that exists (one indexed read by primary key). */
export async function marketsOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const read = shapedStatement(`markets_of_orders_${orderIds.length}`, () => ({
    sqlite: `SELECT id, market_id FROM orders WHERE id IN (${parameterList(orderIds.length)})`,
  }));
  const rows = await poolSql(db).all<{ id: string; market_id: string }>(read, orderIds);
  return new Map(rows.map((row) => [row.id, row.market_id]));
}

const marketsAndSymbols = statement(
  'markets_and_symbols',
  'SELECT m.id, i.symbol FROM markets m JOIN instruments i ON i.id = m.instrument_id ORDER BY m.id',
);

/** Every market with its instrument's symbol, to resolve MKT_MARKETS. */
export const marketSymbols = (db: Db): Promise<{ id: string; symbol: string }[]> =>
  poolSql(db).all<{ id: string; symbol: string }>(marketsAndSymbols);
