import type { BalanceUpdate, LocalEventHub, StreamEvent } from '../../core/events.js';
import { marketSubject, userSubject } from '../../core/events.js';
import { ledgerAccountById } from '../../db/funds.js';
import type { Db } from '../../db/knex.js';
import { poolSql } from '../../db/sql.js';
import { consumptionAccountOfUser } from '../../db/trading-accounts.js';
import type { Clock } from '../../lib/clock.js';
import { consumptionAccountView, currencyAccountView, tradingAccountView } from '../accounts/account-views.js';
import { getTradingAccount } from '../accounts/accounts.js';
import { candles, candleStartUs, ticker, resolutionGrids, type Resolution } from './market-data.js';
import { priceHistoryView, tickerView } from './market-data-views.js';

const resolutions = Object.keys(resolutionGrids) as Resolution[];

/**
 * Events that each process derives for its own subscribers from the events every process hears,
 * reading the database only while one of its sessions wants them (LocalEventHub.want): the ticker
 * after a market's trades or book change, the current candle of each wanted resolution after its
 * trades, and the balances of accounts a committed transaction changed. Reads of one round run
 * one after the other, so a later change is never pushed before an earlier one.
 */
export function startStreamDerivations(deps: { db: Db; clock: Clock; events: LocalEventHub }): () => void {
  const { events } = deps;
  const tickers = new Set<string>();
  const traded = new Set<string>();
  const accounts = new Set<string>();
  /** Owners of accounts seen (an account never changes hands): an account of nobody wanted is not read. */
  const owners = new Map<string, string | null>();
  let round: Promise<void> = Promise.resolve();
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    round = round.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      scheduled = false;
      const due = { tickers: [...tickers], traded: [...traded], accounts: [...accounts] };
      tickers.clear();
      traded.clear();
      accounts.clear();
      await derive(deps, due, owners).catch(() => undefined);
    });
  };

  return events.listen((event) => {
    if (event.stream === 'market.trades' || event.stream === 'market.book') {
      if (events.wants(marketSubject('market.ticker', event.marketId))) tickers.add(event.marketId);
      if (event.stream === 'market.trades' && events.wantsStream('market.candles')) traded.add(event.marketId);
      if (tickers.size + traded.size > 0) schedule();
    } else if (
      event.stream === 'control' &&
      event.event === 'accounts_changed' &&
      events.wantsStream('user.balances')
    ) {
      for (const id of event.accountIds) accounts.add(id);
      schedule();
    }
  });
}

async function derive(
  deps: { db: Db; clock: Clock; events: LocalEventHub },
  due: { tickers: string[]; traded: string[]; accounts: string[] },
  owners: Map<string, string | null>,
): Promise<void> {
  const { events } = deps;
  const nowUs = deps.clock.nowUs();
  const derived: StreamEvent[] = [];
  for (const marketId of due.tickers)
    derived.push({
      stream: 'market.ticker',
      marketId,
      event: 'market_ticker',
      data: tickerView(marketId, await ticker(deps, marketId, nowUs)),
    });
  for (const marketId of due.traded) {
    for (const resolution of resolutions) {
      if (!events.wants(marketSubject('market.candles', marketId, resolution))) continue;
      const page = await candles(
        deps,
        marketId,
        resolution,
        { fromUs: candleStartUs(resolution, nowUs), toUs: nowUs + 1 },
        { limit: 1 },
      );
      const candle = page.rows[0];
      if (candle)
        derived.push({
          stream: 'market.candles',
          marketId,
          event: 'candle',
          data: priceHistoryView(candle, marketId, resolution),
        });
    }
  }
  const wanted = (userId: string | null) => userId !== null && events.wants(userSubject('user.balances', userId));
  for (const accountId of due.accounts) {
    const owner = owners.get(accountId);
    if (owner !== undefined && !wanted(owner)) continue;
    const update = await balanceOf(deps, accountId, owners, wanted);
    if (update)
      derived.push({ stream: 'user.balances', userId: update.userId, event: 'balance_update', data: update.data });
  }
  events.deliver(derived);
}

/** The account as the balances endpoints show it, if its owner is wanted. */
async function balanceOf(
  deps: { db: Db },
  accountId: string,
  owners: Map<string, string | null>,
  wanted: (userId: string | null) => boolean,
): Promise<{ userId: string; data: BalanceUpdate } | undefined> {
  const row = await ledgerAccountById(poolSql(deps.db), accountId);
  if (row) owners.set(accountId, row.user_id);
  if (!row || row.user_id === null || !wanted(row.user_id)) return undefined;
  const userId = row.user_id;
  if (row.kind === 'currency') return { userId, data: { account_type: 'currency', account: currencyAccountView(row) } };
  if (row.kind === 'trading')
    return {
      userId,
      data: { account_type: 'trading', account: tradingAccountView(await getTradingAccount(deps, userId, accountId)) },
    };
  const consumption = await consumptionAccountOfUser(deps.db, userId, accountId);
  return consumption && { userId, data: { account_type: 'consumption', account: consumptionAccountView(consumption) } };
}
