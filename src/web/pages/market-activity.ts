import type { MarketSummary, MarketTradeView } from '../../core/market-data-port.js';
import { findOrderOfUser } from '../../db/orders.js';
import { orderPage } from '../../db/order-history.js';
import { poolSql } from '../../db/sql.js';
import type { OrderRow } from '../../db/trading-rows.js';
import { formatCount, formatPrice, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, notice } from '../layout.js';
import type { PageRequest } from '../request.js';
import { sideCell, tradeRows } from '../market-markup.js';

/**
 * The market page's lists: the ticker line, the latest trades (the script adds each new one from `market.trades`),
 * the viewer's own open orders in the market (each with Cancel, by the dashboard's cancel path), and what became of
 * an order the ticket just placed.
 */
const ownOrdersMax = 50;

const dash = '—';
const orDash = (value: string | null | undefined): string => value ?? dash;

/** `change_pct_24h` "2.44" → "+2.44%"; none without a trade in the window. */
const changeText = (stats: MarketSummary['stats']): string =>
  stats.change_pct_24h === null ? dash : `${stats.change_pct_24h.startsWith('-') ? '' : '+'}${stats.change_pct_24h}%`;

export function tickerLine({ ticker, stats }: MarketSummary): Html {
  const figure = (id: string, label: string, value: string) =>
    html`<div><span class="stat-label">${label}</span><strong class="mono" id="${id}">${value}</strong></div>`;
  return html`<div class="stats ticker" id="ticker">${figure('ticker-last', 'Last price', orDash(ticker.last_price))}${figure('ticker-change', '24h change', changeText(stats))}${figure('ticker-high', '24h high', orDash(stats.high_24h))}${figure('ticker-low', '24h low', orDash(stats.low_24h))}${figure('ticker-volume', '24h volume', formatCount(ticker.volume_24h))}${figure('ticker-bid', 'Bid', orDash(ticker.highest_bid))}${figure('ticker-ask', 'Ask', orDash(ticker.lowest_ask))}</div>`;
}

export const tradesTable = (trades: readonly MarketTradeView[]): Html =>
  html`<table class="trades"><thead><tr><th>Time (UTC)</th><th>Taker</th><th class="right">Price</th><th class="right">Units</th></tr></thead><tbody id="trades">${tradeRows(trades)}</tbody></table>`;

const priceOf = (order: OrderRow): Html | string =>
  order.price_ticks === null ? html`<span class="muted">market</span>` : formatPrice(order.price_ticks);

/** The viewer's open orders in the market, or nothing for a signed-out visitor. */
export async function ownOrders(request: PageRequest, marketId: string, marketPath: string): Promise<Html> {
  const { viewer } = request;
  if (!viewer) return html``;
  const page = await orderPage(
    request.services.db,
    viewer.session.user.id,
    { status: 'open', marketId },
    { orderBy: 'submitted_at', direction: 'desc' },
    { limit: ownOrdersMax },
  );
  const cancel = (order: OrderRow) =>
    csrfForm(
      `/orders/${encodeURIComponent(order.id)}/cancel`,
      request.csrfToken,
      html`<input type="hidden" name="next" value="${marketPath}"><button class="danger" type="submit" aria-label="Cancel order ${order.id}">Cancel</button>`,
    );
  const rows =
    page.rows.length === 0
      ? html`<tr><td class="empty" colspan="7">You have no open orders in this market.</td></tr>`
      : page.rows.map(
          (o) =>
            html`<tr data-order="${o.id}"><td>${sideCell(o.side)}<span class="sub mono">${o.id}</span></td><td class="small">${o.type} · ${o.time_in_force.toUpperCase()}</td><td class="right mono">${priceOf(o)}</td><td class="right mono">${formatCount(o.quantity)}</td><td class="right mono">${formatCount(o.remaining_quantity)}</td><td class="nowrap">${formatTime(o.submitted_at_us)}</td><td class="right">${cancel(o)}</td></tr>`,
        );
  return html`<div class="card" id="my-orders"><h2>Your open orders</h2><table><thead><tr><th>Side</th><th>Type</th><th class="right">Price</th><th class="right">Quantity</th><th class="right">Remaining</th><th>Placed</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** What became of an order the ticket placed, as its row says once the pipeline committed it. */
function outcomeOf(order: OrderRow): Html {
  const filled = `${formatCount(order.filled_quantity)} of ${formatCount(order.quantity)} Units`;
  const paid =
    order.filled_quantity === 0 ? '' : ` for ${formatUsd(order.notional_micros)} (fee ${formatUsd(order.fee_micros)})`;
  const reason = order.closure_reason === null ? '' : ` (${order.closure_reason.replace(/_/g, ' ')})`;
  switch (order.status) {
    case 'filled':
      return notice('ok', 'Order filled.', `Filled ${filled}${paid}.`);
    case 'active':
    case 'partially_filled':
    case 'pending':
      return notice('ok', 'Order placed.', `It rests on the book; filled ${filled}${paid}.`);
    default:
      return notice('warn', `Order ${order.status}${reason}.`, `Filled ${filled}${paid}.`);
  }
}

/** The notice for `?order=` (the redirect after a placed order): only one of the viewer's own orders. */
export async function placedNotice(request: PageRequest, marketId: string): Promise<Html | undefined> {
  const orderId = request.query.order;
  if (!request.viewer || orderId === undefined) return undefined;
  const order = await findOrderOfUser(poolSql(request.services.db), orderId, request.viewer.session.user.id);
  return order === undefined || order.market_id !== marketId ? undefined : outcomeOf(order);
}
