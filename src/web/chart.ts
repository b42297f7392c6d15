import { assert } from '../lib/assert.js';
import { usPerDay } from '../lib/clock.js';
import { formatUsd } from './format.js';
import { html, type Html } from './html.js';

/**
 * Spend per UTC day as a bar chart drawn on the server: an inline <svg>, no script, no outside
 * asset. Amounts stay integer micro-dollars (the scale's top is a 1-2-5 step times four, in
 * micro-dollars); only pixel geometry is fractional.
 */
interface DaySpend {
  /** Whole UTC days since the epoch. */
  day: number;
  micros: number;
}

const width = 1000;
const height = 230;
const margin = { left: 78, right: 8, top: 14, bottom: 30 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
const gridLines = 4;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The smallest 1, 2 or 5 × 10ⁿ micro-dollars that, times the grid lines, covers `max`. */
export function gridStepMicros(max: number): number {
  assert(Number.isSafeInteger(max) && max >= 0, `spend must be a non-negative safe integer, got ${max}`);
  for (let power = 1; ; power *= 10) {
    for (const factor of [1, 2, 5]) if (factor * power * gridLines >= max) return factor * power;
  }
}

export const isoDay = (day: number): string => new Date((day * usPerDay) / 1000).toISOString().slice(0, 10);
const shortDay = (day: number): string => {
  const iso = isoDay(day);
  return `${months[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;
};
const px = (value: number): string => value.toFixed(1);

/** One bar per day from `firstDay` to `lastDay` (inclusive); days without spend are empty. */
export function spendChart(firstDay: number, lastDay: number, spend: readonly DaySpend[]): Html {
  const days = lastDay - firstDay + 1;
  assert(days >= 1, 'a chart needs at least one day');
  const byDay = new Map(spend.map((s) => [s.day, s.micros]));
  const max = Math.max(0, ...spend.map((s) => s.micros));
  const step = gridStepMicros(max);
  const top = step * gridLines;
  const slot = plotWidth / days;
  const barWidth = Math.max(1, slot * 0.72);
  const labelEvery = Math.ceil(days / 12);
  const y = (micros: number) => margin.top + plotHeight - (micros / top) * plotHeight;

  const grid = Array.from({ length: gridLines + 1 }, (_, i) => {
    const at = y(step * i);
    return html`<line class="grid" x1="${margin.left}" x2="${width - margin.right}" y1="${px(at)}" y2="${px(at)}"></line><text class="axis" x="${margin.left - 8}" y="${px(at + 4)}" text-anchor="end">${formatUsd(step * i)}</text>`;
  });
  const bars = Array.from({ length: days }, (_, i) => {
    const day = firstDay + i;
    const micros = byDay.get(day) ?? 0;
    const x = margin.left + i * slot + (slot - barWidth) / 2;
    const label =
      i % labelEvery === 0
        ? html`<text class="axis" x="${px(x + barWidth / 2)}" y="${height - 10}" text-anchor="middle">${shortDay(day)}</text>`
        : '';
    const bar =
      micros > 0
        ? html`<rect class="bar" x="${px(x)}" y="${px(y(micros))}" width="${px(barWidth)}" height="${px(Math.max(1, (micros / top) * plotHeight))}"><title>${isoDay(day)}: ${formatUsd(micros)}</title></rect>`
        : '';
    return html`${bar}${label}`;
  });
  const total = spend.reduce((sum, s) => sum + s.micros, 0);
  return html`<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Spend per day from ${isoDay(firstDay)} to ${isoDay(lastDay)}: ${formatUsd(total)} in all">${grid}${bars}</svg>`;
}
