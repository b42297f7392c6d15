import type { BookSnapshot } from '../../core/market-data-port.js';
import { formatDecimal, parseDecimal, priceScale } from '../../lib/money.js';
import { formatCount } from '../format.js';
import { html, type Html } from '../html.js';
import { depthChart } from '../market-charts.js';

/**
 * The market page's book: a ladder (asks above the spread, highest first; bids below, best first; each level with
 * the Units from the best price to it) and the depth chart of the same levels. The page's script redraws both from
 * the `market.book` stream (src/web/assets/market-view.js builds the same rows).
 */
type Level = BookSnapshot['buy'][number];

/** Levels shown on each side of the ladder. */
const ladderLevelsMax = 12;

const levelRow = (side: 'bid' | 'ask', level: Level): Html =>
  html`<tr class="${side}" data-price="${level.price}"><td class="right mono price">${level.price}</td><td class="right mono">${formatCount(level.quantity)}</td><td class="right mono">${formatCount(level.total)}</td><td class="right small muted">${level.order_count}</td></tr>`;

/** The spread between the best bid and the best ask, or why there is none. */
function spreadText(book: BookSnapshot): string {
  const [bid, ask] = [book.buy[0], book.sell[0]];
  if (bid === undefined && ask === undefined) return 'The book is empty';
  if (bid === undefined || ask === undefined) return bid === undefined ? 'No bids' : 'No asks';
  const spread = (parseDecimal(ask.price, priceScale) ?? 0) - (parseDecimal(bid.price, priceScale) ?? 0);
  return `Spread ${formatDecimal(spread, priceScale)}`;
}

export function ladder(book: BookSnapshot): Html {
  const asks = book.sell.slice(0, ladderLevelsMax).reverse();
  const bids = book.buy.slice(0, ladderLevelsMax);
  return html`<table class="ladder" id="ladder"><thead><tr><th class="right">Price</th><th class="right">Size</th><th class="right">Total</th><th class="right">Orders</th></tr></thead>
<tbody id="ladder-asks">${asks.map((level) => levelRow('ask', level))}</tbody>
<tbody><tr class="spread"><td colspan="4" id="ladder-spread">${spreadText(book)}</td></tr></tbody>
<tbody id="ladder-bids">${bids.map((level) => levelRow('bid', level))}</tbody></table>`;
}

/** The depth chart, or a plain line when the book is empty. */
export function depth(book: BookSnapshot): Html {
  if (book.buy.length === 0 && book.sell.length === 0) return html`<p class="empty-chart">The book is empty.</p>`;
  return depthChart(book.buy, book.sell);
}
