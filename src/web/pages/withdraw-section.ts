import type { PayoutDestinationRow } from '../../db/payout-destinations.js';
import { listDestinations } from '../../core/payout-destinations.js';
import { destinationView, fundingWithdrawals, withdrawalViews } from '../../core/withdrawal-views.js';
import * as withdrawals from '../../core/withdrawals.js';
import { html, type Html } from '../html.js';
import { csrfForm } from '../layout.js';
import type { MemberRequest } from '../request.js';
import { newSecret } from '../../lib/secrets.js';

/**
 * The Funds page's money out: payout destinations (add, remove), the withdraw form and the recent withdrawals, through
 * the functions the platform API calls (src/core/withdrawals.ts, payout-destinations.ts). Forms that change where
 * money may go ask for the password again once the sign-in is older than the configured few minutes.
 */
export interface WithdrawView {
  done?: Html;
  problem?: Html;
}

const recentWithdrawals = 10;

/** Whether the session signed in (or confirmed its password) recently enough to withdraw without asking again. */
export function signedInRecently(request: MemberRequest): boolean {
  const { session } = request.viewer;
  return (
    request.services.clock.nowUs() - session.authenticatedAtUs <=
    request.services.config.withdrawals.reauthenticationS * 1_000_000
  );
}

function passwordField(request: MemberRequest, id: string): Html {
  if (signedInRecently(request)) return html``;
  return html`<div class="field"><label for="${id}">Your password<span class="hint">You signed in more than a few minutes ago: confirm it is you.</span></label>
<input id="${id}" type="password" name="password" autocomplete="current-password" required></div>`;
}

function destinationRow(request: MemberRequest, row: PayoutDestinationRow): Html {
  const view = destinationView(row, request.services.clock.nowUs());
  const remove = csrfForm(
    `/funds/destinations/${encodeURIComponent(row.id)}/remove`,
    request.csrfToken,
    html`${passwordField(request, `password-${row.id}`)}<button type="submit" class="secondary">Remove</button>`,
  );
  return html`<tr><td>${view.label}</td><td>${view.kind === 'sandbox' ? 'Sandbox' : 'Bank transfer'}</td><td class="mono">${view.bank_reference_hint ?? '—'}</td>
<td>${view.usable ? html`<span class="pill on">Usable</span>` : html`<span class="pill off">Cooling off until ${view.usable_from}</span>`}</td><td>${remove}</td></tr>`;
}

function withdrawForm(request: MemberRequest, destinations: PayoutDestinationRow[], withdrawable: string): Html {
  const nowUs = request.services.clock.nowUs();
  const usable = destinations.filter((d) => Number(d.usable_from_us) <= nowUs);
  if (usable.length === 0)
    return html`<p class="empty">No destination can receive a withdrawal yet: add one below; it cools off first.</p>`;
  const options = usable.map((d) => html`<option value="${d.id}">${d.label}</option>`);
  return csrfForm(
    '/funds/withdraw',
    request.csrfToken,
    html`<input type="hidden" name="idempotency_key" value="${newSecret('web_')}">
<div class="field"><label for="withdraw_amount">Amount in USD<span class="hint">At most ${withdrawable} USD now.</span></label>
<input id="withdraw_amount" type="text" name="amount_usd" inputmode="decimal" maxlength="12" required></div>
<div class="field"><label for="destination_id">To</label><select id="destination_id" name="destination_id">${options}</select></div>
${passwordField(request, 'withdraw_password')}<button type="submit">Withdraw</button>`,
  );
}

function addDestinationForm(request: MemberRequest): Html {
  const bank =
    request.services.config.payments.method === 'manual'
      ? html`<div class="field"><label for="bank_reference">Bank account<span class="hint">IBAN or account and routing number: the operator pays to it.</span></label>
<input id="bank_reference" type="text" name="bank_reference" maxlength="140" required></div>`
      : '';
  return csrfForm(
    '/funds/destinations',
    request.csrfToken,
    html`<div class="field"><label for="destination_label">Label</label><input id="destination_label" type="text" name="label" maxlength="64" required></div>
${bank}${passwordField(request, 'destination_password')}<button type="submit" class="secondary">Add destination</button>`,
  );
}

async function withdrawalRows(request: MemberRequest, userId: string): Promise<Html> {
  const page = await withdrawals.listWithdrawals(request.services, userId, undefined, { limit: recentWithdrawals });
  const views = await withdrawalViews(request.services.db, page.rows);
  if (views.length === 0) return html`<tr><td class="empty" colspan="5">No withdrawals yet.</td></tr>`;
  return html`${views.map((w) => {
    const cancel =
      w.status === 'pending'
        ? csrfForm(
            `/funds/withdrawals/${encodeURIComponent(w.id)}/cancel`,
            request.csrfToken,
            html`<button type="submit" class="secondary">Cancel</button>`,
          )
        : (w.payout_reference ?? w.reason ?? '');
    return html`<tr><td>${w.created_at}</td><td class="right mono">${w.amount_usd}</td><td>${w.status}</td><td>${w.destination.label}</td><td>${cancel}</td></tr>`;
  })}`;
}

/** The section under the deposits' cards. */
export async function withdrawSection(request: MemberRequest, view: WithdrawView): Promise<Html> {
  const userId = request.viewer.session.user.id;
  const destinations = await listDestinations(request.services, userId);
  const room = await fundingWithdrawals(request.services, userId);
  const cooling = Math.round(room.cooling_off_seconds / 3600);
  return html`<h2 id="withdraw">Withdraw</h2>${view.done ?? ''}${view.problem ?? ''}
<div class="grid two"><div class="card"><h2>Withdraw USD</h2><dl class="facts">
<dt>Withdrawable</dt><dd><span id="withdrawable">${room.withdrawable_usd}</span> USD</dd>
<dt>Left today</dt><dd>${room.remaining_today_usd} of ${room.daily_limit_usd} USD (UTC day)</dd>
<dt>Pending</dt><dd>${room.pending_usd} USD</dd></dl>
${withdrawForm(request, destinations, room.withdrawable_usd)}
<p class="hint">Bonuses are not withdrawable. Also <code>mkt funds withdraw USD --destination ID</code>, or <code>POST /v1/withdrawals</code>.</p></div>
<div class="card"><h2>Payout destinations</h2>
<p class="hint">A new destination cools off for ${cooling} hours before it can receive money; every change is mailed to you.</p>
<table><thead><tr><th>Label</th><th>Kind</th><th>Account</th><th>Status</th><th></th></tr></thead>
<tbody>${destinations.length ? destinations.map((d) => destinationRow(request, d)) : html`<tr><td class="empty" colspan="5">None yet.</td></tr>`}</tbody></table>
${addDestinationForm(request)}</div></div>
<div class="card"><h2>Withdrawals</h2><table><thead><tr><th>Created</th><th class="right">Amount (USD)</th><th>Status</th><th>To</th><th></th></tr></thead>
<tbody>${await withdrawalRows(request, userId)}</tbody></table></div>`;
}
