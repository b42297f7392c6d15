import type { DepositRow } from '../../db/deposits.js';
import { newSecret } from '../../lib/secrets.js';
import * as payments from '../../core/payments.js';
import { refusalOf, type Refusal } from '../failures.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice } from '../layout.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { readBalances } from './balances.js';
import { pager, readPage } from '../paging.js';
import { formatUsd } from '../format.js';
import { withdrawSection, type WithdrawView } from './withdraw-section.js';

/** Deposits per page of the list. */
const pageSize = 25;

/**
 * `/funds`: how money comes in (platform.yaml tag "Funds"), through the functions of
 * src/core/payments.ts the platform API calls. Sandbox money is marked as such wherever it shows.
 * Each rendering of the form carries an Idempotency-Key of its own, so sending the same form twice
 * (a reload, a double click) deposits once.
 */
interface FundsView {
  /** What happened to a withdrawal form (withdraw.ts). */
  withdraw?: WithdrawView;
  done?: DepositRow;
  problem?: Html;
  amount?: string;
  status?: number;
}

const sandboxBadge = html`<span class="pill sandbox" title="No real payment is taken">SANDBOX</span>`;

function statusPill(row: DepositRow): Html {
  if (row.status === 'credited') return html`<span class="pill on">Credited</span>`;
  if (row.status === 'pending') return html`<span class="pill off">Pending</span>`;
  return html`<span class="pill bad">Rejected</span>`;
}

function depositRow(row: DepositRow): Html {
  const view = payments.depositView(row);
  const decided =
    row.status === 'rejected' && row.reason
      ? html`${formatTime(Number(row.decided_at_us))}<span class="hint">${row.reason}</span>`
      : formatTime(row.decided_at_us === null ? null : Number(row.decided_at_us), '—');
  return html`<tr><td>${formatTime(Number(row.created_at_us))}</td><td class="right mono">${view.amount_usd}</td><td>${statusPill(row)}</td>
<td>${row.origin === 'auto_reload' ? 'Auto-reload' : 'Requested'}</td><td>${view.sandbox ? sandboxBadge : 'Manual'}</td><td>${decided}</td></tr>`;
}

function doneNotice(row: DepositRow): Html {
  const amount = payments.depositView(row).amount_usd;
  if (row.status === 'credited') {
    return notice(
      'ok',
      html`${amount} USD added.`,
      row.method === 'sandbox'
        ? 'Sandbox money: credited at once, no payment was taken.'
        : 'Credited to your USD balance.',
    );
  }
  return notice(
    'info',
    html`Request for ${amount} USD sent.`,
    'An operator approves or rejects it; its status shows below.',
  );
}

/** What the user can do about a refusal from the payment path. */
function refusalNotice(refused: Refusal): Html {
  if (refused.code === 'idempotency_key_reused')
    return notice('warn', 'This form was already sent with another amount.', 'Type the amount again and send it.');
  return notice('error', 'No funds were added.', refused.detail);
}

export async function fundsPage(request: MemberRequest, view: FundsView = {}): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const funding = await payments.getFunding(request.services, userId);
  const balances = await readBalances(request.services, userId);
  const page = await readPage(request, pageSize, (p) => payments.listDeposits(request.services, userId, undefined, p));
  const method = funding.sandbox
    ? html`<div class="notice warn sandbox-banner" role="note">${sandboxBadge} <strong>Sandbox payments.</strong>
<div class="detail">Deposits are credited at once and no real payment is taken: this is sandbox money, for trying the market. At most ${funding.daily_limit_usd} USD a day.</div></div>`
    : html`<div class="notice info" role="note"><strong>Manual payments.</strong><div class="detail">A deposit is a request: it is credited once an operator approves it.</div></div>`;
  const facts = html`<dl class="facts">
<dt>USD available</dt><dd><span><span id="usd-available">${formatUsd(balances.usd?.availableMicros ?? 0)}</span></span></dd>
<dt>Per deposit</dt><dd>${funding.min_amount_usd} to ${funding.max_amount_usd} USD</dd>
${funding.sandbox ? html`<dt>Left today</dt><dd><span><span id="remaining-today">${funding.remaining_today_usd}</span> of ${funding.daily_limit_usd} USD (UTC day)</span></dd>` : ''}
<dt>Deposited today</dt><dd>${funding.deposited_today_usd} USD</dd>
<dt>Pending</dt><dd>${funding.pending_usd} USD</dd></dl>`;
  const form = csrfForm(
    '/funds',
    request.csrfToken,
    html`<input type="hidden" name="idempotency_key" value="${newSecret('web_')}"><div class="inline compact"><div class="field"><label for="amount_usd">Amount in USD<span class="hint">Up to two decimals, e.g. 25.00.</span></label>
<input id="amount_usd" type="text" name="amount_usd" inputmode="decimal" value="${view.amount ?? ''}" maxlength="12" required></div><button type="submit">Add funds</button></div>`,
  );
  const body = html`<h1>Funds${funding.sandbox ? html` ${sandboxBadge}` : ''}</h1>
<p class="lead">USD pays for orders and, in Auto Mode, for inference. You can also add funds with <code>mkt funds add USD</code> or the API (<code>POST /v1/deposits</code>); auto-reload deposits the same way.</p>
${view.done ? doneNotice(view.done) : ''}${view.problem ?? ''}${method}
<div class="grid two"><div class="card"><h2>Payment method: ${funding.sandbox ? 'sandbox' : 'manual'}</h2>${facts}</div>
<div class="card"><h2>Add funds</h2>${form}</div></div>
<div class="card"><h2>Deposits</h2><table id="deposits"><thead><tr><th>Created</th><th class="right">Amount (USD)</th><th>Status</th><th>Origin</th><th>Method</th><th>Decided</th></tr></thead>
<tbody>${page.rows.length ? page.rows.map(depositRow) : html`<tr><td class="empty" colspan="6">No deposits yet. Add funds above.</td></tr>`}</tbody></table>${pager('/funds', page.paging)}</div>
${await withdrawSection(request, view.withdraw ?? {})}`;
  return show(
    layout({ title: 'Funds', viewer: request.viewer, csrfToken: request.csrfToken, current: '/funds' }, body),
    view.status ?? 200,
  );
}

export const showFunds = (request: MemberRequest) => fundsPage(request);

export async function addFunds(request: MemberRequest): Promise<PageResult> {
  const amount = (request.form.amount_usd ?? '').trim();
  const key = request.form.idempotency_key;
  const validKey = key !== undefined && /^[\x21-\x7e]{1,128}$/.test(key) ? key : undefined;
  try {
    const { deposit, replayed } = await payments.createDeposit(
      request.services,
      request.viewer.session.user.id,
      amount,
      validKey,
    );
    return fundsPage(request, { done: deposit, status: replayed ? 200 : 201 });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    return fundsPage(request, { problem: refusalNotice(refused), amount, status: refused.status });
  }
}
