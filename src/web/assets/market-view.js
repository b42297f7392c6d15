// The market page's parts as the script redraws them from the streams' data: with the very functions the
// server drew the first paint with (src/web/market-markup.ts, market-charts.ts, served as compiled), into
// the same elements. Their markup escapes every value it puts in (html.ts).
import { candleChart, depthChart } from './market-charts.js';
import { askRows, bidRows, spreadText, ticksOf, tradeRows } from './market-markup.js';

/** Trades the list keeps (the first paint's count). */
const tradesShown = 30;

const byId = (id) => document.getElementById(id);

/** The ladder and the depth chart of a book (levels best first, with `total`). */
export function drawBook(bids, asks) {
  byId('ladder-asks').innerHTML = askRows(asks).text;
  byId('ladder-bids').innerHTML = bidRows(bids).text;
  byId('ladder-spread').textContent = spreadText(bids, asks);
  byId('depth-chart').innerHTML = depthChart(bids, asks).text;
}

export function drawCandles(candles) {
  byId('candle-chart').innerHTML = candleChart(candles).text;
}

/** The latest trades, newest first. */
export function drawTrades(trades) {
  byId('trades').innerHTML = tradeRows(trades.slice(0, tradesShown)).text;
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
  set('ticker-volume', ticker.volume_24h.toLocaleString('en-US'));
  set('ticker-bid', ticker.highest_bid);
  set('ticker-ask', ticker.lowest_ask);
}

/** The pill beside the title: what the page shows (a snapshot, live data, or a connection being remade). */
export function drawStatus(text, tone) {
  const pill = byId('stream-status');
  pill.textContent = text;
  pill.className = `pill ${tone}`;
}
