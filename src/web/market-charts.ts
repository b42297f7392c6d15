import type { CandleView } from '../core/market-data-port.js';
import { html, type Html } from './html.js';
import { ticksOf } from './market-markup.js';

/**
 * The market page's two charts as inline SVG: drawn on the server for the first paint (no script needed), and by
 * the page's script from the streams' pushes, which imports this very module as tsc compiled it (web/assets.ts
 * serves it, and html.ts beside it): one drawing, so a redraw replaces the picture without a jump. It therefore
 * imports nothing but html.ts and market-markup.ts, and runs in a browser as well as in Node. SVG rather than canvas: it scales with the
 * page, its text is text (readable, selectable, testable), the server can send it, and a few hundred shapes cost a
 * browser nothing. No chart library: two charts of this size are about a hundred lines, and a library would be a
 * large outside asset to serve and keep.
 */

/** A book level as the orderbook endpoint and the stream show it: price as a decimal string, `total` cumulative. */
interface DepthLevel {
  price: string;
  total: number;
}

const width = 640;
const height = 220;
const margin = { left: 56, right: 12, top: 12, bottom: 26 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const depthLevelsMax = 40;
const candleSlotsMin = 20;
const px = (value: number): string => value.toFixed(1);
const priceLabel = (ticks: number): string =>
  `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;

/**
 * A stepped area from the best price outwards (the Units one could trade up to each price), held level from the
 * last price to `edge`, the side's end of the plot.
 */
function sidePath(
  levels: readonly DepthLevel[],
  x: (ticks: number) => number,
  y: (units: number) => number,
  edge: number,
): string {
  const last = levels.at(-1);
  if (last === undefined) return '';
  const points: string[] = [];
  let previous = 0;
  for (const level of levels) {
    const at = px(x(ticksOf(level.price)));
    points.push(`${at},${px(y(previous))}`, `${at},${px(y(level.total))}`);
    previous = level.total;
  }
  points.push(`${px(edge)},${px(y(last.total))}`, `${px(edge)},${px(y(0))}`);
  return `M${points.join('L')}Z`;
}

/** Grid lines at the bottom and the top of a plot, each labelled on the left. */
function gridOf(top: number, bottom: number, topLabel: string, bottomLabel: string): Html {
  const line = (at: number, label: string) =>
    html`<line class="grid" x1="${margin.left}" x2="${width - margin.right}" y1="${px(at)}" y2="${px(at)}"></line><text class="axis" x="${margin.left - 6}" y="${px(at + 4)}" text-anchor="end">${label}</text>`;
  return html`${line(top, topLabel)}${line(bottom, bottomLabel)}`;
}

/** Labels under the plot: one at the left edge, one at the right. */
const ends = (left: string, right: string): Html =>
  html`<text class="axis" x="${margin.left}" y="${height - 8}">${left}</text><text class="axis" x="${width - margin.right}" y="${height - 8}" text-anchor="end">${right}</text>`;

/** The depth chart of a book (levels best first): bids to the left of the spread, asks to the right. */
export function depthChart(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): Html {
  if (bids.length === 0 && asks.length === 0) return html`<p class="empty-chart">The book is empty.</p>`;
  const shownBids = bids.slice(0, depthLevelsMax);
  const shownAsks = asks.slice(0, depthLevelsMax);
  const prices = [...shownBids, ...shownAsks].map((l) => ticksOf(l.price));
  // One price alone (a book with a single level) is drawn in the middle of a range a tenth of it wide either side.
  const pad = Math.max(...prices) === Math.min(...prices) ? Math.max(1, Math.floor(Math.min(...prices) / 10)) : 0;
  const low = Math.min(...prices) - pad;
  const span = Math.max(...prices) + pad - low;
  const bidUnits = shownBids.at(-1)?.total ?? 0;
  const askUnits = shownAsks.at(-1)?.total ?? 0;
  const deepest = Math.max(1, bidUnits, askUnits);
  const x = (ticks: number) => margin.left + ((ticks - low) / span) * plotWidth;
  const y = (units: number) => margin.top + plotHeight - (units / deepest) * plotHeight;
  return html`<svg class="chart depth" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Depth: ${bidUnits} Units bid, ${askUnits} Units offered">${gridOf(y(deepest), y(0), String(deepest), '0')}${ends(priceLabel(low), priceLabel(low + span))}<path class="bids" d="${sidePath(shownBids, x, y, margin.left)}"></path><path class="asks" d="${sidePath(shownAsks, x, y, width - margin.right)}"></path></svg>`;
}

/** `2026-11-22T10:15:00.000Z` → `11-22 10:15`. */
const shortTime = (iso: string): string => `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;

/** Candles (oldest first), one slot each: a wick from low to high, a body from open to close. */
export function candleChart(candles: readonly CandleView[]): Html {
  if (candles.length === 0) return html`<p class="empty-chart">No trades yet.</p>`;
  const lowest = Math.min(...candles.map((c) => ticksOf(c.low)));
  const highest = Math.max(...candles.map((c) => ticksOf(c.high)));
  // Candles all at one price are drawn in the middle of a range a tenth of it wide either side (as depth does).
  const pad = highest === lowest ? Math.max(1, Math.floor(lowest / 10)) : 0;
  const low = lowest - pad;
  const span = highest + pad - low;
  // At least `candleSlotsMin` slots, so that a few candles stay candle-shaped; the newest at the right edge.
  const slots = Math.max(candles.length, candleSlotsMin);
  const slot = plotWidth / slots;
  const y = (ticks: number) => margin.top + plotHeight - ((ticks - low) / span) * plotHeight;
  const bodies = candles.map((candle, i) => {
    const [open, close] = [ticksOf(candle.open), ticksOf(candle.close)];
    const middle = margin.left + (slots - candles.length + i + 0.5) * slot;
    const top = y(Math.max(open, close));
    return html`<g class="candle ${close >= open ? 'up' : 'down'}"><title>${candle.time}: open ${candle.open}, high ${candle.high}, low ${candle.low}, close ${candle.close}, ${candle.volume} Units</title><line x1="${px(middle)}" x2="${px(middle)}" y1="${px(y(ticksOf(candle.high)))}" y2="${px(y(ticksOf(candle.low)))}"></line><rect x="${px(middle - slot * 0.35)}" y="${px(top)}" width="${px(slot * 0.7)}" height="${px(Math.max(1, y(Math.min(open, close)) - top))}"></rect></g>`;
  });
  const first = candles[0]?.time ?? '';
  const last = candles.at(-1)?.time ?? '';
  return html`<svg class="chart candles" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${candles.length} candles from ${first} to ${last}">${gridOf(y(low + span), y(low), priceLabel(low + span), priceLabel(low))}${ends(shortTime(first), shortTime(last))}${bodies}</svg>`;
}
