import type { QualificationRunView } from '../../core/supply-port.js';
import { html, type Html } from '../html.js';
import { layout, notice } from '../layout.js';
import { refusalOf } from '../failures.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { formatIso, instrumentSymbols, runPill, supplyTabs } from './supply-shared.js';

/**
 * `/endpoints/{endpoint_id}/qualifications/{qualification_id}`: one qualification run as the supplier reads it from
 * `GET /v1/supply/endpoints/{endpoint_id}/qualifications/{qualification_id}`: per instrument its score against the
 * floor, each guarantee (bound, measured, pass or fail) and each probe. While it runs, the page reloads itself.
 */

type Report = QualificationRunView['reports'][number];

const refreshWhileRunningSeconds = 3;

const passPill = (passed: boolean): Html =>
  passed ? html`<span class="pill on">pass</span>` : html`<span class="pill bad">fail</span>`;

function guaranteeTable(report: Report): Html {
  const rows = report.guarantees.map(
    (g) => html`<tr><td>${g.guarantee.replaceAll('_', ' ')}</td><td class="right">${g.bound}</td>
<td class="right">${g.measured ?? '—'}</td><td>${passPill(g.passed)}</td><td>${g.detail}</td></tr>`,
  );
  return html`<h3>Guarantees</h3><table class="guarantees"><thead><tr><th>Guarantee</th><th class="right">Bound</th><th class="right">Measured</th><th>Result</th><th>Detail</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="5">No guarantee was measured.</td></tr>`}</tbody></table>`;
}

function probeTable(report: Report): Html {
  const rows = report.probes.map(
    (p) => html`<tr><td class="mono">${p.probe}</td><td>${p.suite}</td><td>${passPill(p.passed)}</td>
<td>${p.detail}</td><td class="right">${p.elapsed_ms} ms</td></tr>`,
  );
  return html`<h3>Probes</h3><table class="probes"><thead><tr><th>Probe</th><th>Suite</th><th>Result</th><th>Detail</th><th class="right">Elapsed</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td class="empty" colspan="5">No probe was sent.</td></tr>`}</tbody></table>`;
}

function reportCard(report: Report, symbols: Map<string, string>): Html {
  const verdict = report.qualified
    ? html`<span class="pill on">qualified</span>`
    : html`<span class="pill bad">not qualified</span>`;
  return html`<div class="card report"><div class="card-head"><h2>${symbols.get(report.instrument_id) ?? report.instrument_id}</h2>${verdict}</div>
<dl class="facts"><dt>Status</dt><dd>${report.status}</dd>
<dt>Quality Score</dt><dd><strong class="score">${report.quality_score ?? '—'}</strong><span class="muted small">floor ${report.min_performance_benchmark}</span></dd>
${report.failure === null ? '' : html`<dt>Failure</dt><dd>${report.failure}</dd>`}<dt>Seed</dt><dd class="mono">${report.seed}</dd></dl>
${guaranteeTable(report)}${probeTable(report)}</div>`;
}

function reportPage(request: MemberRequest, run: QualificationRunView, symbols: Map<string, string>): PageResult {
  const running = run.status === 'running';
  const body = html`<h1>Qualification report</h1>
<p class="lead"><a href="/endpoints">← Endpoints</a> · <span class="mono">${run.qualification_id}</span> of <span class="mono">${run.endpoint_id}</span></p>
${supplyTabs('endpoints')}
<div class="card"><dl class="facts"><dt>Status</dt><dd id="run-status">${runPill(run.status)}</dd>
<dt>Started</dt><dd>${formatIso(run.started_at)}</dd><dt>Finished</dt><dd>${formatIso(run.finished_at, running ? 'still running' : '—')}</dd>
${run.failure === null ? '' : html`<dt>Failure</dt><dd>${run.failure}</dd>`}</dl></div>
${running ? notice('info', 'The run is measuring the endpoint.', 'This page reloads itself until it ends.') : ''}
${run.reports.map((report) => reportCard(report, symbols))}`;
  return show(
    layout(
      {
        title: 'Qualification report',
        viewer: request.viewer,
        csrfToken: request.csrfToken,
        current: '/supply',
        ...(running ? { refreshSeconds: refreshWhileRunningSeconds } : {}),
      },
      body,
    ),
  );
}

export async function showQualification(request: MemberRequest): Promise<PageResult> {
  let run: QualificationRunView;
  try {
    run = await request.services.supply.getQualification(
      request.viewer.session.user.id,
      request.params.endpoint ?? '',
      request.params.qualification ?? '',
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === undefined) throw error;
    const body = html`<h1>Qualification report</h1>${notice('warn', 'There is no such report.', refusal.detail)}
<p><a href="/endpoints">Back to your endpoints</a></p>`;
    return show(
      layout(
        { title: 'Qualification report', viewer: request.viewer, csrfToken: request.csrfToken, current: '/supply' },
        body,
      ),
      refusal.status,
    );
  }
  return reportPage(request, run, await instrumentSymbols(request.services));
}
