import { apiKeyNamesOfUser, usageModelsOfUser } from '../../db/dashboard.js';
import type { Page } from '../../db/paging.js';
import {
  listReceipts,
  usageSums,
  type ReceiptRow,
  type UsageEndpoint,
  type UsageFilter,
  type UsageStatus,
} from '../../db/usage.js';
import { usPerDay } from '../../lib/clock.js';
import { isoDay, spendChart } from '../chart.js';
import { formatCount, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { formatTime, layout, notice } from '../layout.js';
import { pager, readPage } from '../paging.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { specBreachesOf, type SpecBreach } from '../../db/judgment-records.js';

/**
 * `/usage`: the receipts of the user's inference, newest first, paged by the same keyset cursors as
 * GET /v1/usage and filtered as it is (model, API key, status, endpoint, a range of UTC days), with
 * the spend of each day of the range drawn above them. The filters are a GET form: an address
 * names a view, and paging keeps it.
 */
const pageSize = 25;
const chartDaysDefault = 30;
const chartDaysMax = 92;
const modelLengthMax = 200;

const statuses = [
  'in_progress',
  'succeeded',
  'failed',
  'cancelled',
  'schema_mismatch',
  'out_of_spec',
] as const satisfies readonly UsageStatus[];
const endpoints = ['chat.completions', 'responses', 'messages'] as const satisfies readonly UsageEndpoint[];
const statusTone: Record<UsageStatus, 'on' | 'off' | 'bad'> = {
  in_progress: 'off',
  succeeded: 'on',
  failed: 'bad',
  cancelled: 'off',
  schema_mismatch: 'bad',
  out_of_spec: 'bad',
};

/** The filters as typed (kept in the form and in paging links) and as the list reads them. */
interface Filters {
  typed: Record<'model' | 'api_key_id' | 'status' | 'endpoint' | 'from' | 'to', string | undefined>;
  filter: UsageFilter;
  /** Whole UTC days, inclusive, when given. */
  fromDay?: number;
  toDay?: number;
}

/** "2026-11-22" → days since the epoch; null unless it is a real calendar day. */
export function dayOf(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms / 86_400_000;
}

const oneOf = <T extends string>(values: readonly T[], text: string): T | undefined => values.find((v) => v === text);

/** The query as filters, or what is wrong with it in words a person can act on. */
function readFilters(query: Record<string, string>): { filters: Filters; problems: string[] } {
  const blank = (name: string) =>
    query[name] === undefined || query[name].trim() === '' ? undefined : query[name].trim();
  const typed: Filters['typed'] = {
    model: blank('model'),
    api_key_id: blank('api_key_id'),
    status: blank('status'),
    endpoint: blank('endpoint'),
    from: blank('from'),
    to: blank('to'),
  };
  const problems: string[] = [];
  const filters: Filters = { typed, filter: {} };
  if (typed.model !== undefined) {
    if (typed.model.length > modelLengthMax)
      problems.push(`The model name is longer than ${modelLengthMax} characters.`);
    else filters.filter.model = typed.model;
  }
  if (typed.api_key_id !== undefined) {
    if (typed.api_key_id.length > modelLengthMax)
      problems.push(`The API key id is longer than ${modelLengthMax} characters.`);
    else filters.filter.apiKeyId = typed.api_key_id;
  }
  if (typed.status !== undefined) {
    filters.filter.status = oneOf(statuses, typed.status);
    if (!filters.filter.status)
      problems.push(`“${typed.status.slice(0, 40)}” is not a status; choose one from the list.`);
  }
  if (typed.endpoint !== undefined) {
    filters.filter.endpoint = oneOf(endpoints, typed.endpoint);
    if (!filters.filter.endpoint)
      problems.push(`“${typed.endpoint.slice(0, 40)}” is not an endpoint; choose one from the list.`);
  }
  for (const bound of ['from', 'to'] as const) {
    const text = typed[bound];
    if (text === undefined) continue;
    const day = dayOf(text);
    if (day === null) problems.push(`“${text.slice(0, 40)}” is not a date; use the form YYYY-MM-DD, e.g. 2026-11-22.`);
    else if (bound === 'from') filters.fromDay = day;
    else filters.toDay = day;
  }
  if (filters.fromDay !== undefined && filters.toDay !== undefined && filters.toDay < filters.fromDay)
    problems.push('The end date is before the start date.');
  if (filters.fromDay !== undefined) filters.filter.createdFromUs = filters.fromDay * usPerDay;
  if (filters.toDay !== undefined) filters.filter.createdToUs = (filters.toDay + 1) * usPerDay;
  return { filters, problems };
}

function filterForm(filters: Filters, models: string[], keys: { id: string; name: string }[]): Html {
  const { typed } = filters;
  const option = (value: string, label: string, selected: string | undefined) =>
    html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="/usage" class="filters">
<div class="field"><label for="model">Model</label><select id="model" name="model">${option('', 'All models', typed.model ?? '')}${models.map((m) => option(m, m, typed.model))}</select></div>
<div class="field"><label for="api_key_id">API key</label><select id="api_key_id" name="api_key_id">${option('', 'All keys', typed.api_key_id ?? '')}${keys.map((k) => option(k.id, k.name, typed.api_key_id))}</select></div>
<div class="field"><label for="status">Status</label><select id="status" name="status">${option('', 'Any status', typed.status ?? '')}${statuses.map((s) => option(s, s.replace(/_/g, ' '), typed.status))}</select></div>
<div class="field"><label for="endpoint">Endpoint</label><select id="endpoint" name="endpoint">${option('', 'Any endpoint', typed.endpoint ?? '')}${endpoints.map((e) => option(e, e, typed.endpoint))}</select></div>
<div class="field"><label for="from">From</label><input id="from" type="date" name="from" value="${typed.from ?? ''}"></div>
<div class="field"><label for="to">Through</label><input id="to" type="date" name="to" value="${typed.to ?? ''}"></div>
<div class="buttons"><button type="submit">Apply</button><a class="small" href="/usage">Clear</a></div></form>`;
}

/** The days the chart covers: the filter's range, else the last 30 days; at most the last 92 of it. */
function chartRange(filters: Filters, today: number): { firstDay: number; lastDay: number; clipped: boolean } {
  const lastDay = filters.toDay ?? Math.max(today, filters.fromDay ?? today);
  const firstDay = filters.fromDay ?? lastDay - (chartDaysDefault - 1);
  const clipped = lastDay - firstDay + 1 > chartDaysMax;
  return { firstDay: clipped ? lastDay - (chartDaysMax - 1) : firstDay, lastDay, clipped };
}

async function spendCard(request: MemberRequest, filters: Filters): Promise<Html> {
  const today = Math.floor(request.services.clock.nowUs() / usPerDay);
  const range = chartRange(filters, today);
  const { createdFromUs: _from, createdToUs: _to, ...rest } = filters.filter;
  const sums = await usageSums(
    request.services.db,
    request.viewer.session.user.id,
    'day',
    { fromUs: range.firstDay * usPerDay, toUs: (range.lastDay + 1) * usPerDay },
    rest,
  );
  const spend = sums.map((row) => ({ day: row.group_key as number, micros: row.cost_usd_micros }));
  const total = spend.reduce((sum, s) => sum + s.micros, 0);
  const requests = sums.reduce((sum, row) => sum + row.requests, 0);
  const heading = html`<div class="card-head"><h2>Spend per day</h2><span class="muted small">${isoDay(range.firstDay)} to ${isoDay(range.lastDay)} (UTC)${range.clipped ? `, the last ${chartDaysMax} days of the range` : ''}</span></div>`;
  const totals = html`<div class="stats"><div><span class="stat-label">Spent</span><strong id="spend-total">${formatUsd(total)}</strong></div><div><span class="stat-label">Requests</span><strong id="spend-requests">${formatCount(requests)}</strong></div></div>`;
  const chart =
    total > 0 ? spendChart(range.firstDay, range.lastDay, spend) : html`<p class="empty">No spend in these days.</p>`;
  return html`<div class="card">${heading}${totals}${chart}</div>`;
}

/** A breach of the instrument's guarantees in words: what was guaranteed, what came. */
function breachWords(breach: SpecBreach): string {
  const { bound, measured } = breach;
  switch (breach.guarantee) {
    case 'time_to_first_token':
      return `first token after ${formatCount(measured)} ms (guaranteed within ${formatCount(bound)} ms)`;
    case 'token_throughput':
      return `${measured} tokens/s (guaranteed at least ${formatCount(bound)})`;
    case 'max_output_length':
      return `cut short at ${formatCount(measured)} tokens (of ${formatCount(bound)})`;
    case 'tool_call':
      return `${formatCount(measured)} invalid tool call${measured === 1 ? '' : 's'}`;
  }
}

/** Why a request is out of spec, under its status. */
function breachesNote(row: ReceiptRow): Html | string {
  const breaches = specBreachesOf(row.spec_breaches);
  if (breaches.length === 0) return '';
  return html`${breaches.map((b) => html`<span class="sub spec-breach" data-guarantee="${b.guarantee}">${breachWords(b)}</span>`)}`;
}

function receiptRows(page: Page<ReceiptRow>, keyNames: Map<string, string>): Html {
  if (page.rows.length === 0)
    return html`<tr><td class="empty" colspan="7">No requests match. Inference made with your consumption API keys appears here.</td></tr>`;
  return html`${page.rows.map((r) => {
    const billed = r.cost_status !== 'not_billed';
    return html`<tr><td class="nowrap">${formatTime(r.created_at_us)}</td><td>${r.model}<span class="sub mono">${r.id}</span></td><td>${keyNames.get(r.api_key_id) ?? html`<span class="mono small">${r.api_key_id}</span>`}</td>
<td class="small">${r.endpoint}${r.stream ? html` <span class="muted">stream</span>` : ''}</td><td><span class="pill ${statusTone[r.status]}">${r.status.replace(/_/g, ' ')}</span>${breachesNote(r)}</td>
<td class="right mono">${formatCount(r.prompt_tokens + r.completion_tokens)}</td><td class="right mono">${formatUsd(billed ? r.cost_usd_micros : 0, { everyDigit: true })}${billed ? '' : html`<span class="sub">not billed</span>`}</td></tr>`;
  })}`;
}

export async function showUsage(request: MemberRequest): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const { filters, problems } = readFilters(request.query);
  const [models, keys] = await Promise.all([
    usageModelsOfUser(request.services.db, userId),
    apiKeyNamesOfUser(request.services.db, userId),
  ]);
  const head = html`<h1>Usage</h1>
<p class="lead">Every inference request made with your consumption API keys, with what it cost. Days are UTC.</p>`;
  if (problems.length > 0) {
    const body = html`${head}${notice('error', 'These filters cannot be applied.', html`${problems.map((p) => html`<div>${p}</div>`)}`)}<div class="card">${filterForm(filters, models, keys)}</div>`;
    return show(
      layout({ title: 'Usage', viewer: request.viewer, csrfToken: request.csrfToken, current: '/usage' }, body),
      422,
    );
  }
  const page = await readPage(request, pageSize, (p) =>
    listReceipts(request.services.db, userId, filters.filter, { orderBy: 'created_at', direction: 'desc' }, p),
  );
  const body = html`${head}<div class="card">${filterForm(filters, models, keys)}</div>${await spendCard(request, filters)}
<div class="card"><h2>Requests</h2><table><thead><tr><th>Time</th><th>Model</th><th>API key</th><th>Endpoint</th><th>Status</th><th class="right">Tokens</th><th class="right">Cost</th></tr></thead>
<tbody>${receiptRows(page, new Map(keys.map((k) => [k.id, k.name])))}</tbody></table>${pager('/usage', page.paging, filters.typed)}</div>`;
  return show(
    layout({ title: 'Usage', viewer: request.viewer, csrfToken: request.csrfToken, current: '/usage' }, body),
  );
}
