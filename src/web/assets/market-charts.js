// The market page's charts, drawn in the browser from the streams' data: the same SVG markup as
// src/web/market-charts.ts draws on the server for the first paint (the geometry follows that file line
// for line), so a redraw replaces the picture without a jump. SVG rather than canvas: it scales with the
// page, its text stays text, and the server can send the same picture. No chart library: two charts of
// this size are about a hundred lines; a library would be a large asset to serve and keep.

const width = 640;
const height = 220;
const margin = { left: 56, right: 12, top: 12, bottom: 26 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const depthLevelsMax = 40;
const candleSlotsMin = 20;

const px = (value) => value.toFixed(1);
const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value) => String(value).replace(/[&<>"']/g, (c) => entities[c]);
/** A decimal price ("0.5100") in ticks of 0.0001: for geometry only, the page shows the text as sent. */
const ticksOf = (price) => Math.round(Number(price) * 10_000);
/** Ticks as a 4-decimal price, from integers (no float rounding in a label). */
const priceLabel = (ticks) => `${Math.floor(ticks / 10_000)}.${String(ticks % 10_000).padStart(4, '0')}`;

/** A stepped area from the best price outwards, held level from the last price to `edge`. */
function sidePath(levels, x, y, edge) {
  const last = levels.at(-1);
  if (last === undefined) return '';
  const points = [];
  let previous = 0;
  for (const level of levels) {
    const at = px(x(ticksOf(level.price)));
    points.push(`${at},${px(y(previous))}`, `${at},${px(y(level.total))}`);
    previous = level.total;
  }
  points.push(`${px(edge)},${px(y(last.total))}`, `${px(edge)},${px(y(0))}`);
  return `M${points.join('L')}Z`;
}

function gridOf(top, bottom, topLabel, bottomLabel) {
  const line = (at, label) =>
    `<line class="grid" x1="${margin.left}" x2="${width - margin.right}" y1="${px(at)}" y2="${px(at)}"></line><text class="axis" x="${margin.left - 6}" y="${px(at + 4)}" text-anchor="end">${esc(label)}</text>`;
  return line(top, topLabel) + line(bottom, bottomLabel);
}

const ends = (left, right) =>
  `<text class="axis" x="${margin.left}" y="${height - 8}">${esc(left)}</text><text class="axis" x="${width - margin.right}" y="${height - 8}" text-anchor="end">${esc(right)}</text>`;

/** The depth chart's markup (levels best first, with cumulative `total`), or the empty book's line. */
export function depthChart(bids, asks) {
  if (bids.length === 0 && asks.length === 0) return '<p class="empty-chart">The book is empty.</p>';
  const shownBids = bids.slice(0, depthLevelsMax);
  const shownAsks = asks.slice(0, depthLevelsMax);
  const prices = [...shownBids, ...shownAsks].map((l) => ticksOf(l.price));
  const pad = Math.max(...prices) === Math.min(...prices) ? Math.max(1, Math.floor(Math.min(...prices) / 10)) : 0;
  const low = Math.min(...prices) - pad;
  const span = Math.max(...prices) + pad - low;
  const bidUnits = shownBids.at(-1)?.total ?? 0;
  const askUnits = shownAsks.at(-1)?.total ?? 0;
  const deepest = Math.max(1, bidUnits, askUnits);
  const x = (ticks) => margin.left + ((ticks - low) / span) * plotWidth;
  const y = (units) => margin.top + plotHeight - (units / deepest) * plotHeight;
  return `<svg class="chart depth" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Depth: ${bidUnits} Units bid, ${askUnits} Units offered">${gridOf(y(deepest), y(0), String(deepest), '0')}${ends(priceLabel(low), priceLabel(low + span))}<path class="bids" d="${sidePath(shownBids, x, y, margin.left)}"></path><path class="asks" d="${sidePath(shownAsks, x, y, width - margin.right)}"></path></svg>`;
}

const shortTime = (iso) => `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;

/** The candle chart's markup (candles oldest first), or the line of a market that never traded. */
export function candleChart(candles) {
  if (candles.length === 0) return '<p class="empty-chart">No trades yet.</p>';
  const lowest = Math.min(...candles.map((c) => ticksOf(c.low)));
  const highest = Math.max(...candles.map((c) => ticksOf(c.high)));
  const pad = highest === lowest ? Math.max(1, Math.floor(lowest / 10)) : 0;
  const low = lowest - pad;
  const span = highest + pad - low;
  const slots = Math.max(candles.length, candleSlotsMin);
  const slot = plotWidth / slots;
  const y = (ticks) => margin.top + plotHeight - ((ticks - low) / span) * plotHeight;
  const bodies = candles.map((candle, i) => {
    const [open, close] = [ticksOf(candle.open), ticksOf(candle.close)];
    const middle = margin.left + (slots - candles.length + i + 0.5) * slot;
    const top = y(Math.max(open, close));
    return `<g class="candle ${close >= open ? 'up' : 'down'}"><title>${esc(candle.time)}: open ${esc(candle.open)}, high ${esc(candle.high)}, low ${esc(candle.low)}, close ${esc(candle.close)}, ${esc(candle.volume)} Units</title><line x1="${px(middle)}" x2="${px(middle)}" y1="${px(y(ticksOf(candle.high)))}" y2="${px(y(ticksOf(candle.low)))}"></line><rect x="${px(middle - slot * 0.35)}" y="${px(top)}" width="${px(slot * 0.7)}" height="${px(Math.max(1, y(Math.min(open, close)) - top))}"></rect></g>`;
  });
  const first = candles[0].time;
  const last = candles.at(-1).time;
  return `<svg class="chart candles" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${candles.length} candles from ${esc(first)} to ${esc(last)}">${gridOf(y(low + span), y(low), priceLabel(low + span), priceLabel(low))}${ends(shortTime(first), shortTime(last))}${bodies.join('')}</svg>`;
}
