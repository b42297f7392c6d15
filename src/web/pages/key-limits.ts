import type { ApiKeyRow } from '../../core/identity.js';
import { keyLimitsOf, type KeyLimitsInput, type KeyUsage } from '../../core/key-limits.js';
import { listModels } from '../../core/reference.js';
import { formatUsdCents } from '../../lib/money.js';
import { limitResets, type LimitReset } from '../../lib/periods.js';
import type { WebDeps } from '../deps.js';
import { formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import type { Refusal } from '../failures.js';
import { formatTime } from '../layout.js';

/**
 * The limits of a consumption key on the dashboard (platform.yaml "Key limits"): the form fields
 * of `/keys` (create) and `/keys/:id` (edit), what they send to src/core/keys.ts, and how a key's
 * usage reads against its budget. An expiry is picked as a day: the key stops at 00:00 UTC on it.
 * The allowed models are boxes to tick, one per model `GET /v1/models` lists; none ticked is every
 * model.
 */

/** The limit fields as typed (kept in the form when a refusal sends it back). */
export interface LimitsForm {
  /** `YYYY-MM-DD` or empty. */
  expires: string;
  limit_usd: string;
  /** A reset period, or empty for a budget that never resets. */
  limit_reset: string;
  models: string[];
}

export type LimitsField = 'name' | 'expires' | 'limit_usd' | 'limit_reset' | 'models';

export interface FieldError {
  field: LimitsField | undefined;
  message: string;
}

const modelFieldPrefix = 'model:';
const dayOfUs = (us: number): string => new Date(Math.floor(us / 1000)).toISOString().slice(0, 10);

export const blankLimits: LimitsForm = { expires: '', limit_usd: '', limit_reset: '', models: [] };

/** The key's limits as the edit form shows them. */
export function limitsFormOf(row: ApiKeyRow): LimitsForm {
  const limits = keyLimitsOf(row);
  return {
    expires: limits.expiresAtUs === null ? '' : dayOfUs(limits.expiresAtUs),
    limit_usd: limits.limitUsdMicros === null ? '' : formatUsdCents(limits.limitUsdMicros),
    limit_reset: limits.limitReset ?? '',
    models: limits.allowedModels ?? [],
  };
}

/** What was typed; a leading "$" and spaces are forgiven. */
export function readLimitsForm(form: Record<string, string>): LimitsForm {
  return {
    expires: (form.expires ?? '').trim(),
    limit_usd: (form.limit_usd ?? '').trim().replace(/^\$\s*/, ''),
    limit_reset: (form.limit_reset ?? '').trim(),
    models: Object.keys(form)
      .filter((name) => name.startsWith(modelFieldPrefix) && form[name] === 'on')
      .map((name) => name.slice(modelFieldPrefix.length)),
  };
}

/**
 * The form as the API's limit fields. On creation an empty field is no limit; on an edit it
 * removes the limit, except an expiry day left as it was, which keeps the key's exact time.
 */
export function limitsInputOf(typed: LimitsForm, current?: ApiKeyRow): KeyLimitsInput {
  const input: KeyLimitsInput = {
    limit_usd: typed.limit_usd === '' ? null : typed.limit_usd,
    limit_reset: typed.limit_reset === '' ? null : (typed.limit_reset as LimitReset),
    allowed_models: typed.models.length === 0 ? null : typed.models,
  };
  const currentDay = current?.expires_at_us == null ? '' : dayOfUs(Number(current.expires_at_us));
  if (current === undefined || typed.expires !== currentDay)
    input.expires_at = typed.expires === '' ? null : `${typed.expires}T00:00:00Z`;
  return input;
}

/** Every model a request may name: the instruments, then the `-latest` aliases. */
export async function modelNames(services: WebDeps): Promise<string[]> {
  const { instruments, aliases } = await listModels(services);
  return [...instruments.map((i) => i.model_name), ...aliases.map((a) => a.alias)];
}

const resetNames: Record<LimitReset, string> = {
  daily: 'Daily',
  weekly: 'Weekly (Monday)',
  monthly: 'Monthly (the 1st)',
};

function fieldError(error: FieldError | undefined, field: LimitsField): { attributes: Html; text: Html | '' } {
  if (error?.field !== field) return { attributes: html``, text: '' };
  return {
    attributes: html` aria-invalid="true" aria-describedby="${field}-error"`,
    text: html`<span class="field-error" id="${field}-error">${error.message}</span>`,
  };
}

/** The limit inputs of a form; `models` are the names to offer. */
export function limitsFields(typed: LimitsForm, models: readonly string[], error?: FieldError): Html {
  const expires = fieldError(error, 'expires');
  const budget = fieldError(error, 'limit_usd');
  const reset = fieldError(error, 'limit_reset');
  const allowed = fieldError(error, 'models');
  const option = (value: string, label: string) =>
    html`<option value="${value}"${value === typed.limit_reset ? html` selected` : ''}>${label}</option>`;
  const ticked = new Set(typed.models);
  const boxes = models.map(
    (m) =>
      html`<label class="check model"><input type="checkbox" name="${modelFieldPrefix}${m}" value="on"${ticked.has(m) ? html` checked` : ''}><span class="mono">${m}</span></label>`,
  );
  return html`<div class="grid">
<div class="field"><label for="limit_usd">Budget<span class="hint">USD the key may spend per period; empty: no budget.</span></label>
<div class="money-input"><span>$</span><input id="limit_usd" type="text" name="limit_usd" value="${typed.limit_usd}" inputmode="decimal" maxlength="20" placeholder="no budget" autocomplete="off"${budget.attributes}></div>${budget.text}</div>
<div class="field"><label for="limit_reset">Budget resets<span class="hint">In UTC, at 00:00.</span></label>
<select id="limit_reset" name="limit_reset"${reset.attributes}>${option('', 'Never (one budget in all)')}${limitResets.map((r) => option(r, resetNames[r]))}</select>${reset.text}</div>
<div class="field"><label for="expires">Expires on<span class="hint">The key stops at 00:00 UTC that day; empty: never.</span></label>
<input id="expires" type="date" name="expires" value="${typed.expires}"${expires.attributes}>${expires.text}</div>
</div>
<fieldset class="models"${allowed.attributes}><legend>Models the key may call<span class="hint">None ticked: every model.</span></legend>${boxes}</fieldset>${allowed.text}`;
}

/** A refusal of the key service, said in the form's words, beside the field it is about. */
export function limitsFieldError(refused: Refusal): FieldError {
  const issue = ((refused.context?.errors ?? []) as { path?: string; message?: string }[])[0];
  const path = issue?.path?.replace(/^body\.api_key\./, '') ?? '';
  if (path === 'name') return { field: 'name', message: 'Give it a name of 1 to 100 characters.' };
  if (path === 'limit_usd' && issue?.message === 'cannot be null while limit_reset is set')
    return { field: 'limit_reset', message: 'A budget that resets needs an amount: enter a budget, or choose Never.' };
  if (path === 'limit_usd')
    return {
      field: 'limit_usd',
      message: 'Enter dollars with at most two decimals, e.g. 10.00, or leave it empty for no budget.',
    };
  if (path === 'limit_reset')
    return { field: 'limit_reset', message: 'A budget that resets needs an amount: enter a budget, or choose Never.' };
  if (path === 'expires_at')
    return {
      field: 'expires',
      message:
        issue?.message === 'must be in the future'
          ? 'Choose a day after today, or leave it empty for a key that never expires.'
          : 'Choose a day within the next 100 years.',
    };
  if (path.startsWith('allowed_models')) return { field: 'models', message: refused.detail };
  return { field: undefined, message: refused.detail };
}

const periodNames: Record<LimitReset, string> = { daily: 'today', weekly: 'this week', monthly: 'this month' };

/** "$3.204117 of $10.00 this month", and when it resets, what it may call and when it expires. */
export function limitsSummary(row: ApiKeyRow, usage: KeyUsage, nowUs: number): Html {
  const limits = keyLimitsOf(row);
  const spent = formatUsd(usage.spentMicros);
  const budget =
    limits.limitUsdMicros === null
      ? html`<span class="usage">${spent} ${limits.limitReset === null ? 'spent' : periodNames[limits.limitReset]}</span><span class="sub">no budget</span>`
      : html`<span class="usage">${spent} of ${formatUsd(limits.limitUsdMicros)} ${limits.limitReset === null ? 'in all' : periodNames[limits.limitReset]}</span>
<span class="sub">${usage.resetsAtUs === null ? 'never resets' : `resets ${formatTime(usage.resetsAtUs)}`}${usage.reservedMicros > 0 ? `, ${formatUsd(usage.reservedMicros)} held by running requests` : ''}</span>`;
  const expiry =
    limits.expiresAtUs === null
      ? ''
      : limits.expiresAtUs <= nowUs
        ? html`<span class="sub bad">expired ${formatTime(limits.expiresAtUs)}</span>`
        : html`<span class="sub">expires ${formatTime(limits.expiresAtUs)}</span>`;
  const models = html`<span class="sub">${limits.allowedModels === null ? 'every model' : `models: ${limits.allowedModels.join(', ')}`}</span>`;
  return html`${budget}${expiry}${models}`;
}
