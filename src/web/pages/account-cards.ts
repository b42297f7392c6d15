import type { UserRow } from '../../core/identity.js';
import { selfTradePreventions, type SelfTradePrevention, type SystemSettings } from '../../core/settings.js';
import { parseDecimal, priceScale } from '../../lib/money.js';
import { formatPrice } from '../format.js';
import { html, type Html } from '../html.js';
import { csrfForm, formatTime } from '../layout.js';
import type { MemberRequest } from '../request.js';

/**
 * The cards of `/account` below its mode: the account's details, its defaults (auto-buy's price
 * cap, self-trade prevention) and auto top-up, each form shown again as typed when it was refused.
 */

const onOff = (value: boolean) =>
  value ? html`<span class="pill on">On</span>` : html`<span class="pill off">Off</span>`;

const stpDescriptions: Record<SelfTradePrevention, string> = {
  expire_taker: 'Expire the incoming order (the default): its remainder is closed, your resting order stays.',
  expire_maker: 'Cancel the resting order: the incoming order goes on matching.',
  expire_both: 'Close both orders.',
  decrement: 'Reduce both by the overlap, with no trade and no fee.',
};

/** What was typed in a defaults form that was refused, and why, beside its field. */
export interface DefaultsView {
  field: 'auto_buy_max_price' | 'self_trade_prevention';
  typed: string;
  message: string;
}

type TopUpField = 'quantity' | 'trigger_threshold';

/** The auto top-up form as typed, when it was refused: the field a refusal concerns and what to do. */
export interface TopUpView {
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

export function topUpCard(request: MemberRequest, current: SystemSettings, refused?: TopUpView): Html {
  const topUp = current.auto_top_up;
  const enabled = refused?.enabled ?? topUp.enabled;
  const value = (field: TopUpField) => refused?.typed[field] ?? (topUp[field] === null ? '' : String(topUp[field]));
  const error = (field: TopUpField | 'enabled') =>
    refused?.refusedField === field
      ? html`<span class="field-error" id="${field}-error">${refused.message}</span>`
      : '';
  const input = (
    field: TopUpField,
  ) => html`<div class="field"><label for="${field}">${topUpLabels[field].label}<span class="hint">${topUpLabels[field].hint}</span></label>
<input id="${field}" type="text" name="${field}" value="${value(field)}" inputmode="numeric" maxlength="12" placeholder="Units" autocomplete="off"${refused?.refusedField === field ? html` aria-invalid="true" aria-describedby="${field}-error"` : ''}>${error(field)}</div>`;
  return html`<div class="card" id="auto-top-up"><h2>Auto top-up</h2>
<p class="muted small">After an inference leaves a consumption account below the threshold, mkt buys the quantity of its model's Units (at the market, or within your auto-buy price cap) from your USD and moves them to the account. Nothing is bought without USD.</p>
${csrfForm(
  '/account/auto-top-up',
  request.csrfToken,
  html`<div class="field"><label class="check"><input type="checkbox" name="enabled" value="on"${enabled ? html` checked` : ''}${refused?.refusedField === 'enabled' ? html` aria-invalid="true"` : ''}><span>Top up automatically<span class="hint">Needs a quantity and a threshold.</span></span></label>${error('enabled')}</div>
<div class="grid two">${input('quantity')}${input('trigger_threshold')}</div>
<p class="muted small">Whole Units, e.g. 5. Leave a field empty to clear it.</p>
<div class="actions"><button type="submit">Save auto top-up</button></div>`,
)}</div>`;
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

export function defaultsCard(request: MemberRequest, current: SystemSettings, refused?: DefaultsView): Html {
  const priceRefused = refused?.field === 'auto_buy_max_price' ? refused : undefined;
  const stpRefused = refused?.field === 'self_trade_prevention' ? refused : undefined;
  return html`<div class="card" id="defaults"><h2>Defaults</h2><div class="grid two">
<div>${priceCapForm(request, current, priceRefused)}</div>
<div>${tradingDefaultForm(request, current, stpRefused)}</div>
</div></div>`;
}

/** Auto-buy's price cap: what mkt pays at most per Unit when it buys for a request. */
function priceCapForm(request: MemberRequest, current: SystemSettings, refused: DefaultsView | undefined): Html {
  const price = refused?.typed ?? current.auto_buy_max_price ?? '';
  const priceError = refused
    ? html`<span class="field-error" id="auto_buy_max_price-error">${refused.message}</span>`
    : '';
  return csrfForm(
    '/account/auto-buy',
    request.csrfToken,
    html`<div class="field"><label for="auto_buy_max_price">Auto-buy price cap<span class="hint">The most mkt pays per Unit when it buys capacity for a request that names no max_price. A request it cannot cover within the cap is refused (402 price_cap_exceeded), nothing bought. Empty: buy at the market.</span></label>
<div class="money-input"><span>$</span><input id="auto_buy_max_price" type="text" name="auto_buy_max_price" value="${price}" inputmode="decimal" maxlength="24" placeholder="no cap" autocomplete="off"${refused ? html` aria-invalid="true" aria-describedby="auto_buy_max_price-error"` : ''}></div>${priceError}</div>
<button type="submit">Save price cap</button>`,
  );
}

/** The self-trade prevention an order gets when it names none. */
function tradingDefaultForm(request: MemberRequest, current: SystemSettings, refused: DefaultsView | undefined): Html {
  const option = (mode: SelfTradePrevention) =>
    html`<option value="${mode}"${mode === current.self_trade_prevention ? html` selected` : ''}>${mode.replace(/_/g, ' ')}</option>`;
  return csrfForm(
    '/account/trading',
    request.csrfToken,
    html`<div class="field"><label for="self_trade_prevention">Self-trade prevention<span class="hint">What an order that names none does when it would trade with your own resting order.</span></label>
<select id="self_trade_prevention" name="self_trade_prevention">${selfTradePreventions.map(option)}</select>
<ul class="hint modes">${selfTradePreventions.map((m) => html`<li><code>${m}</code>: ${stpDescriptions[m]}</li>`)}</ul>${refused ? html`<span class="field-error">${refused.message}</span>` : ''}</div>
<button type="submit">Save order default</button>`,
  );
}

/** The price cap as the facts list says it. */
function priceCapText(cap: string | null): string {
  const ticks = cap === null ? null : parseDecimal(cap, priceScale);
  return ticks === null ? 'none (market price)' : `${formatPrice(ticks)} per Unit`;
}

/** The account's facts: who, whether it may change settings, and what its settings are now. */
export function detailsCard(user: UserRow, current: SystemSettings): Html {
  return html`<div class="card"><h2>Details</h2><dl class="facts">
<dt>Email address</dt><dd>${user.email} ${user.email_verified_at_us === null ? html`<span class="pill bad">Not verified</span>` : html`<span class="pill on">Verified</span>`}</dd>
<dt>Legal terms</dt><dd>${user.legal_terms_accepted_at_us === null ? html`<span class="pill bad">Not accepted</span><a class="small" href="/terms">Read and accept</a>` : html`Accepted ${formatTime(user.legal_terms_accepted_at_us)}`}</dd>
<dt>Status</dt><dd>${user.status === 'active' ? html`<span class="pill on">Active</span>` : html`<span class="pill bad">Inactive</span>`}</dd>
<dt>Auto-buy</dt><dd>${onOff(current.auto_buy_enabled)}<span class="muted small">${current.account_mode === 'auto' ? 'set by Auto Mode' : ''}</span></dd>
<dt>Auto-transfer</dt><dd>${onOff(current.auto_transfer_enabled)}<span class="muted small">${current.account_mode === 'auto' ? 'set by Auto Mode' : ''}</span></dd>
<dt>Auto-buy price cap</dt><dd id="auto-buy-cap">${priceCapText(current.auto_buy_max_price)}</dd>
<dt>Self-trade prevention</dt><dd id="stp-current"><code>${current.self_trade_prevention}</code></dd>
<dt>Auto top-up</dt><dd id="auto-top-up-current">${lastTopUp(current)}</dd>
<dt>Member since</dt><dd>${formatTime(user.created_at_us)}</dd>
</dl></div>`;
}
