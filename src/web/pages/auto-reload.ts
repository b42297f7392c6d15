import * as settings from '../../core/settings.js';
import type { AutoReloadPatch, SystemSettings } from '../../core/settings.js';
import { parseDecimal, usdScale } from '../../lib/money.js';
import { formatUsd } from '../format.js';
import { refusalOf, type Refusal } from '../failures.js';
import { html, type Html } from '../html.js';
import { csrfForm, layout, notice } from '../layout.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';

/**
 * `/auto-reload`: the auto-reload settings (platform.yaml updateAutoReload) through
 * src/core/settings.ts `updateAutoReload`, so the dashboard refuses exactly what the API refuses;
 * a refusal is shown beside the field it concerns, with what was typed kept in the form.
 */
type AmountField = 'threshold_usd' | 'amount_usd' | 'monthly_limit_usd';
const amountFields: readonly AmountField[] = ['threshold_usd', 'amount_usd', 'monthly_limit_usd'];

const labels: Record<AmountField, { label: string; hint: string }> = {
  threshold_usd: { label: 'Threshold', hint: 'Reload when available USD is below this.' },
  amount_usd: { label: 'Amount', hint: 'Deposited at each reload.' },
  monthly_limit_usd: { label: 'Monthly limit', hint: 'Per calendar month (UTC); empty: none.' },
};

interface FormView {
  enabled: boolean;
  values: Record<AmountField, string>;
  /** The field a refusal concerns, and what to do about it. */
  error?: { field: AmountField | 'enabled' | undefined; message: string };
  problem?: Html;
  status?: number;
}

const usdOf = (text: string | null): string => (text === null ? '' : text);

/** A decimal string of the API ("12.50") as dollars on the page ("$12.50"); exact, from integers. */
function shownUsd(text: string | null): string {
  const micros = text === null ? null : parseDecimal(text, usdScale);
  return micros === null ? 'not set' : formatUsd(micros);
}

function viewOf(current: SystemSettings): FormView {
  const reload = current.auto_reload;
  return {
    enabled: reload.enabled,
    values: {
      threshold_usd: usdOf(reload.threshold_usd),
      amount_usd: usdOf(reload.amount_usd),
      monthly_limit_usd: usdOf(reload.monthly_limit_usd),
    },
  };
}

function amountInput(view: FormView, field: AmountField): Html {
  const { label, hint } = labels[field];
  const invalid = view.error?.field === field;
  return html`<div class="field"><label for="${field}">${label}<span class="hint">${hint}</span></label>
<div class="money-input"><span>$</span><input id="${field}" type="text" name="${field}" value="${view.values[field]}" inputmode="decimal" maxlength="20" placeholder="0.00" autocomplete="off"${invalid ? html` aria-invalid="true" aria-describedby="${field}-error"` : ''}></div>
${invalid ? html`<span class="field-error" id="${field}-error">${view.error!.message}</span>` : ''}</div>`;
}

async function autoReloadPage(request: MemberRequest, view?: FormView): Promise<PageResult> {
  const current = await settings.getSystemSettings(request.services, request.viewer.session.user.id);
  const shown = view ?? viewOf(current);
  const reload = current.auto_reload;
  const summary = reload.enabled
    ? html`<span class="pill on">On</span> Below ${shownUsd(reload.threshold_usd)}, deposit ${shownUsd(reload.amount_usd)}${reload.monthly_limit_usd === null ? ', with no monthly limit.' : html`, up to ${shownUsd(reload.monthly_limit_usd)} a month.`}`
    : html`<span class="pill off">Off</span> Your USD balance is never topped up automatically.`;
  const enabledError =
    shown.error?.field === 'enabled'
      ? html`<span class="field-error" id="enabled-error">${shown.error.message}</span>`
      : '';
  const body = html`<h1>Auto-reload</h1>
<p class="lead">Tops up your USD balance: when a trade, a fee, inference or a transfer leaves available USD below the threshold, mkt deposits the amount through your payment path, within the monthly limit.</p>
${shown.problem ?? ''}${shown.error && !shown.problem ? notice('error', 'The settings were not saved.', 'Correct the field marked below and save again.') : ''}${noticeFor(request.query.notice)}
<div class="card"><h2>Now</h2><dl class="facts">
<dt>Auto-reload</dt><dd>${summary}</dd>
<dt>Reloaded this month</dt><dd id="reloaded-this-month">${shownUsd(reload.reloaded_this_month_usd)}</dd>
</dl></div>
<div class="card"><h2>Settings</h2>${csrfForm(
    '/auto-reload',
    request.csrfToken,
    html`<div class="field"><label class="check"><input type="checkbox" name="enabled" value="on"${shown.enabled ? html` checked` : ''}${shown.error?.field === 'enabled' ? html` aria-invalid="true"` : ''}><span>Reload automatically<span class="hint">Needs a threshold and an amount.</span></span></label>${enabledError}</div>
<div class="grid">${amountFields.map((field) => amountInput(shown, field))}</div>
<p class="muted small">Dollars with at most two decimals, e.g. 25 or 25.00. Leave a field empty to clear it.</p>
<div class="actions"><button type="submit">Save settings</button></div>`,
  )}</div>`;
  return show(
    layout(
      { title: 'Auto-reload', viewer: request.viewer, csrfToken: request.csrfToken, current: '/auto-reload' },
      body,
    ),
    shown.status ?? 200,
  );
}

export const showAutoReload = (request: MemberRequest) => autoReloadPage(request);

/** What was typed, as the API's body: blank clears the amount; a leading "$" and spaces are forgiven. */
function patchOf(form: Record<string, string>): { patch: AutoReloadPatch; values: Record<AmountField, string> } {
  const values = Object.fromEntries(
    amountFields.map((field) => [field, (form[field] ?? '').trim().replace(/^\$\s*/, '')]),
  ) as Record<AmountField, string>;
  const amount = (field: AmountField) => (values[field] === '' ? null : values[field]);
  return {
    patch: {
      enabled: form.enabled === 'on',
      threshold_usd: amount('threshold_usd'),
      amount_usd: amount('amount_usd'),
      monthly_limit_usd: amount('monthly_limit_usd'),
    },
    values,
  };
}

/** The first issue of a validation refusal, said in the form's words. */
function fieldError(refused: Refusal): FormView['error'] {
  const issues = (refused.context?.errors ?? []) as { path?: string; message?: string }[];
  const path = issues[0]?.path?.replace(/^body\./, '');
  const field = path === 'enabled' ? 'enabled' : amountFields.find((f) => f === path);
  let message = refused.detail;
  for (const f of amountFields) message = message.split(f).join(labels[f].label.toLowerCase());
  if (issues[0]?.message === 'must have at most 2 decimals')
    message = 'Enter dollars as a number with at most two decimals, e.g. 25.00.';
  if (issues[0]?.message === 'must be positive')
    message = 'Enter an amount above zero, or leave the field empty to clear it.';
  return { field, message: message.charAt(0).toUpperCase() + message.slice(1) };
}

export async function saveAutoReload(request: MemberRequest): Promise<PageResult> {
  const { patch, values } = patchOf(request.form);
  const typed: FormView = { enabled: patch.enabled ?? false, values };
  try {
    await settings.updateAutoReload(request.services, request.viewer.session.user.id, patch);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    if (refused.code === 'validation_error')
      return autoReloadPage(request, { ...typed, error: fieldError(refused), status: 422 });
    return autoReloadPage(request, {
      ...typed,
      problem: notice('error', 'The settings were not saved.', refused.detail),
      status: refused.status,
    });
  }
  return redirect('/auto-reload?notice=auto_reload_saved');
}
