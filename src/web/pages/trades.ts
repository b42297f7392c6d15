import { tradeLegPage } from '../../db/order-history.js';
import type { Page } from '../../db/paging.js';
import type { TradeLegRow } from '../../db/trading-rows.js';
import { formatCount, formatPrice, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { formatTime, layout } from '../layout.js';
import { pager, readPage } from '../paging.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { sideCell } from '../market-markup.js';
import { symbolsByMarket } from './orders.js';

/**
 * `/trades`: the user's fills (one leg per fill of one of the user's orders), newest first, as GET /v1/trades lists
 * them.
 */
const pageSize = 50;
const microsPerTick = 100; // a tick is 0.0001 USD

function rows(page: Page<TradeLegRow>, symbols: Map<string, string>): Html {
  if (page.rows.length === 0)
    return html`<tr><td class="empty" colspan="7">No trades yet. When one of your orders fills, each fill appears here.</td></tr>`;
  return html`${page.rows.map(
    (
      t,
    ) => html`<tr><td class="nowrap">${formatTime(t.executed_at_us)}</td><td>${symbols.get(t.market_id) ?? t.market_id}<span class="sub mono">${t.trade_id}</span></td><td>${sideCell(t.side)}</td>
<td class="right mono">${formatPrice(t.price_ticks)}</td><td class="right mono">${formatCount(t.quantity)}</td><td class="right mono">${formatUsd(t.price_ticks * t.quantity * microsPerTick)}</td><td class="right mono">${formatUsd(t.fee_micros)}</td></tr>`,
  )}`;
}

export async function showTrades(request: MemberRequest): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, pageSize, (p) =>
    tradeLegPage(request.services.db, userId, { orderBy: 'execution_timestamp', direction: 'desc' }, p),
  );
  const symbols = await symbolsByMarket(request.services);
  const body = html`<h1>Trades</h1>
<p class="lead">Every fill of your orders, at the resting order's price. Notional is price × quantity; the fee is yours for that fill (a buyer pays it on top, a seller receives the notional less it).</p>
<div class="card"><table><thead><tr><th>Time</th><th>Market</th><th>Side</th><th class="right">Price per Unit</th><th class="right">Quantity</th><th class="right">Notional</th><th class="right">Fee</th></tr></thead>
<tbody>${rows(page, symbols)}</tbody></table>${pager('/trades', page.paging)}</div>`;
  return show(
    layout({ title: 'Trades', viewer: request.viewer, csrfToken: request.csrfToken, current: '/trades' }, body),
  );
}
