import type { BookSnapshot, MarketTradeView } from '../core/market-data-port.js';
import { html, type Html } from './html.js';

/**
 * The market page's rows, as the server renders them for the first paint and as the page's script renders them
 * again from the streams: the script imports this module as tsc compiled it (web/assets.ts serves it), so both draw
 * the same markup. Like market-charts.ts it imports nothing but html.ts, and runs in a browser as well as in Node.
 */
type Level = BookSnapshot['buy'][number];

/** Levels shown on each side of the ladder. */
const ladderLevelsMax = 12;

/** 1234567 → "1,234,567" (a count of Units: a whole number, never negative here). */
const count = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A wire price ("0.5100") in ticks of 0.0001, from its digits (no float near a price). */
export const ticksOf = (price: string): number => {
  const [whole = '0', fraction = ''] = price.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
};
const priceOfTicks = (ticks: number): string =>
  `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;

export const sideCell = (side: string): Html =>
  html`<span class="side ${side}">${side === 'buy' ? 'Buy' : 'Sell'}</span>`;

const levelRow = (side: 'bid' | 'ask', level: Level): Html =>
  html`<tr class="${side}" data-price="${level.price}"><td class="right mono price">${level.price}</td><td class="right mono">${count(level.quantity)}</td><td class="right mono">${count(level.total)}</td><td class="right small muted">${level.order_count}</td></tr>`;

/** The ask rows of the ladder, highest first (the best ask just above the spread). */
export const askRows = (asks: readonly Level[]): Html =>
  html`${asks
    .slice(0, ladderLevelsMax)
    .reverse()
    .map((level) => levelRow('ask', level))}`;

/** The bid rows of the ladder, best first. */
export const bidRows = (bids: readonly Level[]): Html =>
  html`${bids.slice(0, ladderLevelsMax).map((level) => levelRow('bid', level))}`;

/** The spread between the best bid and the best ask, or why there is none. */
export function spreadText(bids: readonly Level[], asks: readonly Level[]): string {
  const [bid, ask] = [bids[0], asks[0]];
  if (bid === undefined && ask === undefined) return 'The book is empty';
  if (bid === undefined || ask === undefined) return bid === undefined ? 'No bids' : 'No asks';
  return `Spread ${priceOfTicks(ticksOf(ask.price) - ticksOf(bid.price))}`;
}

/** The latest trades, newest first: `2026-11-22T10:15:30.123456Z` shows as `10:15:30` (the title has the rest). */
export function tradeRows(trades: readonly MarketTradeView[]): Html {
  if (trades.length === 0) return html`<tr><td class="empty" colspan="4">No trades yet.</td></tr>`;
  return html`${trades.map(
    (t) =>
      html`<tr data-trade="${t.trade_id}"><td class="mono" title="${t.execution_timestamp}">${t.execution_timestamp.slice(11, 19)}</td><td>${sideCell(t.side)}</td><td class="right mono">${t.price}</td><td class="right mono">${count(t.quantity)}</td></tr>`,
  )}`;
}
