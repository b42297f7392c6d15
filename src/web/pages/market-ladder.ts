import type { BookSnapshot } from '../../core/market-data-port.js';
import { html, type Html } from '../html.js';
import { askRows, bidRows, spreadText } from '../market-markup.js';

/**
 * The market page's book as a ladder: asks above the spread, highest first; bids below, best first; each level with
 * the Units from the best price to it. The page's script redraws the rows from the `market.book` stream with the
 * same functions (market-markup.ts), into the same elements.
 */
export function ladder(book: BookSnapshot): Html {
  return html`<table class="ladder" id="ladder"><thead><tr><th class="right">Price</th><th class="right">Size</th><th class="right">Total</th><th class="right">Orders</th></tr></thead>
<tbody id="ladder-asks">${askRows(book.sell)}</tbody>
<tbody><tr class="spread"><td colspan="4" id="ladder-spread">${spreadText(book.buy, book.sell)}</td></tr></tbody>
<tbody id="ladder-bids">${bidRows(book.buy)}</tbody></table>`;
}
