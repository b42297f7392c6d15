import type { AccountRuleFailure } from '../../core/account-rules.js';
import type { AccountMode, UserRow } from '../../core/identity.js';
import * as settings from '../../core/settings.js';
import { selfTradePreventions } from '../../core/settings.js';
import { refusalOf } from '../failures.js';
import { html, type Html } from '../html.js';
import { csrfForm, layout, notice, type NoticeTone } from '../layout.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';
import { defaultsCard, detailsCard, topUpCard, type DefaultsView, type TopUpView } from './account-cards.js';
import { modeNames } from './home.js';

/**
 * `/account`: the account's state, its mode (specification part 3) and its defaults for inference
 * (auto-buy's price cap) and orders (self-trade prevention). Every change goes through
 * src/core/settings.ts as the platform API's does, which checks the preconditions (active account,
 * verified email, accepted terms, in that order); a refusal is shown with the way to put it right.
 */

type Precondition = AccountRuleFailure;

const modeDescriptions: Record<AccountMode, string> = {
  auto: 'mkt buys capacity for you when a request needs it and moves it to your consumption account. Auto-buy and auto-transfer are always on; order placement, changes and cancellation on the trading API are refused.',
  advanced:
    'You trade on the order book yourself through the trading API. Auto-buy and auto-transfer are off by default.',
};

function unmetPrecondition(user: UserRow): Precondition | undefined {
  if (user.status !== 'active') return 'account_inactive';
  if (user.email_verified_at_us === null) return 'email_unverified';
  if (user.legal_terms_accepted_at_us === null) return 'legal_terms_not_accepted';
  return undefined;
}

/** What a refused change is called in its notice. */
type Subject = 'The account mode' | 'This setting';

function preconditionNotice(
  request: MemberRequest,
  reason: Precondition,
  tone: NoticeTone,
  subject: Subject = 'The account mode',
): Html {
  switch (reason) {
    case 'account_inactive':
      return notice(
        tone,
        `${subject} cannot change: this account is inactive.`,
        'Contact support to have the account reactivated.',
      );
    case 'email_unverified':
      return notice(
        tone,
        `${subject} cannot change until your email address is verified.`,
        html`Open the verification link we mailed you at sign-up. No mail? ${csrfForm('/verify-email/resend', request.csrfToken, html`<button class="link" type="submit">Send a new link</button>`, html` class="inline-form"`)}`,
      );
    case 'legal_terms_not_accepted':
      return notice(
        tone,
        `${subject} cannot change until you accept the legal terms.`,
        html`<a href="/terms">Read and accept the legal terms</a>, then come back here.`,
      );
  }
}

async function accountPage(
  request: MemberRequest,
  problem?: Html,
  status = 200,
  refused?: DefaultsView | TopUpView,
): Promise<PageResult> {
  const user = request.viewer.session.user; // read with the session, on this request
  const current = await settings.getSystemSettings(request.services, user.id);
  const mode = current.account_mode;
  const blocked = unmetPrecondition(user);
  const modeCard = (option: AccountMode) => html`<div class="mode${option === mode ? html` current` : ''}">
<h2>${modeNames[option]}${option === mode ? html`<span class="pill on">Current</span>` : ''}</h2><p>${modeDescriptions[option]}</p>
${option === mode ? '' : csrfForm('/account/mode', request.csrfToken, html`<input type="hidden" name="account_mode" value="${option}"><button type="submit"${blocked ? html` class="secondary"` : ''}>Switch to ${modeNames[option]}</button>`)}</div>`;
  const body = html`<h1>Account</h1><p class="lead">Your account and how it buys inference capacity.</p>
${problem ?? (blocked ? preconditionNotice(request, blocked, 'warn') : '')}${noticeFor(request.query.notice)}
<div class="card"><h2>Account mode</h2><div class="grid two">${modeCard('auto')}${modeCard('advanced')}</div></div>
${detailsCard(user, current)}
${defaultsCard(request, current, refused?.field === 'auto_top_up' ? undefined : refused)}
${topUpCard(request, current, refused?.field === 'auto_top_up' ? refused : undefined)}`;
  return show(
    layout({ title: 'Account', viewer: request.viewer, csrfToken: request.csrfToken, current: '/account' }, body),
    status,
  );
}

export const showAccount = (request: MemberRequest) => accountPage(request);

const preconditions: readonly Precondition[] = ['account_inactive', 'email_unverified', 'legal_terms_not_accepted'];

/** The account precondition a settings service refused with, if that is what it was. */
const preconditionOf = (code: string): Precondition | undefined => preconditions.find((p) => p === code);

export async function setAccountMode(request: MemberRequest): Promise<PageResult> {
  const mode = request.form.account_mode;
  if (mode !== 'auto' && mode !== 'advanced')
    return accountPage(request, notice('error', 'Choose Auto Mode or Advanced Mode.'), 422);
  try {
    await settings.setAccountMode(request.services, request.viewer.session.user.id, mode);
  } catch (error) {
    const precondition = preconditionOf(refusalOf(error)?.code ?? '');
    if (precondition !== undefined)
      return accountPage(request, preconditionNotice(request, precondition, 'error'), 403);
    throw error;
  }
  return redirect('/account?notice=mode_changed');
}

/** Runs a change of a default; a precondition refusal is explained at the top, a bad value beside its field. */
async function changeDefault(
  request: MemberRequest,
  field: DefaultsView['field'],
  change: () => Promise<unknown>,
): Promise<PageResult> {
  try {
    await change();
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    const precondition = preconditionOf(refused.code);
    if (precondition !== undefined)
      return accountPage(request, preconditionNotice(request, precondition, 'error', 'This setting'), 403);
    const message =
      field === 'auto_buy_max_price'
        ? 'Enter a price above zero with at most four decimals, e.g. 0.45, or leave it empty for no cap.'
        : 'Choose one of the four modes.';
    const refusedDefault = { field, typed: request.form[field] ?? '', message };
    return accountPage(request, notice('error', 'The setting was not saved.', message), refused.status, refusedDefault);
  }
  return redirect('/account?notice=defaults_saved');
}

export async function saveAutoBuyMaxPrice(request: MemberRequest): Promise<PageResult> {
  const typed = (request.form.auto_buy_max_price ?? '').trim().replace(/^\$\s*/, '');
  return changeDefault(request, 'auto_buy_max_price', () =>
    settings.updateAutoBuy(request.services, request.viewer.session.user.id, {
      auto_buy_max_price: typed === '' ? null : typed,
    }),
  );
}

export async function saveSelfTradePrevention(request: MemberRequest): Promise<PageResult> {
  const mode = selfTradePreventions.find((m) => m === request.form.self_trade_prevention);
  if (mode === undefined) return accountPage(request, notice('error', 'Choose one of the four modes.'), 422);
  return changeDefault(request, 'self_trade_prevention', () =>
    settings.updateTradingSettings(request.services, request.viewer.session.user.id, mode),
  );
}

/**
 * Whole Units as typed ("5"); blank clears; anything else is passed on as not a number, for the settings' own refusal.
 */
function unitsTyped(text: string): number | null {
  if (text === '') return null;
  return /^[0-9]{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

export async function saveAutoTopUp(request: MemberRequest): Promise<PageResult> {
  const typed = {
    quantity: (request.form.quantity ?? '').trim(),
    trigger_threshold: (request.form.trigger_threshold ?? '').trim(),
  };
  const enabled = request.form.enabled === 'on';
  try {
    await settings.updateAutoTopUp(request.services, request.viewer.session.user.id, {
      enabled,
      quantity: unitsTyped(typed.quantity),
      trigger_threshold: unitsTyped(typed.trigger_threshold),
    });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    const precondition = preconditionOf(refused.code);
    if (precondition !== undefined)
      return accountPage(request, preconditionNotice(request, precondition, 'error', 'This setting'), 403);
    const path = ((refused.context?.errors ?? []) as { path?: string }[])[0]?.path?.replace(/^body\./, '');
    const refusedField = path === 'enabled' || path === 'quantity' || path === 'trigger_threshold' ? path : undefined;
    const message =
      refusedField === 'enabled'
        ? 'Enter a quantity and a threshold to turn auto top-up on.'
        : 'Enter a whole number of Units from 1, e.g. 5, or leave the field empty to clear it.';
    return accountPage(request, notice('error', 'The setting was not saved.', message), refused.status, {
      field: 'auto_top_up',
      enabled,
      typed,
      refusedField,
      message,
    });
  }
  return redirect('/account?notice=auto_top_up_saved');
}
