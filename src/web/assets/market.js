// The market page, live: starts from the state the server rendered (#market-state), then follows the
// trading host's public streams of this market (ticker, trades, book, candles; no credentials needed)
// with the SDK's own stream client, served by this host. MktStream reconnects with backoff and takes a
// fresh book snapshot on every (re)subscription, dropping a book whose sequence skips; after a
// reconnection this script also reads the page again for what the streams do not replay (trades,
// candles, 24 hours, the viewer's own orders).
import { MktStream } from './mkt-stream/client.js';
import { ticksOf } from './market-markup.js';
import { drawBook, drawCandles, drawStatus, drawTicker, drawTrades } from './market-view.js';

const state = JSON.parse(document.getElementById('market-state').textContent);
const market = state.market_id;
const candlesKept = 60;
const tradesKept = 30;
/** The viewer's own orders change with trades: the page is read again at most this often for them. */
const ownOrdersRefreshMs = 1_000;

const streams = [
  { name: 'market.ticker', market },
  { name: 'market.trades', market },
  { name: 'market.book', market },
  { name: 'market.candles', market, resolution: state.resolution },
];

function keepTrade(trade) {
  if (state.trades.some((t) => t.trade_id === trade.trade_id)) return;
  state.trades.unshift(trade);
  state.trades.splice(tradesKept);
  const { stats } = state;
  stats.open_24h ??= trade.price;
  if (stats.high_24h === null || ticksOf(trade.price) > ticksOf(stats.high_24h)) stats.high_24h = trade.price;
  if (stats.low_24h === null || ticksOf(trade.price) < ticksOf(stats.low_24h)) stats.low_24h = trade.price;
}

function keepCandle(candle) {
  const at = state.candles.findIndex((c) => c.time === candle.time);
  if (at >= 0) state.candles[at] = candle;
  else state.candles.push(candle);
  // ISO times of one format sort as text.
  state.candles.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  state.candles.splice(0, Math.max(0, state.candles.length - candlesKept));
}

/** Reads this market's page again and takes what it shows of the market and of the viewer's orders. */
async function resync() {
  const response = await fetch(`/markets/${encodeURIComponent(market)}?interval=${state.resolution}`, {
    cache: 'no-store',
  });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = JSON.parse(page.getElementById('market-state').textContent);
  Object.assign(state, { trades: fresh.trades, candles: fresh.candles, ticker: fresh.ticker, stats: fresh.stats });
  drawTrades(state.trades);
  drawCandles(state.candles);
  drawTicker(state.ticker, state.stats);
  const mine = page.getElementById('my-orders');
  document.getElementById('my-orders')?.replaceWith(document.importNode(mine, true));
}

let refreshTimer = null;
function refreshOwnOrdersSoon() {
  if (refreshTimer !== null || document.getElementById('my-orders') === null) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    resync().catch(() => undefined);
  }, ownOrdersRefreshMs);
}

const stream = new MktStream({
  url: state.stream_url,
  WebSocket,
  reconnect: { initialDelayMs: 500, maxDelayMs: 15_000 },
});

stream.on('book', ({ market: id, book }) => {
  if (id === market) drawBook(book.levels('buy'), book.levels('sell'));
});
stream.on('new_trade', (push) => {
  if (push.stream !== 'market.trades' || push.data.market_id !== market) return;
  keepTrade(push.data);
  drawTrades(state.trades);
  drawTicker(state.ticker, state.stats);
  refreshOwnOrdersSoon();
});
stream.on('market_ticker', (ticker) => {
  if (ticker.market_id !== market) return;
  state.ticker = ticker;
  drawTicker(state.ticker, state.stats);
});
stream.on('candle', (push) => {
  if (push.data.market_id !== market || push.data.resolution !== state.resolution) return;
  keepCandle(push.data);
  drawCandles(state.candles);
});
// A reconnection has resubscribed (and so asked for a fresh book snapshot) before this event.
stream.on('connected', ({ reconnected }) => {
  if (!reconnected) return;
  drawStatus('Live', 'on');
  resync().catch(() => undefined);
});
stream.on('disconnected', ({ reconnectInMs }) =>
  drawStatus(reconnectInMs === null ? 'Offline' : `Reconnecting in ${Math.ceil(reconnectInMs / 1000)} s`, 'bad'),
);

/** The first connection; MktStream retries only connections that once succeeded, so this retries the first. */
async function start(attempt) {
  drawStatus('Connecting…', 'off');
  try {
    await stream.connect();
    await stream.subscribe(streams);
    drawStatus('Live', 'on');
    // What traded between the first paint and the subscription.
    resync().catch(() => undefined);
  } catch {
    stream.close();
    const delayMs = Math.min(15_000, 500 * 2 ** attempt);
    drawStatus(`Offline: retrying in ${Math.ceil(delayMs / 1000)} s`, 'bad');
    setTimeout(() => start(attempt + 1), delayMs);
  }
}

start(0);
