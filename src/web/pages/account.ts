import { ApiError } from '../../lib/errors.js';
import type { AccountMode, UserRow } from '../../core/identity.js';
import * as settings from '../../core/settings.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice, type NoticeTone } from '../layout.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';
import { modeNames } from './home.js';

/**
 * `/account`: the account's state and its mode (specification part 3). The switch goes through
 * src/core/settings.ts as the platform API's does, which checks the preconditions (active account,
 * verified email, accepted terms, in that order); a refusal is shown with the way to put it right.
 */

type Precondition = 'account_inactive' | 'email_unverified' | 'legal_terms_not_accepted';

const modeDescriptions: Record<AccountMode, string> = {
  auto: 'mkt buys capacity for you when a request needs it and moves it to your consumption account. Auto-buy and auto-transfer are always on; order placement, changes and cancellation on the trading API are refused.',
  advanced: 'You trade on the order book yourself through the trading API. Auto-buy and auto-transfer are off by default.',
};

function unmetPrecondition(user: UserRow): Precondition | undefined {
  if (user.status !== 'active') return 'account_inactive';
  if (user.email_verified_at_us === null) return 'email_unverified';
  if (user.legal_terms_accepted_at_us === null) return 'legal_terms_not_accepted';
  return undefined;
}

function preconditionNotice(request: MemberRequest, reason: Precondition, tone: NoticeTone): Html {
  switch (reason) {
    case 'account_inactive':
      return notice(tone, 'The account mode cannot change: this account is inactive.', 'Contact support to have the account reactivated.');
    case 'email_unverified':
      return notice(
        tone,
        'The account mode cannot change until your email address is verified.',
        html`Open the verification link we mailed you at sign-up. No mail? ${csrfForm('/verify-email/resend', request.csrfToken, html`<button class="link" type="submit">Send a new link</button>`, html` class="inline-form"`)}`,
      );
    case 'legal_terms_not_accepted':
      return notice(tone, 'The account mode cannot change until you accept the legal terms.', html`<a href="/terms">Read and accept the legal terms</a>, then come back here.`);
  }
}

const onOff = (value: boolean) => (value ? html`<span class="pill on">On</span>` : html`<span class="pill off">Off</span>`);

async function accountPage(request: MemberRequest, problem?: Html, status = 200): Promise<PageResult> {
  const user = request.viewer.session.user; // read with the session, on this request
  const current = await settings.getSystemSettings(request.services, user.id);
  const mode = current.account_mode as AccountMode;
  const blocked = unmetPrecondition(user);
  const modeCard = (option: AccountMode) => html`<div class="mode${option === mode ? html` current` : ''}">
<h2>${modeNames[option]}${option === mode ? html`<span class="pill on">Current</span>` : ''}</h2><p>${modeDescriptions[option]}</p>
${option === mode ? '' : csrfForm('/account/mode', request.csrfToken, html`<input type="hidden" name="account_mode" value="${option}"><button type="submit"${blocked ? html` class="secondary"` : ''}>Switch to ${modeNames[option]}</button>`)}</div>`;
  const body = html`<h1>Account</h1><p class="lead">Your account and how it buys inference capacity.</p>
${problem ?? (blocked ? preconditionNotice(request, blocked, 'warn') : '')}${noticeFor(request.query.notice)}
<div class="card"><h2>Account mode</h2><div class="grid two">${modeCard('auto')}${modeCard('advanced')}</div></div>
<div class="card"><h2>Details</h2><dl class="facts">
<dt>Email address</dt><dd>${user.email} ${user.email_verified_at_us === null ? html`<span class="pill bad">Not verified</span>` : html`<span class="pill on">Verified</span>`}</dd>
<dt>Legal terms</dt><dd>${user.legal_terms_accepted_at_us === null ? html`<span class="pill bad">Not accepted</span><a class="small" href="/terms">Read and accept</a>` : html`Accepted ${formatTime(user.legal_terms_accepted_at_us)}`}</dd>
<dt>Status</dt><dd>${user.status === 'active' ? html`<span class="pill on">Active</span>` : html`<span class="pill bad">Inactive</span>`}</dd>
<dt>Auto-buy</dt><dd>${onOff(current.auto_buy_enabled)}<span class="muted small">${mode === 'auto' ? 'set by Auto Mode' : ''}</span></dd>
<dt>Auto-transfer</dt><dd>${onOff(current.auto_transfer_enabled)}<span class="muted small">${mode === 'auto' ? 'set by Auto Mode' : ''}</span></dd>
<dt>Member since</dt><dd>${formatTime(user.created_at_us)}</dd>
</dl></div>`;
  return show(layout({ title: 'Account', viewer: request.viewer, csrfToken: request.csrfToken, current: '/account' }, body), status);
}

export const showAccount = (request: MemberRequest) => accountPage(request);

const preconditions: ReadonlySet<string> = new Set<Precondition>(['account_inactive', 'email_unverified', 'legal_terms_not_accepted']);

export async function setAccountMode(request: MemberRequest): Promise<PageResult> {
  const mode = request.form.account_mode;
  if (mode !== 'auto' && mode !== 'advanced') return accountPage(request, notice('error', 'Choose Auto Mode or Advanced Mode.'), 422);
  try {
    await settings.setAccountMode(request.services, request.viewer.session.user.id, mode);
  } catch (error) {
    if (error instanceof ApiError && preconditions.has(error.code)) return accountPage(request, preconditionNotice(request, error.code as Precondition, 'error'), 403);
    throw error;
  }
  return redirect('/account?notice=mode_changed');
}
