import type { TicketOrder } from '../../core/trading-port.js';
import { html, type Html } from '../html.js';
import { csrfForm, notice } from '../layout.js';
import type { PageRequest } from '../request.js';

/**
 * The market page's order ticket: limit or market, buy or sell, quantity, price, post-only, time in force. The page
 * reads the form's closed choices itself (a value outside them is a 422 page); everything else (price format, tick,
 * lot, sizes, collar, funds, post-only taking) is the order pipeline's to check, with its own words.
 */
const sides = ['buy', 'sell'] as const;
const types = ['limit', 'market'] as const;
const timesInForce = ['gtc', 'ioc', 'fok', 'day'] as const;
const timeInForceNames: Record<TicketOrder['timeInForce'], string> = {
  gtc: 'Good till cancelled',
  ioc: 'Immediate or cancel',
  fok: 'Fill or kill',
  day: 'Day (until 00:00 UTC)',
};
/** Whole Units, at most nine digits: larger is no order size any market allows, and stays a safe integer. */
const quantityPattern = /^[1-9][0-9]{0,8}$/;

const oneOf = <T extends string>(choices: readonly T[], value: string | undefined): T | undefined =>
  choices.find((choice) => choice === value);

/** The form as sent, read into an order; or what is wrong with it, field by field. */
export function readTicket(
  marketId: string,
  form: Record<string, string>,
): { order: TicketOrder } | { problems: string[] } {
  const side = oneOf(sides, form.side);
  const type = oneOf(types, form.type);
  const timeInForce = oneOf(timesInForce, form.time_in_force ?? 'gtc');
  const quantityText = (form.quantity ?? '').trim();
  const problems = [
    side === undefined ? 'Side is buy or sell.' : undefined,
    type === undefined ? 'Type is limit or market.' : undefined,
    timeInForce === undefined ? `Time in force is one of ${timesInForce.join(', ')}.` : undefined,
    quantityPattern.test(quantityText) ? undefined : 'Quantity is a whole number of Units, at least 1.',
  ].filter((problem): problem is string => problem !== undefined);
  if (side === undefined || type === undefined || timeInForce === undefined || problems.length > 0) return { problems };
  const priceText = (form.price ?? '').trim();
  return {
    order: {
      marketId,
      side,
      type,
      quantity: Number(quantityText),
      // A market order takes what rests: a price typed for it is left out, not refused.
      priceText: type === 'market' || priceText === '' ? undefined : priceText,
      postOnly: form.post_only === 'on',
      timeInForce,
    },
  };
}

const checked = (on: boolean): Html => (on ? html` checked` : html``);
const selected = (on: boolean): Html => (on ? html` selected` : html``);

/** The ticket of a signed-in Advanced Mode user; `form` refills it after a refusal. */
function ticketForm(request: PageRequest, marketPath: string, form: Record<string, string>): Html {
  const side = form.side ?? 'buy';
  const type = form.type ?? 'limit';
  const radio = (name: string, value: string, label: string, on: boolean) =>
    html`<label class="choice"><input type="radio" name="${name}" value="${value}"${checked(on)}> ${label}</label>`;
  const fields = html`<div class="choices">${radio('side', 'buy', 'Buy', side === 'buy')}${radio('side', 'sell', 'Sell', side === 'sell')}</div>
<div class="choices">${radio('type', 'limit', 'Limit', type === 'limit')}${radio('type', 'market', 'Market', type === 'market')}</div>
<div class="field"><label for="ticket-quantity">Quantity (Units)</label><input id="ticket-quantity" name="quantity" inputmode="numeric" required value="${form.quantity ?? ''}"></div>
<div class="field"><label for="ticket-price">Limit price (USD per Unit; limit orders)</label><input id="ticket-price" name="price" inputmode="decimal" placeholder="0.5000" value="${form.price ?? ''}"></div>
<div class="field"><label for="ticket-tif">Time in force</label><select id="ticket-tif" name="time_in_force">${timesInForce.map((tif) => html`<option value="${tif}"${selected((form.time_in_force ?? 'gtc') === tif)}>${timeInForceNames[tif]}</option>`)}</select></div>
<label class="check"><input type="checkbox" name="post_only"${checked(form.post_only === 'on')}> <span>Post only: refuse the order rather than let it take from the book</span></label>
<button type="submit">Place order</button>`;
  return csrfForm(`${marketPath}/orders`, request.csrfToken, fields, html` class="ticket" id="ticket"`);
}

/** The ticket card: the form, or why there is none (signed out, Auto Mode). */
export function ticketCard(request: PageRequest, marketPath: string, form: Record<string, string> = {}): Html {
  const { viewer } = request;
  const body = !viewer
    ? html`<p class="muted"><a href="/login?next=${encodeURIComponent(marketPath)}">Log in</a> to place orders on this market.</p>`
    : viewer.session.user.account_mode === 'auto'
      ? notice(
          'info',
          'Your account is in Auto Mode.',
          html`In Auto Mode the service buys the Units your inference needs and you place no orders yourself. <a href="/account">Switch to Advanced Mode</a> on the Account page to trade on this market.`,
        )
      : ticketForm(request, marketPath, form);
  return html`<div class="card" id="ticket-card"><h2>Order ticket</h2>${body}</div>`;
}
