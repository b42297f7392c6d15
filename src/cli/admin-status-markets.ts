import type { Services } from '../app/services.js';
import { isLiveOwner, isLiveProcess } from '../app/market-ownership.js';
import { marketSymbols, processMarkets, type ProcessMarketsRow } from '../db/process-markets.js';
import { toIso } from '../lib/clock.js';
import { renderTable } from './user/output.js';

/**
 * The map of markets to processes in `mkt admin status` (issue 33, item 3): each registered `mkt serve` with its
 * trading URL, the markets it trades (MKT_MARKETS) and the age of its heartbeat; a warning for each market that has
 * two live owners (allowed: the market's row lock keeps matching correct, but both keep its book) or none (its
 * orders answer 503 until one starts). All of it is in the database, the same from any process.
 */

interface MarketRef {
  id: string;
  symbol: string;
}

const processView = (row: ProcessMarketsRow, symbols: ReadonlyMap<string, string>, nowUs: number) => ({
  process_id: row.processId,
  host: row.host,
  pid: row.pid,
  started_at: toIso(row.startedAtUs),
  trading_url: row.tradingUrl,
  /** The markets it trades; null: every market. */
  markets: row.marketIds?.map((id) => ({ market_id: id, symbol: symbols.get(id) ?? null })) ?? null,
  heartbeat_age_ms: row.heartbeatAtUs === null ? null : Math.max(0, Math.round((nowUs - row.heartbeatAtUs) / 1000)),
  live: isLiveProcess(row, nowUs),
});

function ownershipWarnings(markets: MarketRef[], rows: ProcessMarketsRow[], nowUs: number): string[] {
  if (!rows.some((row) => isLiveProcess(row, nowUs))) return [];
  const warnings: string[] = [];
  for (const market of markets) {
    const owners = rows.filter((row) => isLiveOwner(row, market.id, nowUs)).map((row) => row.processId);
    if (owners.length === 0)
      warnings.push(`${market.symbol} (${market.id}) has no live owner: its orders answer 503 until one starts.`);
    else if (owners.length > 1)
      warnings.push(
        `${market.symbol} (${market.id}) has ${owners.length} owners (${owners.join(', ')}): allowed, as its row lock ` +
          'keeps matching correct, but each catches its book up with the others\u2019 orders. Give it to one.',
      );
  }
  return warnings;
}

export async function marketOwnersStatus(services: Pick<Services, 'db' | 'clock'>) {
  const [rows, markets] = await Promise.all([processMarkets(services.db), marketSymbols(services.db)]);
  const nowUs = services.clock.nowUs();
  const symbols = new Map(markets.map((m) => [m.id, m.symbol]));
  return {
    processes: rows.map((row) => processView(row, symbols, nowUs)),
    warnings: ownershipWarnings(markets, rows, nowUs),
  };
}

type MarketOwnersStatus = Awaited<ReturnType<typeof marketOwnersStatus>>;

export function renderMarketOwners(status: MarketOwnersStatus): string {
  if (status.processes.length === 0) return 'Markets by process\nno mkt serve process is registered';
  const table = renderTable(
    ['process', 'host', 'pid', 'trading URL', 'markets', 'heartbeat age ms', 'live'],
    status.processes.map((p) => [
      p.process_id,
      p.host,
      p.pid,
      p.trading_url,
      p.markets === null ? 'all' : p.markets.map((m) => m.symbol ?? m.market_id).join(', '),
      p.heartbeat_age_ms,
      p.live ? 'yes' : 'no',
    ]),
    { rightAligned: [2, 5] },
  );
  const warnings = status.warnings.map((w) => `WARNING: ${w}`);
  return [`Markets by process\n${table}`, ...warnings].join('\n');
}
