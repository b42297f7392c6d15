import type { components } from '../../../generated/types/trading.js';
import { tradingData, tradingList, type Session } from './http.js';
import { CliError, renderTable, show, type Output } from './output.js';

type Market = components['schemas']['Market'];
type Instrument = components['schemas']['Instrument'];
type OrderBook = components['schemas']['OrderBook'];
type Trade = components['schemas']['Trade'];
type MarketTrade = components['schemas']['MarketTrade'];
type Ticker = components['schemas']['Ticker'];

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A market given by its id (`market_…`) or by its instrument's symbol or name. */
export async function resolveMarket(session: Session, given: string): Promise<Market> {
  if (given.startsWith('market_'))
    return tradingData<Market>(session, 'GET', `/v1/markets/${encodeURIComponent(given)}`);
  const markets = await tradingList<Market>(session, '/v1/markets');
  const found =
    markets.find((m) => sameName(m.instrument_symbol, given)) ??
    markets.find((m) => sameName(m.instrument_name, given) || sameName(m.name, given));
  if (!found)
    throw new CliError(
      `no market for ${given}: give a market id or one of the symbols ${markets.map((m) => m.instrument_symbol).join(', ')}`,
    );
  return found;
}

/** An instrument given by its id (`instrument-…`) or symbol. */
export async function resolveInstrument(session: Session, given: string): Promise<Instrument> {
  if (given.startsWith('instrument-'))
    return tradingData<Instrument>(session, 'GET', `/v1/instruments/${encodeURIComponent(given)}`);
  const instruments = await tradingList<Instrument>(session, '/v1/instruments');
  const found = instruments.find((i) => sameName(i.symbol, given)) ?? instruments.find((i) => sameName(i.name, given));
  if (!found)
    throw new CliError(
      `no instrument ${given}: give an instrument id or one of the symbols ${instruments.map((i) => i.symbol).join(', ')}`,
    );
  return found;
}

/** `mkt markets`: every market with its best prices. */
export async function listMarkets(session: Session, output: Output): Promise<void> {
  const markets = await tradingList<Market>(session, '/v1/markets');
  const tickers = await Promise.all(
    markets.map(async (m) => ({
      market: m,
      ticker: await tradingData<Ticker>(session, 'GET', `/v1/markets/${m.market_id}/ticker`),
    })),
  );
  show(output, markets, () =>
    renderTable(
      ['symbol', 'market', 'status', 'bid', 'ask', 'last', 'volume 24h'],
      tickers.map(({ market, ticker }) => [
        market.instrument_symbol,
        market.market_id,
        market.status,
        ticker.highest_bid,
        ticker.lowest_ask,
        ticker.last_price,
        ticker.volume_24h,
      ]),
      { rightAligned: [3, 4, 5, 6] },
    ),
  );
}

/** The asks above the bids, best of each next to the spread, as a trader reads a ladder. */
export function renderBook(book: Pick<OrderBook, 'buy' | 'sell'>, depth: number): string {
  const asks = book.sell.slice(0, depth).reverse();
  const bids = book.buy.slice(0, depth);
  const rows = [
    ...asks.map((l) => ['ask', l.price, l.quantity, l.order_count]),
    ...bids.map((l) => ['bid', l.price, l.quantity, l.order_count]),
  ];
  return rows.length === 0
    ? '(the book is empty)'
    : renderTable(['side', 'price', 'quantity', 'orders'], rows, { rightAligned: [1, 2, 3] });
}

export async function showBook(session: Session, output: Output, given: string, depth: number): Promise<void> {
  const market = await resolveMarket(session, given);
  const book = await tradingData<OrderBook>(session, 'GET', `/v1/markets/${market.market_id}/orderbook`, {
    query: { limit: depth },
  });
  show(output, book, () => `${market.instrument_symbol} (${market.market_id})\n${renderBook(book, depth)}`);
}

export function renderTrades(trades: (Trade | MarketTrade)[]): string {
  return trades.length === 0
    ? '(no trades)'
    : renderTable(
        ['time', 'symbol', 'side', 'price', 'quantity', 'total USD', 'fee USD'],
        trades.map((t) => [
          t.execution_timestamp,
          t.instrument_symbol,
          t.side,
          t.price,
          t.quantity,
          t.total_value,
          'fee' in t ? t.fee : null,
        ]),
        { rightAligned: [3, 4, 5, 6] },
      );
}

/** `mkt trades [--market M]`: your own fills (newest first). */
export async function listTrades(
  session: Session,
  output: Output,
  options: { market?: string; limit: number },
): Promise<void> {
  const marketId = options.market === undefined ? undefined : (await resolveMarket(session, options.market)).market_id;
  const trades = await tradingData<Trade[]>(session, 'GET', '/v1/trades', {
    query: { market_id: marketId, limit: options.limit, order_direction: 'desc' },
  });
  show(output, trades, () => renderTrades(trades));
}
