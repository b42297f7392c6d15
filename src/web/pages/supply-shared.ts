import { listModels } from '../../core/reference.js';
import type { SupplierEndpointView } from '../../core/supply-port.js';
import type { WebDeps } from '../deps.js';
import { html, type Html } from '../html.js';

/** What the supplier's pages (supply.ts, endpoints.ts, qualification.ts, scorecard.ts) share: tabs, names and pills. */

type Qualification = SupplierEndpointView['instruments'][number]['qualification'];

export function supplyTabs(current: 'books' | 'endpoints' | 'scorecard'): Html {
  const tab = (href: string, label: string, on: boolean) =>
    html`<a href="${href}"${on ? html` class="current" aria-current="page"` : ''}>${label}</a>`;
  return html`<nav class="tabs" aria-label="Supply">${tab('/supply', 'Books', current === 'books')}${tab('/endpoints', 'Endpoints', current === 'endpoints')}${tab('/scorecard', 'Scorecard', current === 'scorecard')}</nav>`;
}

/** Instrument ids by their symbols (TEXT-STANDARD), in the market's order, for lists and checkboxes. */
export async function instrumentSymbols(services: WebDeps): Promise<Map<string, string>> {
  const { instruments } = await listModels(services);
  return new Map(instruments.map((i) => [i.id, i.symbol]));
}

const qualificationTone: Record<Qualification, string> = {
  qualified: 'on',
  pending: 'off',
  not_qualified: 'bad',
  suspended: 'bad',
};

export const qualificationPill = (qualification: Qualification): Html =>
  html`<span class="pill ${qualificationTone[qualification]}">${qualification.replace('_', ' ')}</span>`;

export const basisText = (basis: 'run' | 'override'): string =>
  basis === 'run' ? 'qualification run' : 'operator override';

export const reportPath = (endpointId: string, qualificationId: string): string =>
  `/endpoints/${encodeURIComponent(endpointId)}/qualifications/${encodeURIComponent(qualificationId)}`;

/** A run's status as a pill: running, completed or failed. */
export function runPill(status: 'running' | 'completed' | 'failed'): Html {
  const tone = status === 'completed' ? 'on' : status === 'failed' ? 'bad' : 'off';
  return html`<span class="pill ${tone}">${status}</span>`;
}

/** An ISO time of the API's views as the dashboard writes times: `2026-11-22 10:15 UTC`. */
export const formatIso = (iso: string | null, fallback = '—'): string =>
  iso === null ? fallback : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
