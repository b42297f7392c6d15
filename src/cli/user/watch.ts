import WebSocket from 'ws';
import { MktStream, type StreamBook } from '../../../generated/sdk/typescript/streams/index.js';
import type { components } from '../../../generated/types/trading.js';
import { tradingData, type Session } from './http.js';
import { renderBook, renderTrades, resolveMarket } from './market.js';
import type { Output } from './output.js';

type MarketTrade = components['schemas']['MarketTrade'];

const bookDepth = 8;
const tradesShown = 10;
const clearScreen = '\x1b[2J\x1b[H';

interface View {
  symbol: string;
  marketId: string;
  book: StreamBook | undefined;
  trades: MarketTrade[];
}

function render(view: View): string {
  const book = view.book
    ? renderBook({ buy: view.book.levels('buy', bookDepth), sell: view.book.levels('sell', bookDepth) }, bookDepth)
    : '(waiting for the book)';
  return `${view.symbol} (${view.marketId})  —  Ctrl-C to stop\n${book}\nlast trades\n${renderTrades(view.trades)}\n`;
}

/**
 * `mkt watch MARKET`: the live book and trades of one market over the trading host's WebSocket
 * (`market.book`, `market.trades`: public streams, no authentication). A terminal sees the table
 * redrawn in place; a pipe gets each redraw after a blank line; `--json` one event per line.
 */
export async function watch(session: Session, output: Output, given: string, terminal: boolean): Promise<void> {
  const market = await resolveMarket(session, given);
  const recent = await tradingData<MarketTrade[]>(session, 'GET', `/v1/markets/${market.market_id}/trades`, {
    query: { limit: tradesShown, order_direction: 'desc' },
  });
  const view: View = { symbol: market.instrument_symbol, marketId: market.market_id, book: undefined, trades: recent };
  const redraw = () => output.write(terminal ? clearScreen + render(view) : render(view) + '\n');
  const stream = new MktStream({
    url: session.hosts.trading,
    WebSocket,
    reconnect: { initialDelayMs: 500, maxDelayMs: 10_000 },
  });
  stream.on('book', ({ market: id, book }) => {
    if (id !== market.market_id) return;
    view.book = book;
    if (output.json) output.write(JSON.stringify({ event: 'book', data: book.snapshot() }) + '\n');
    else redraw();
  });
  stream.on('new_trade', (payload) => {
    if (payload.stream !== 'market.trades' || payload.data.market_id !== market.market_id) return;
    view.trades = [payload.data, ...view.trades].slice(0, tradesShown);
    if (output.json) output.write(JSON.stringify({ event: 'trade', data: payload.data }) + '\n');
    else redraw();
  });
  stream.on('disconnected', ({ reconnectInMs }) => {
    if (reconnectInMs !== null) process.stderr.write(`connection lost; reconnecting in ${reconnectInMs} ms\n`);
  });
  await stream.connect();
  await stream.subscribe([
    { name: 'market.book', market: market.market_id },
    { name: 'market.trades', market: market.market_id },
  ]);
  await new Promise<void>((resolve) => {
    const stop = () => {
      stream.close();
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
