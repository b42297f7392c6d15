import { lotsOfUser, type UserLotRow } from '../../db/dashboard.js';
import { balancesOfUser } from '../../db/trading-accounts.js';
import { sandboxMoneyUsd } from '../../core/payments.js';
import type { WebDeps } from '../deps.js';
import { formatCount, formatDuration, formatTokensAsUnits, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { formatTime, layout } from '../layout.js';
import { show, type MemberRequest, type PageResult } from '../request.js';

/** What the balances page shows, as integers from the ledger: micro-dollars, Units, tokens. */
interface Balances {
  /** The currency trading account (USD), in micro-dollars. */
  usd: { availableMicros: number; lockedMicros: number } | null;
  /** Units per instrument, eligible for resale and used to place orders. */
  trading: { symbol: string; availableUnits: number; lockedUnits: number }[];
  /** Tokens per instrument for inference: available, and reserved by requests in flight. */
  consumption: { symbol: string; tokensPerUnit: number; availableTokens: number; reservedTokens: number }[];
  /** The consumption lots still holding tokens, soonest to expire first. */
  lots: UserLotRow[];
  /**
   * A supplier's issued Units per instrument, waiting to be transferred to trading (`POST
   * /v1/issuance-accounts/transfer`).
   */
  issuance: { symbol: string; availableUnits: number }[];
}

/** The user's balances, straight from the ledger's materialised accounts and the consumption lots. */
export async function readBalances(services: WebDeps, userId: string): Promise<Balances> {
  const [rows, lots] = await Promise.all([balancesOfUser(services.db, userId), lotsOfUser(services.db, userId)]);
  const usd = rows.find((r) => r.kind === 'currency');
  return {
    usd: usd ? { availableMicros: usd.available, lockedMicros: usd.locked } : null,
    trading: rows
      .filter((r) => r.kind === 'trading')
      .map((r) => ({ symbol: r.symbol ?? '', availableUnits: r.available, lockedUnits: r.locked })),
    consumption: rows
      .filter((r) => r.kind === 'consumption')
      .map((r) => ({
        symbol: r.symbol ?? '',
        tokensPerUnit: r.tokens_per_unit ?? 1,
        availableTokens: r.available,
        reservedTokens: r.locked,
      })),
    lots,
    issuance: rows
      .filter((r) => r.kind === 'issuance')
      .map((r) => ({ symbol: r.symbol ?? '', availableUnits: r.available })),
  };
}

/** Only for suppliers: the Units they issued that wait in their issuance accounts. */
function issuanceCard(issuance: Balances['issuance']): Html | string {
  if (issuance.length === 0) return '';
  return html`<div class="card" id="issuance-accounts"><h2>Issuance accounts</h2><p class="muted small">Units you issued as a supplier wait here until you move them to trading (<code>mkt supply transfer</code> or <code>POST /v1/issuance-accounts/transfer</code>), where you can sell them.</p><table><thead><tr><th>Instrument</th><th class="right">Units waiting</th></tr></thead><tbody>${issuance.map(
    (a) => html`<tr><td>${a.symbol}</td><td class="right mono">${formatCount(a.availableUnits)}</td></tr>`,
  )}</tbody></table></div>`;
}

const emptyRow = (columns: number, text: string) => html`<tr><td class="empty" colspan="${columns}">${text}</td></tr>`;

/** `sandbox`: how much of the USD was credited as sandbox money (no payment taken), or null. */
function usdCard(usd: Balances['usd'], sandbox: string | null): Html {
  const title = html`<h2>USD${sandbox ? html` <span class="pill sandbox">SANDBOX</span>` : ''}</h2>${
    sandbox
      ? html`<p class="muted small" id="sandbox-money">Includes ${sandbox} USD of sandbox money: credited without any payment.</p>`
      : ''
  }`;
  if (!usd)
    return html`<div class="card">${title}<p class="empty">No USD balance yet. <a href="/funds">Add funds</a>.</p></div>`;
  const stat = (id: string, label: string, micros: number) =>
    html`<div><span class="stat-label">${label}</span><strong class="mono" id="${id}">${formatUsd(micros)}</strong></div>`;
  return html`<div class="card">${title}<div class="stats">${stat('usd-total', 'Total', usd.availableMicros + usd.lockedMicros)}${stat('usd-available', 'Available', usd.availableMicros)}${stat('usd-locked', 'Locked in orders', usd.lockedMicros)}</div><p class="small"><a href="/funds">Add funds</a></p></div>`;
}

function lotRows(lots: UserLotRow[], nowUs: number): Html[] {
  return lots.map((lot) => {
    const left = lot.expires_at_us - nowUs;
    const expiry =
      left > 0
        ? html`${formatTime(lot.expires_at_us)}<span class="sub">in ${formatDuration(left)}</span>`
        : html`${formatTime(lot.expires_at_us)}<span class="sub bad">expired; being written off</span>`;
    return html`<tr><td>${lot.symbol}</td><td class="nowrap">${formatTime(lot.arrived_at_us)}</td><td class="nowrap">${expiry}</td>
<td class="right mono">${formatTokensAsUnits(lot.tokens_remaining, lot.tokens_per_unit)}</td><td class="right mono">${formatCount(lot.tokens_remaining)} <span class="muted">of ${formatCount(lot.tokens_total)}</span></td></tr>`;
  });
}

export async function showBalances(request: MemberRequest): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const [balances, sandbox] = await Promise.all([
    readBalances(request.services, userId),
    sandboxMoneyUsd(request.services, userId),
  ]);
  const lots = lotRows(balances.lots, request.services.clock.nowUs());
  const body = html`<h1>Balances</h1>
<p class="lead">USD funds orders. Bought Units land in a trading account (they can be sold again) and move to a consumption account, where inference spends them; there they expire 4 hours after they arrive, oldest first.</p>
${usdCard(balances.usd, sandbox)}
<div class="card"><h2>Trading accounts</h2><table><thead><tr><th>Instrument</th><th class="right">Total Units</th><th class="right">Available</th><th class="right">Locked in orders</th></tr></thead><tbody>${
    balances.trading.length
      ? balances.trading.map(
          (a) =>
            html`<tr><td>${a.symbol}</td><td class="right mono">${formatCount(a.availableUnits + a.lockedUnits)}</td><td class="right mono">${formatCount(a.availableUnits)}</td><td class="right mono">${formatCount(a.lockedUnits)}</td></tr>`,
        )
      : emptyRow(4, 'No Units in trading accounts yet.')
  }</tbody></table></div>
${issuanceCard(balances.issuance)}
<div class="card"><h2>Consumption accounts</h2><table><thead><tr><th>Instrument</th><th class="right">Units</th><th class="right">Tokens available</th><th class="right">Tokens reserved</th></tr></thead><tbody>${
    balances.consumption.length
      ? balances.consumption.map(
          (a) =>
            html`<tr><td>${a.symbol}</td><td class="right mono">${formatTokensAsUnits(a.availableTokens + a.reservedTokens, a.tokensPerUnit)}</td><td class="right mono">${formatCount(a.availableTokens)}</td><td class="right mono">${formatCount(a.reservedTokens)}</td></tr>`,
        )
      : emptyRow(4, 'No Units in consumption accounts yet.')
  }</tbody></table></div>
<div class="card"><h2>Consumption lots</h2><p class="muted small">Each transfer into a consumption account is a lot. Inference draws from the lot that expires first; what is left at expiry is written off.</p><table><thead><tr><th>Instrument</th><th>Arrived</th><th>Expires</th><th class="right">Units left</th><th class="right">Tokens left</th></tr></thead><tbody>${
    lots.length ? lots : emptyRow(5, 'No lots hold tokens.')
  }</tbody></table></div>`;
  return show(
    layout({ title: 'Balances', viewer: request.viewer, csrfToken: request.csrfToken, current: '/balances' }, body),
  );
}
