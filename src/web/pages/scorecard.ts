import type { SupplierScorecardView } from '../../core/supply-port.js';
import { html, type Html } from '../html.js';
import { layout } from '../layout.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { basisText, formatIso, instrumentSymbols, qualificationPill, reportPath, supplyTabs } from './supply-shared.js';

/**
 * `/scorecard`: the supplier's own scorecards (issue 31, item 5), the data of `GET /v1/supply/scorecard`: per
 * endpoint × instrument, a small table per window. Each measure of a window is one row, named by its field; a field
 * the scorecard gains later shows up as a row of its own (labelled from its name unless `labels` names it better), and
 * nested values (percentiles, counts by kind, breaches by guarantee) as `name value` pairs in one cell.
 */

type Window = SupplierScorecardView['windows'][number];

/** Fields of a window that the table's caption already says. */
const captionFields: ReadonlySet<string> = new Set(['window', 'from', 'to']);

/** Better words for some fields; any other field is shown by its name, underscores as spaces. */
const labels: Readonly<Record<string, string>> = {
  requests: 'Requests',
  capped: 'Capped (more than 5,000 receipts)',
  out_of_spec: 'Out of spec',
  out_of_spec_rate: 'Out-of-spec rate',
  breaches: 'Out of spec, by guarantee',
  time_to_first_token_ms: 'Time to first token (ms)',
  output_tokens_per_second: 'Output rate (tokens/s)',
  tool_call_errors: 'Tool-call errors, by kind',
  failures: 'Failures',
};

const labelOf = (field: string): string => labels[field] ?? field.replaceAll('_', ' ');

/** A rate (a share 0–1, a field named `rate` or `…_rate`) as a percentage. */
const isRate = (field: string): boolean => field === 'rate' || field.endsWith('_rate');

function formatValue(field: string, value: unknown): Html | string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return isRate(field) ? `${(value * 100).toFixed(2)} %` : String(value);
  if (Array.isArray(value))
    return html`${value.map((item) => html`<span class="usage">${formatValue(field, item)}</span>`)}`;
  if (typeof value === 'object') return formatRecord(Object.entries(value));
  return typeof value === 'string' ? value : '—';
}

/** `{guarantee: 'tool_call', count: 2, rate: 0.5}` → "tool call: count 2 · rate 50.00 %" (a string first, as a name). */
function formatRecord(entries: [string, unknown][]): Html {
  const [first] = entries;
  const named = first !== undefined && typeof first[1] === 'string';
  const rest = named ? entries.slice(1) : entries;
  const pairs = rest.map(([field, value]) => html`${labelOf(field)} ${formatValue(field, value)}`);
  const joined = pairs.flatMap((pair, i) => (i === 0 ? [pair] : [html` · `, pair]));
  return named ? html`<strong>${String(first[1]).replaceAll('_', ' ')}</strong>: ${joined}` : html`${joined}`;
}

function windowTable(window: Window): Html {
  const rows = Object.entries(window)
    .filter(([field]) => !captionFields.has(field))
    .map(
      ([field, value]) =>
        html`<tr data-field="${field}"><th scope="row">${labelOf(field)}</th><td>${formatValue(field, value)}</td></tr>`,
    );
  return html`<table class="window" data-window="${window.window}"><caption>Last ${window.window} <span class="muted small">${formatIso(window.from)} – ${formatIso(window.to)}</span></caption>
<tbody>${rows}</tbody></table>`;
}

function scorecardCard(card: SupplierScorecardView, symbols: Map<string, string>): Html {
  const report =
    card.report_id === null
      ? html`<span class="muted">no report yet</span>`
      : html`<a href="${reportPath(card.endpoint_id, card.report_id)}">latest report</a>`;
  return html`<div class="card scorecard" data-endpoint="${card.endpoint_id}" data-instrument="${card.instrument_id}">
<div class="card-head"><h2>${symbols.get(card.instrument_id) ?? card.instrument_id} <span class="muted small mono">${card.endpoint_id}</span></h2>${qualificationPill(card.qualification)}</div>
<p class="small">Basis: ${basisText(card.basis)} · Quality Score ${card.quality_score ?? '—'} · ${report}</p>
${watchLine(card)}
<div class="grid two">${card.windows.map(windowTable)}</div></div>`;
}

/** What the watch last found (README "Guarantees"): the standing routing ranks by, who suspended it, the last canary. */
function watchLine(card: SupplierScorecardView): Html {
  const suspended =
    card.suspended_by === null ? '' : ` · suspended by ${card.suspended_by === 'watch' ? 'the watch' : 'the operator'}`;
  const canary =
    card.last_canary === null
      ? 'none yet'
      : `${card.last_canary.result} (${card.last_canary.probe}, ${card.last_canary.at})`;
  return html`<p class="small watch">Contract: ${standingText[card.standing]}${card.standing_reason === null ? '' : ` — ${card.standing_reason}`}${suspended} · Last canary: ${canary}</p>`;
}

const standingText: Record<SupplierScorecardView['standing'], string> = {
  meets: 'meets it',
  misses: 'misses it (ranked after endpoints that meet it)',
  unjudged: 'not judged yet',
};

export async function showScorecard(request: MemberRequest): Promise<PageResult> {
  const [cards, symbols] = await Promise.all([
    request.services.supply.scorecards(request.viewer.session.user.id),
    instrumentSymbols(request.services),
  ]);
  const body = html`<h1>Scorecard</h1>
<p class="lead">How each of your endpoints served each instrument, from the receipts of the requests it answered over the last hour and the last 24 hours. The same as <code>GET /v1/supply/scorecard</code> and <code>mkt supply scorecard</code>.</p>
${supplyTabs('scorecard')}
${cards.length ? cards.map((card) => scorecardCard(card, symbols)) : html`<div class="card"><p class="empty">No scorecards: you have no endpoint offering an instrument. <a href="/endpoints">Register one</a>.</p></div>`}`;
  return show(
    layout({ title: 'Scorecard', viewer: request.viewer, csrfToken: request.csrfToken, current: '/supply' }, body),
  );
}
