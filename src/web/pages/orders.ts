import { marketSymbols } from '../../db/dashboard.js';
import { orderPage } from '../../db/order-history.js';
import type { Page } from '../../db/paging.js';
import type { OrderRow, OrderStatus } from '../../db/trading-rows.js';
import type { CancelOutcome } from '../../core/trading-port.js';
import type { WebDeps } from '../deps.js';
import { formatCount, formatPrice, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { sideCell } from '../market-markup.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { pager, readPage } from '../paging.js';
import { localPath, redirect, show, withQuery, type MemberRequest, type PageResult } from '../request.js';

/**
 * `/orders` (the open orders, each with Cancel) and `/orders/history` (filled, closed, cancelled,
 * expired, rejected). Reads come from the orders table; a cancel goes through the trading pipeline
 * (WebDeps.trading: the in-memory book and its group commit), exactly as a signed DELETE does.
 */
const pageSize = 50;
const terminalStatuses: readonly OrderStatus[] = ['filled', 'closed', 'cancelled', 'expired', 'rejected'];

/** Market id → its instrument's symbol, for every market (a few dozen). */
export async function symbolsByMarket(services: WebDeps): Promise<Map<string, string>> {
  return new Map((await marketSymbols(services.db)).map((row) => [row.market_id, row.symbol]));
}

const statusNames: Record<OrderStatus, string> = {
  active: 'Open',
  pending: 'Pending',
  partially_filled: 'Partly filled',
  cancellation_pending: 'Cancelling',
  filled: 'Filled',
  closed: 'Closed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  rejected: 'Rejected',
};

const statusTone: Record<OrderStatus, 'on' | 'off' | 'bad'> = {
  active: 'on',
  pending: 'on',
  partially_filled: 'on',
  cancellation_pending: 'off',
  filled: 'on',
  closed: 'off',
  cancelled: 'off',
  expired: 'off',
  rejected: 'bad',
};

const limitOf = (order: OrderRow): Html | string =>
  order.price_ticks === null ? html`<span class="muted">market</span>` : formatPrice(order.price_ticks);
/** A stop shows its trigger beside its limit (or market): `0.4100 · stop 0.4000`. */
const priceOf = (order: OrderRow): Html | string =>
  order.stop_price_ticks === null
    ? limitOf(order)
    : html`${limitOf(order)} <span class="muted">· stop ${formatPrice(order.stop_price_ticks)}</span>`;
const orderKind = (order: OrderRow): string => `${order.type} · ${order.time_in_force.toUpperCase()}`;

function tabs(current: 'open' | 'history'): Html {
  const tab = (href: string, label: string, on: boolean) =>
    html`<a href="${href}"${on ? html` class="current" aria-current="page"` : ''}>${label}</a>`;
  return html`<nav class="tabs" aria-label="Orders">${tab('/orders', 'Open orders', current === 'open')}${tab('/orders/history', 'History', current === 'history')}</nav>`;
}

function openRows(request: MemberRequest, page: Page<OrderRow>, symbols: Map<string, string>): Html {
  if (page.rows.length === 0)
    return html`<tr><td class="empty" colspan="9">No open orders. Orders you place on the trading API that rest on a book appear here.</td></tr>`;
  return html`${page.rows.map(
    (
      o,
    ) => html`<tr><td>${symbols.get(o.market_id) ?? o.market_id}<span class="sub mono">${o.id}</span></td><td>${sideCell(o.side)}</td><td class="small">${orderKind(o)}</td>
<td class="right mono">${priceOf(o)}</td><td class="right mono">${formatCount(o.quantity)}</td><td class="right mono">${formatCount(o.filled_quantity)}</td><td class="right mono">${formatCount(o.remaining_quantity)}</td>
<td class="nowrap">${formatTime(o.submitted_at_us)}</td>
<td class="right">${csrfForm(`/orders/${encodeURIComponent(o.id)}/cancel`, request.csrfToken, html`<button class="danger" type="submit" aria-label="Cancel order ${o.id}">Cancel</button>`)}</td></tr>`,
  )}`;
}

async function openOrdersPage(request: MemberRequest, problem?: Html, status = 200): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, pageSize, (p) =>
    orderPage(request.services.db, userId, { status: 'open' }, { orderBy: 'submitted_at', direction: 'desc' }, p),
  );
  const symbols = await symbolsByMarket(request.services);
  const body = html`<h1>Orders</h1>
<p class="lead">Your orders on the order books. Cancelling releases what the order holds: USD for a buy, Units for a sell.</p>
${problem ?? ''}${noticeFor(request.query.notice)}${tabs('open')}
<div class="card"><table><thead><tr><th>Market</th><th>Side</th><th>Type</th><th class="right">Price</th><th class="right">Quantity</th><th class="right">Filled</th><th class="right">Remaining</th><th>Placed</th><th></th></tr></thead>
<tbody>${openRows(request, page, symbols)}</tbody></table>${pager('/orders', page.paging)}</div>`;
  return show(
    layout({ title: 'Orders', viewer: request.viewer, csrfToken: request.csrfToken, current: '/orders' }, body),
    status,
  );
}

export const showOpenOrders = (request: MemberRequest) => openOrdersPage(request);

function historyRows(page: Page<OrderRow>, symbols: Map<string, string>): Html {
  if (page.rows.length === 0) return html`<tr><td class="empty" colspan="9">No finished orders yet.</td></tr>`;
  return html`${page.rows.map(
    (
      o,
    ) => html`<tr><td>${symbols.get(o.market_id) ?? o.market_id}<span class="sub mono">${o.id}</span></td><td>${sideCell(o.side)}</td><td class="small">${orderKind(o)}</td>
<td class="right mono">${priceOf(o)}</td><td class="right mono">${formatCount(o.filled_quantity)} / ${formatCount(o.quantity)}</td><td class="right mono">${formatUsd(o.notional_micros)}</td><td class="right mono">${formatUsd(o.fee_micros)}</td>
<td><span class="pill ${statusTone[o.status]}">${statusNames[o.status]}</span>${o.closure_reason && o.closure_reason !== o.status && o.closure_reason !== 'cancelled_by_user' ? html`<span class="sub">${o.closure_reason.replace(/_/g, ' ')}</span>` : ''}</td>
<td class="nowrap">${formatTime(o.updated_at_us)}</td></tr>`,
  )}`;
}

export async function showOrderHistory(request: MemberRequest): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const page = await readPage(request, pageSize, (p) =>
    orderPage(
      request.services.db,
      userId,
      { statuses: terminalStatuses },
      { orderBy: 'submitted_at', direction: 'desc' },
      p,
    ),
  );
  const symbols = await symbolsByMarket(request.services);
  const body = html`<h1>Orders</h1>
<p class="lead">Orders that are finished: filled, closed (the rest of a market, IOC or FOK order), cancelled, expired (day orders at 00:00 UTC) or rejected.</p>
${tabs('history')}
<div class="card"><table><thead><tr><th>Market</th><th>Side</th><th>Type</th><th class="right">Price</th><th class="right">Filled</th><th class="right">Notional</th><th class="right">Fee</th><th>Status</th><th>Finished</th></tr></thead>
<tbody>${historyRows(page, symbols)}</tbody></table>${pager('/orders/history', page.paging)}</div>`;
  return show(
    layout({ title: 'Order history', viewer: request.viewer, csrfToken: request.csrfToken, current: '/orders' }, body),
  );
}

const cancelRefusals: Record<Exclude<CancelOutcome, 'cancelled'>, { status: number; title: string; detail: string }> = {
  unknown_order: {
    status: 404,
    title: 'That order does not exist.',
    detail: 'It is not one of your orders. Reload the list and try again.',
  },
  not_open: {
    status: 409,
    title: 'That order is no longer open.',
    detail: 'It filled, expired or closed before the cancel arrived; see the history.',
  },
  already_cancelled: { status: 409, title: 'That order is already cancelled.', detail: 'Nothing changed.' },
  auto_mode: {
    status: 403,
    title: 'Orders cannot be cancelled in Auto Mode.',
    detail: 'Switch to Advanced Mode on the Account page to manage orders yourself.',
  },
};

export async function cancelOrder(request: MemberRequest): Promise<PageResult> {
  const outcome = await request.services.trading.cancelOrder(request.viewer.session.user.id, request.params.id!);
  // The market page's Cancel sends its own path as `next`, to come back there.
  const back = /^\/markets\/[^/?#]+$/.test(request.form.next ?? '')
    ? localPath(request.form.next, '/orders')
    : '/orders';
  if (outcome === 'cancelled') return redirect(withQuery(back, { notice: 'order_cancelled' }));
  const refusal = cancelRefusals[outcome];
  return openOrdersPage(
    request,
    notice(refusal.status === 409 ? 'warn' : 'error', refusal.title, refusal.detail),
    refusal.status,
  );
}
