import type { EndpointOverview, SupplierEndpointView, SupplierStanding } from '../../core/supply-port.js';
import { html, type Html } from '../html.js';
import { csrfForm, layout, notice } from '../layout.js';
import { refusalOf } from '../failures.js';
import { noticeFor } from '../notices.js';
import { redirect, show, type MemberRequest, type PageResult } from '../request.js';
import {
  basisText,
  formatIso,
  instrumentSymbols,
  qualificationPill,
  reportPath,
  runPill,
  supplyTabs,
} from './supply-shared.js';

/**
 * `/endpoints`: the signed-in supplier's endpoints (issue 31, item 2), through the services the trading API's
 * `/v1/supply/endpoints` calls (WebDeps.supply), so the page and the API apply the same rules and refuse alike. The
 * upstream key is a password field and only its last 4 characters are ever shown. A run of a qualification is shown
 * running, and the page reloads itself (a meta refresh, no JavaScript) until it ends.
 */

/** The fields of the register form that the document bounds (CreateSupplierEndpointRequest). */
const fieldLengthsMax = { base_url: 512, model: 128, api_key: 1024 } as const;
const refreshWhileRunningSeconds = 3;

interface EndpointsView {
  problem?: Html;
  form?: Record<string, string>;
  status?: number;
}

function standingNotice(standing: SupplierStanding): Html | '' {
  if (standing === 'enabled') return '';
  if (standing === 'disabled')
    return notice(
      'warn',
      'The operator has disabled your supplier account.',
      'Your endpoints are kept, but you cannot issue Units. Contact support to have it enabled again.',
    );
  return html`<div class="card" id="become-supplier"><h2>You are not a supplier yet</h2>
<p>Suppliers sell inference on mkt: they register an OpenAI-compatible endpoint, have it qualified for an instrument by a qualification run, then issue Units of that instrument and sell them on the market.</p>
<p>Registering your first endpoint below makes you a supplier. The endpoint serves nothing until a qualification run measures it against the instrument's guarantees (first token, output rate, context window, output length) and its Quality Score reaches the instrument's floor.</p>
<p class="muted small">The same through the API: <code>POST /v1/supply/endpoints</code> on the trading host, or <code>mkt supply endpoints add</code>.</p></div>`;
}

function keyHint(endpoint: SupplierEndpointView): Html | string {
  if (!endpoint.api_key_set) return 'none';
  return endpoint.api_key_last4 === null
    ? 'set'
    : html`set, ending <span class="mono">…${endpoint.api_key_last4}</span>`;
}

function instrumentRows(endpoint: SupplierEndpointView, symbols: Map<string, string>): Html[] {
  return endpoint.instruments.map(
    (
      i,
    ) => html`<tr><td>${symbols.get(i.instrument_id) ?? i.instrument_id}</td><td>${qualificationPill(i.qualification)}</td>
<td>${basisText(i.basis)}</td><td class="right">${i.quality_score ?? '—'}</td><td>${i.reason ?? ''}</td>
<td>${i.report_id === null ? html`<span class="muted">no report yet</span>` : html`<a href="${reportPath(endpoint.endpoint_id, i.report_id)}">Report</a>`}</td></tr>`,
  );
}

function latestRunText({ endpoint, latestRun }: EndpointOverview): Html {
  if (latestRun === null) return html`<span class="muted">never run</span>`;
  const link = html`<a href="${reportPath(endpoint.endpoint_id, latestRun.qualification_id)}">${latestRun.qualification_id}</a>`;
  const when =
    latestRun.status === 'running' ? `started ${formatIso(latestRun.started_at)}` : formatIso(latestRun.finished_at);
  return html`${runPill(latestRun.status)} ${link} <span class="muted small">${when}</span>`;
}

function actions(request: MemberRequest, endpoint: SupplierEndpointView, running: boolean): Html {
  const path = `/endpoints/${encodeURIComponent(endpoint.endpoint_id)}`;
  const next = endpoint.status === 'active' ? 'disabled' : 'active';
  const button = (label: string, extra: Html = html``) => html`<button type="submit"${extra}>${label}</button>`;
  return html`<div class="actions">${csrfForm(`${path}/qualify`, request.csrfToken, button('Run qualification', running ? html` disabled` : html``), html` class="inline-form"`)}
${csrfForm(`${path}/status`, request.csrfToken, html`<input type="hidden" name="status" value="${next}">${button(next === 'disabled' ? 'Disable' : 'Enable', html` class="secondary"`)}`, html` class="inline-form"`)}
${csrfForm(`${path}/delete`, request.csrfToken, button('Delete', html` class="danger"`), html` class="inline-form"`)}</div>`;
}

function endpointCard(request: MemberRequest, overview: EndpointOverview, symbols: Map<string, string>): Html {
  const { endpoint, latestRun } = overview;
  const statusPill =
    endpoint.status === 'active'
      ? html`<span class="pill on">active</span>`
      : html`<span class="pill off">${endpoint.status}</span>`;
  return html`<div class="card endpoint" id="${endpoint.endpoint_id}"><div class="card-head"><h2 class="mono">${endpoint.endpoint_id}</h2>${statusPill}</div>
<dl class="facts"><dt>Base URL</dt><dd class="mono break">${endpoint.base_url ?? 'simulated'}</dd><dt>Model</dt><dd class="mono">${endpoint.model ?? '—'}</dd>
<dt>Upstream key</dt><dd>${keyHint(endpoint)}</dd><dt>Registered by</dt><dd>${endpoint.registered_by}</dd>
<dt>Latest qualification</dt><dd class="latest-run">${latestRunText(overview)}</dd></dl>
<table><thead><tr><th>Instrument</th><th>Qualification</th><th>Basis</th><th class="right">Quality Score</th><th>Reason</th><th>Latest report</th></tr></thead>
<tbody>${instrumentRows(endpoint, symbols)}</tbody></table>
${actions(request, endpoint, latestRun?.status === 'running')}</div>`;
}

function registerForm(request: MemberRequest, symbols: Map<string, string>, form: Record<string, string>): Html {
  const boxes = [...symbols].map(
    ([id, symbol]) =>
      html`<label class="check model"><input type="checkbox" name="${id}" value="on"${form[id] === 'on' ? html` checked` : ''}> ${symbol}</label>`,
  );
  return html`<div class="card"><h2>Register an endpoint</h2>${csrfForm(
    '/endpoints',
    request.csrfToken,
    html`<div class="field"><label for="base_url">Base URL<span class="hint">An OpenAI-compatible upstream, http or https, with its /v1.</span></label>
<input id="base_url" type="text" inputmode="url" name="base_url" value="${form.base_url ?? ''}" maxlength="${fieldLengthsMax.base_url}" placeholder="https://inference.example.com/v1" required></div>
<div class="field"><label for="model">Model<span class="hint">The model to ask the upstream for.</span></label>
<input id="model" type="text" name="model" value="${form.model ?? ''}" maxlength="${fieldLengthsMax.model}" required></div>
<div class="field"><label for="api_key">Upstream key (optional)<span class="hint">Sent to the upstream as a Bearer token; stored encrypted and never shown again.</span></label>
<input id="api_key" type="password" name="api_key" value="" maxlength="${fieldLengthsMax.api_key}" autocomplete="new-password"></div>
<fieldset class="models"><legend>Instruments offered</legend>${boxes}</fieldset>
<div class="actions"><button type="submit">Register endpoint</button></div>`,
  )}</div>`;
}

async function endpointsPage(request: MemberRequest, view: EndpointsView = {}): Promise<PageResult> {
  const userId = request.viewer.session.user.id;
  const [standing, overviews, symbols] = await Promise.all([
    request.services.supply.standing(userId),
    request.services.supply.listEndpoints(userId),
    instrumentSymbols(request.services),
  ]);
  const running = overviews.some((o) => o.latestRun?.status === 'running');
  const list = overviews.length
    ? overviews.map((o) => endpointCard(request, o, symbols))
    : standing === 'none'
      ? ''
      : html`<div class="card"><p class="empty">No endpoints. Register one below.</p></div>`;
  const body = html`<h1>Endpoints</h1>
<p class="lead">Where your inference goes. An endpoint serves an instrument only while it is qualified for it; a new endpoint is pending until a qualification run measures it.</p>
${supplyTabs('endpoints')}${view.problem ?? ''}${noticeFor(request.query.notice)}${standingNotice(standing)}
${running ? notice('info', 'A qualification run is measuring an endpoint.', 'This page reloads itself until it ends.') : ''}
${list}${registerForm(request, symbols, view.form ?? {})}`;
  return show(
    layout(
      {
        title: 'Endpoints',
        viewer: request.viewer,
        csrfToken: request.csrfToken,
        current: '/supply',
        ...(running ? { refreshSeconds: refreshWhileRunningSeconds } : {}),
      },
      body,
    ),
    view.status ?? 200,
  );
}

export const showEndpoints = (request: MemberRequest) => endpointsPage(request);

/** The route's `:id` (the router always sets it). */
const endpointIdOf = (request: MemberRequest): string => request.params.id ?? '';

/** The register form's own check of what the document bounds; the service checks the rest. */
function formProblem(form: Record<string, string>): string | undefined {
  for (const [field, max] of Object.entries(fieldLengthsMax)) {
    const value = form[field] ?? '';
    if (value.length > max) return `The ${field.replace('_', ' ')} may have at most ${max} characters.`;
  }
  if ((form.model ?? '').trim() === '') return 'Name the model to ask the upstream for.';
  return undefined;
}

/** A refusal of the suppliers' services as the page shows it; anything else is rethrown (a bug: 500). */
async function refused(request: MemberRequest, error: unknown, title: string, form?: Record<string, string>) {
  const refusal = refusalOf(error);
  if (refusal === undefined) throw error;
  const problem = notice('error', title, refusal.detail);
  return endpointsPage(request, { problem, status: refusal.status, ...(form ? { form } : {}) });
}

export async function registerEndpoint(request: MemberRequest): Promise<PageResult> {
  const form = { ...request.form, api_key: '' };
  const problem = formProblem(request.form);
  if (problem !== undefined)
    return endpointsPage(request, {
      problem: notice('error', 'The endpoint was not registered.', problem),
      form,
      status: 422,
    });
  const apiKey = request.form.api_key ?? '';
  try {
    await request.services.supply.registerEndpoint(request.viewer.session.user.id, {
      baseUrl: (request.form.base_url ?? '').trim(),
      model: (request.form.model ?? '').trim(),
      apiKey: apiKey === '' ? undefined : apiKey,
      instruments: Object.keys(request.form).filter(
        (name) => name.startsWith('instrument-') && request.form[name] === 'on',
      ),
    });
  } catch (error) {
    return refused(request, error, 'The endpoint was not registered.', form);
  }
  return redirect('/endpoints?notice=endpoint_registered');
}

export async function setEndpointStatus(request: MemberRequest): Promise<PageResult> {
  const status = request.form.status;
  if (status !== 'active' && status !== 'disabled')
    return endpointsPage(request, {
      problem: notice('error', 'The endpoint was not changed.', 'Choose active or disabled.'),
      status: 422,
    });
  try {
    await request.services.supply.setEndpointStatus(request.viewer.session.user.id, endpointIdOf(request), status);
  } catch (error) {
    return refused(request, error, 'The endpoint was not changed.');
  }
  return redirect(`/endpoints?notice=${status === 'active' ? 'endpoint_enabled' : 'endpoint_disabled'}`);
}

export async function deleteEndpoint(request: MemberRequest): Promise<PageResult> {
  try {
    await request.services.supply.deleteEndpoint(request.viewer.session.user.id, endpointIdOf(request));
  } catch (error) {
    return refused(request, error, 'The endpoint was not deleted.');
  }
  return redirect('/endpoints?notice=endpoint_deleted');
}

export async function startQualification(request: MemberRequest): Promise<PageResult> {
  try {
    await request.services.supply.startQualification(request.viewer.session.user.id, endpointIdOf(request));
  } catch (error) {
    return refused(request, error, 'The qualification run did not start.');
  }
  return redirect('/endpoints?notice=qualification_started');
}
