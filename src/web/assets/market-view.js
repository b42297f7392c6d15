// The market page's parts as the script redraws them: the same markup as the server's first paint
// (src/web/pages/market-ladder.ts, market-activity.ts), filled from the streams' data.
import { candleChart, depthChart } from './market-charts.js';

/** Levels shown on each side of the ladder (market-ladder.ts's ladderLevelsMax). */
const ladderLevelsMax = 12;
/** Trades the list keeps (the first paint's count). */
const tradesShown = 30;

const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value) => String(value).replace(/[&<>"']/g, (c) => entities[c]);
const count = (n) => n.toLocaleString('en-US');
const byId = (id) => document.getElementById(id);
const ticksOf = (price) => Math.round(Number(price) * 10_000);
const priceLabel = (ticks) => `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;

const levelRow = (side, level) =>
  `<tr class="${side}" data-price="${esc(level.price)}"><td class="right mono price">${esc(level.price)}</td><td class="right mono">${count(level.quantity)}</td><td class="right mono">${count(level.total)}</td><td class="right small muted">${esc(level.order_count)}</td></tr>`;

function spreadText(bids, asks) {
  const [bid, ask] = [bids[0], asks[0]];
  if (bid === undefined && ask === undefined) return 'The book is empty';
  if (bid === undefined || ask === undefined) return bid === undefined ? 'No bids' : 'No asks';
  return `Spread ${priceLabel(ticksOf(ask.price) - ticksOf(bid.price))}`;
}

/** The ladder and the depth chart of a book (levels best first, with `total`). */
export function drawBook(bids, asks) {
  byId('ladder-asks').innerHTML = asks
    .slice(0, ladderLevelsMax)
    .reverse()
    .map((level) => levelRow('ask', level))
    .join('');
  byId('ladder-bids').innerHTML = bids
    .slice(0, ladderLevelsMax)
    .map((level) => levelRow('bid', level))
    .join('');
  byId('ladder-spread').textContent = spreadText(bids, asks);
  byId('depth-chart').innerHTML = depthChart(bids, asks);
}

export function drawCandles(candles) {
  byId('candle-chart').innerHTML = candleChart(candles);
}

const tradeRow = (trade) =>
  `<tr data-trade="${esc(trade.trade_id)}"><td class="mono" title="${esc(trade.execution_timestamp)}">${esc(trade.execution_timestamp.slice(11, 19))}</td><td><span class="side ${trade.side === 'buy' ? 'buy' : 'sell'}">${trade.side === 'buy' ? 'Buy' : 'Sell'}</span></td><td class="right mono">${esc(trade.price)}</td><td class="right mono">${count(trade.quantity)}</td></tr>`;

/** The latest trades, newest first. */
export function drawTrades(trades) {
  byId('trades').innerHTML =
    trades.length === 0
      ? '<tr><td class="empty" colspan="4">No trades yet.</td></tr>'
      : trades.slice(0, tradesShown).map(tradeRow).join('');
}

/** `change_pct_24h` as market-data-views.ts computes it: hundredths of a percent, half away from zero. */
function changeText(lastPrice, openPrice) {
  if (lastPrice === null || openPrice === null) return '—';
  const [last, open] = [ticksOf(lastPrice), ticksOf(openPrice)];
  const magnitude = Math.floor((2 * Math.abs(last - open) * 10_000 + open) / (2 * open));
  const text = `${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return `${last < open ? '-' : '+'}${text}%`;
}

/** The ticker line: the stream's ticker, with the 24 hours' open, high and low the page keeps. */
export function drawTicker(ticker, stats) {
  const set = (id, value) => (byId(id).textContent = value ?? '—');
  set('ticker-last', ticker.last_price);
  set('ticker-change', changeText(ticker.last_price, stats.open_24h));
  set('ticker-high', stats.high_24h);
  set('ticker-low', stats.low_24h);
  set('ticker-volume', count(ticker.volume_24h));
  set('ticker-bid', ticker.highest_bid);
  set('ticker-ask', ticker.lowest_ask);
}

/** The pill beside the title: what the page shows (a snapshot, live data, or a connection being remade). */
export function drawStatus(text, tone) {
  const pill = byId('stream-status');
  pill.textContent = text;
  pill.className = `pill ${tone}`;
}
