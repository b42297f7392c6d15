import { balancesOfUser } from '../../db/trading-accounts.js';
import type { Services } from '../../services.js';
import { formatDecimal, usdScale } from '../../lib/money.js';
import { html } from '../html.js';
import { layout } from '../layout.js';
import { sandboxMoneyUsd } from '../../core/payments.js';
import { show, type MemberRequest, type PageResult } from '../request.js';

/** What the balances page shows; amounts are the wire's decimal strings, never floats. */
export interface Balances {
  /** The currency trading account (USD). */
  usd: { totalUsd: string; availableUsd: string; lockedUsd: string } | null;
  /** Units per instrument, eligible for resale and used to place orders. */
  trading: { instrumentSymbol: string; totalUnits: string; availableUnits: string; lockedUnits: string }[];
  /** Units per instrument locked for inference, expiring in 4-hour windows. */
  consumption: { instrumentSymbol: string; totalUnits: number; tokensAvailable: number }[];
}

/** The user's balances, straight from the ledger's materialised accounts. */
export async function readBalances(services: Services, userId: string): Promise<Balances> {
  const rows = await balancesOfUser(services.db, userId);
  const usd = rows.find((r) => r.kind === 'currency');
  const money = (micros: number) => formatDecimal(micros, usdScale);
  return {
    usd: usd ? { totalUsd: money(usd.available + usd.locked), availableUsd: money(usd.available), lockedUsd: money(usd.locked) } : null,
    trading: rows
      .filter((r) => r.kind === 'trading')
      .map((r) => ({ instrumentSymbol: r.symbol ?? '', totalUnits: String(r.available + r.locked), availableUnits: String(r.available), lockedUnits: String(r.locked) })),
    consumption: rows
      .filter((r) => r.kind === 'consumption')
      .map((r) => ({ instrumentSymbol: r.symbol ?? '', totalUnits: Math.ceil((r.available + r.locked) / (r.tokens_per_unit ?? 1)), tokensAvailable: r.available })),
  };
}

const emptyRow = (columns: number, text: string) => html`<tr><td class="empty" colspan="${columns}">${text}</td></tr>`;

export async function showBalances(request: MemberRequest): Promise<PageResult> {
  const balances = await readBalances(request.services, request.viewer.session.user.id);
  const sandbox = await sandboxMoneyUsd(request.services, request.viewer.session.user.id);
  const body = html`<h1>Balances</h1>
<p class="lead">Read-only. USD funds orders; bought Units land in the trading account and move to the consumption account, where inference spends them. <a href="/funds">Add funds</a>.</p>
<div class="card"><h2>USD${sandbox ? html` <span class="pill sandbox">SANDBOX</span>` : ''}</h2>${sandbox ? html`<p class="muted small" id="sandbox-money">Includes ${sandbox} USD of sandbox money: credited without any payment.</p>` : ''}<table><thead><tr><th>Total</th><th>Available</th><th>Locked in orders</th></tr></thead><tbody>${
    balances.usd
      ? html`<tr><td class="mono">${balances.usd.totalUsd}</td><td class="mono">${balances.usd.availableUsd}</td><td class="mono">${balances.usd.lockedUsd}</td></tr>`
      : emptyRow(3, 'No USD balance yet.')
  }</tbody></table></div>
<div class="card"><h2>Trading accounts</h2><table><thead><tr><th>Instrument</th><th class="right">Total Units</th><th class="right">Available</th><th class="right">Locked</th></tr></thead><tbody>${
    balances.trading.length
      ? balances.trading.map((a) => html`<tr><td>${a.instrumentSymbol}</td><td class="right mono">${a.totalUnits}</td><td class="right mono">${a.availableUnits}</td><td class="right mono">${a.lockedUnits}</td></tr>`)
      : emptyRow(4, 'No Units in trading accounts yet.')
  }</tbody></table></div>
<div class="card"><h2>Consumption accounts</h2><table><thead><tr><th>Instrument</th><th class="right">Units</th><th class="right">Tokens available</th></tr></thead><tbody>${
    balances.consumption.length
      ? balances.consumption.map((a) => html`<tr><td>${a.instrumentSymbol}</td><td class="right mono">${a.totalUnits}</td><td class="right mono">${a.tokensAvailable}</td></tr>`)
      : emptyRow(3, 'No Units in consumption accounts yet.')
  }</tbody></table></div>`;
  return show(layout({ title: 'Balances', viewer: request.viewer, csrfToken: request.csrfToken, current: '/balances' }, body));
}
