import type { AccountRuleFailure } from '../../core/account-rules.js';
import type { AccountMode, UserRow } from '../../core/identity.js';
import * as settings from '../../core/settings.js';
import { selfTradePreventions, type SelfTradePrevention, type SystemSettings } from '../../core/settings.js';
import { parseDecimal, priceScale } from '../../lib/money.js';
import { formatPrice } from '../format.js';
import { refusalOf } from '../failures.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime, layout, notice, type NoticeTone } from '../layout.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';
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
        html`Open the verification link we mailed you at sign-up. No mail?
        ${csrfForm('/verify-email/resend', request.csrfToken, html`<button class="link" type="submit">Send a new link</button>`, html` class="inline-form"`)}`,
      );
    case 'legal_terms_not_accepted':
      return notice(
        tone,
        `${subject} cannot change until you accept the legal terms.`,
        html`<a href="/terms">Read and accept the legal terms</a>, then come back here.`,
      );
  }
}

const onOff = (value: boolean) =>
  value ? html`<span class="pill on">On</span>` : html`<span class="pill off">Off</span>`;

const stpDescriptions: Record<SelfTradePrevention, string> = {
  expire_taker: 'Expire the incoming order (the default): its remainder is closed, your resting order stays.',
  expire_maker: 'Cancel the resting order: the incoming order goes on matching.',
  expire_both: 'Close both orders.',
  decrement: 'Reduce both by the overlap, with no trade and no fee.',
};

/** What was typed in a defaults form that was refused, and why, beside its field. */
interface DefaultsView {
  field: 'auto_buy_max_price' | 'self_trade_prevention';
  typed: string;
  message: string;
}

type TopUpField = 'quantity' | 'trigger_threshold';

/** The auto top-up form as typed, when it was refused: the field a refusal concerns and what to do. */
interface TopUpView {
  field: 'auto_top_up';
  enabled: boolean;
  typed: Record<TopUpField, string>;
  refusedField: TopUpField | 'enabled' | undefined;
  message: string;
}

const topUpLabels: Record<TopUpField, { label: string; hint: string }> = {
  quantity: { label: 'Quantity', hint: 'Units bought by one top-up.' },
  trigger_threshold: { label: 'Threshold', hint: 'Top up when a consumption account holds fewer Units than this.' },
};

function topUpCard(request: MemberRequest, current: SystemSettings, refused?: TopUpView): Html {
  const topUp = current.auto_top_up;
  const enabled = refused?.enabled ?? topUp.enabled;
  const value = (field: TopUpField) => refused?.typed[field] ?? (topUp[field] === null ? '' : String(topUp[field]));
  const error = (field: TopUpField | 'enabled') =>
    refused?.refusedField === field
      ? html`<span class="field-error" id="${field}-error">${refused.message}</span>`
      : '';
  const input = (field: TopUpField) =>
    html`<div class="field">
      <label for="${field}">${topUpLabels[field].label}<span class="hint">${topUpLabels[field].hint}</span></label>
      <input
        id="${field}"
        type="text"
        name="${field}"
        value="${value(field)}"
        inputmode="numeric"
        maxlength="12"
        placeholder="Units"
        autocomplete="off"
        ${refused?.refusedField === field ? html` aria-invalid="true" aria-describedby="${field}-error"` : ''}
      />${error(field)}
    </div>`;
  return html`<div class="card" id="auto-top-up">
    <h2>Auto top-up</h2>
    <p class="muted small">
      After an inference leaves a consumption account below the threshold, mkt buys the quantity of its model's Units
      (at the market, or within your auto-buy price cap) from your USD and moves them to the account. Nothing is bought
      without USD.
    </p>
    ${csrfForm(
      '/account/auto-top-up',
      request.csrfToken,
      html`<div class="field">
          <label class="check"
            ><input
              type="checkbox"
              name="enabled"
              value="on"
              ${enabled ? html` checked` : ''}${refused?.refusedField === 'enabled' ? html` aria-invalid="true"` : ''}
            /><span>Top up automatically<span class="hint">Needs a quantity and a threshold.</span></span></label
          >${error('enabled')}
        </div>
        <div class="grid two">${input('quantity')}${input('trigger_threshold')}</div>
        <p class="muted small">Whole Units, e.g. 5. Leave a field empty to clear it.</p>
        <div class="actions"><button type="submit">Save auto top-up</button></div>`,
    )}
  </div>`;
}

/** The last top-up as the facts list says it. */
function lastTopUp(current: SystemSettings): string {
  const {
    enabled,
    quantity,
    trigger_threshold: threshold,
    last_outcome: outcome,
    last_attempt_at: at,
  } = current.auto_top_up;
  const setting = enabled ? `buys ${quantity} Units below ${threshold}` : 'off';
  return outcome === null ? setting : `${setting}; last: ${outcome.replace(/_/g, ' ')} at ${at}`;
}

function defaultsCard(request: MemberRequest, current: SystemSettings, refused?: DefaultsView): Html {
  const priceRefused = refused?.field === 'auto_buy_max_price' ? refused : undefined;
  const price = priceRefused?.typed ?? current.auto_buy_max_price ?? '';
  const priceError = priceRefused
    ? html`<span class="field-error" id="auto_buy_max_price-error">${priceRefused.message}</span>`
    : '';
  const stpRefused = refused?.field === 'self_trade_prevention' ? refused : undefined;
  const option = (mode: SelfTradePrevention) =>
    html`<option value="${mode}" ${mode === current.self_trade_prevention ? html` selected` : ''}>
      ${mode.replace(/_/g, ' ')}
    </option>`;
  return html`<div class="card" id="defaults">
    <h2>Defaults</h2>
    <div class="grid two">
      <div>
        ${csrfForm(
          '/account/auto-buy',
          request.csrfToken,
          html`<div class="field">
              <label for="auto_buy_max_price"
                >Auto-buy price cap<span class="hint"
                  >The most mkt pays per Unit when it buys capacity for a request that names no max_price. A request it
                  cannot cover within the cap is refused (402 price_cap_exceeded), nothing bought. Empty: buy at the
                  market.</span
                ></label
              >
              <div class="money-input">
                <span>$</span
                ><input
                  id="auto_buy_max_price"
                  type="text"
                  name="auto_buy_max_price"
                  value="${price}"
                  inputmode="decimal"
                  maxlength="24"
                  placeholder="no cap"
                  autocomplete="off"
                  ${priceRefused ? html` aria-invalid="true" aria-describedby="auto_buy_max_price-error"` : ''}
                />
              </div>
              ${priceError}
            </div>
            <button type="submit">Save price cap</button>`,
        )}
      </div>
      <div>
        ${csrfForm(
          '/account/trading',
          request.csrfToken,
          html`<div class="field">
              <label for="self_trade_prevention"
                >Self-trade prevention<span class="hint"
                  >What an order that names none does when it would trade with your own resting order.</span
                ></label
              >
              <select id="self_trade_prevention" name="self_trade_prevention">
                ${selfTradePreventions.map(option)}
              </select>
              <ul class="hint modes">
                ${selfTradePreventions.map((m) => html`<li><code>${m}</code>: ${stpDescriptions[m]}</li>`)}
              </ul>
              ${stpRefused ? html`<span class="field-error">${stpRefused.message}</span>` : ''}
            </div>
            <button type="submit">Save order default</button>`,
        )}
      </div>
    </div>
  </div>`;
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
  const modeCard = (option: AccountMode) =>
    html`<div class="mode${option === mode ? html` current` : ''}">
      <h2>${modeNames[option]}${option === mode ? html`<span class="pill on">Current</span>` : ''}</h2>
      <p>${modeDescriptions[option]}</p>
      ${option === mode ? '' : csrfForm('/account/mode', request.csrfToken, html`<input type="hidden" name="account_mode" value="${option}" /><button type="submit" ${blocked ? html` class="secondary"` : ''}>Switch to ${modeNames[option]}</button>`)}
    </div>`;
  const body = html`<h1>Account</h1>
    <p class="lead">Your account and how it buys inference capacity.</p>
    ${problem ?? (blocked ? preconditionNotice(request, blocked, 'warn') : '')}${noticeFor(request.query.notice)}
    <div class="card">
      <h2>Account mode</h2>
      <div class="grid two">${modeCard('auto')}${modeCard('advanced')}</div>
    </div>
    <div class="card">
      <h2>Details</h2>
      <dl class="facts">
        <dt>Email address</dt>
        <dd>
          ${user.email}
          ${user.email_verified_at_us === null ? html`<span class="pill bad">Not verified</span>` : html`<span class="pill on">Verified</span>`}
        </dd>
        <dt>Legal terms</dt>
        <dd>
          ${user.legal_terms_accepted_at_us === null ? html`<span class="pill bad">Not accepted</span><a class="small" href="/terms">Read and accept</a>` : html`Accepted ${formatTime(user.legal_terms_accepted_at_us)}`}
        </dd>
        <dt>Status</dt>
        <dd>
          ${user.status === 'active' ? html`<span class="pill on">Active</span>` : html`<span class="pill bad">Inactive</span>`}
        </dd>
        <dt>Auto-buy</dt>
        <dd>
          ${onOff(current.auto_buy_enabled)}<span class="muted small"
            >${mode === 'auto' ? 'set by Auto Mode' : ''}</span
          >
        </dd>
        <dt>Auto-transfer</dt>
        <dd>
          ${onOff(current.auto_transfer_enabled)}<span class="muted small"
            >${mode === 'auto' ? 'set by Auto Mode' : ''}</span
          >
        </dd>
        <dt>Auto-buy price cap</dt>
        <dd id="auto-buy-cap">
          ${current.auto_buy_max_price === null ? 'none (market price)' : `${formatPrice(parseDecimal(current.auto_buy_max_price, priceScale)!)} per Unit`}
        </dd>
        <dt>Self-trade prevention</dt>
        <dd id="stp-current"><code>${current.self_trade_prevention}</code></dd>
        <dt>Auto top-up</dt>
        <dd id="auto-top-up-current">${lastTopUp(current)}</dd>
        <dt>Member since</dt>
        <dd>${formatTime(user.created_at_us)}</dd>
      </dl>
    </div>
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

/** Whole Units as typed ("5"); blank clears; anything else is passed on as not a number, for the settings' own refusal. */
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
