import type { EarningsPeriodView, SupplyEarningsView } from '../../core/supply-port.js';
import { parseDecimal, usdScale } from '../../lib/money.js';
import { formatCount, formatUsd } from '../format.js';
import { html, type Html } from '../html.js';
import { layout } from '../layout.js';
import { show, type MemberRequest, type PageResult } from '../request.js';
import { formatIso, supplyTabs } from './supply-shared.js';

/**
 * `/supply`: the supplier's books (issue 32, item 2), the data of `GET /v1/supply/earnings`: per instrument a table of
 * its periods, newest first, with the range's totals; then the withdrawals paid out per period. A switch of links
 * (`?period=day|week|month`) chooses the period; no JavaScript.
 */

type InstrumentBooks = SupplyEarningsView['instruments'][number];
type Figures = InstrumentBooks['totals'];

const periods: readonly EarningsPeriodView[] = ['day', 'week', 'month'];
const periodLabels: Record<EarningsPeriodView, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

const periodOf = (given: string | undefined): EarningsPeriodView => periods.find((period) => period === given) ?? 'day';

/** A USD decimal string of the API as the dashboard writes amounts, every digit kept so a column lines up. */
const usdCell = (text: string): string => formatUsd(parseDecimal(text, usdScale) ?? 0, { everyDigit: true });

function periodSwitch(current: EarningsPeriodView): Html {
  const link = (period: EarningsPeriodView) =>
    html`<a href="/supply?period=${period}"${period === current ? html` class="current" aria-current="page"` : ''}>${periodLabels[period]}</a>`;
  return html`<nav class="tabs" aria-label="Period">${periods.map(link)}</nav>`;
}

const figureCells = (f: Figures): Html =>
  html`<td class="right mono">${formatCount(f.units_issued)}</td><td class="right mono">${formatCount(f.units_sold)}</td>
<td class="right mono">${formatCount(f.tokens_consumed)}</td><td class="right mono">${formatCount(f.tokens_served)}</td>
<td class="right mono">${usdCell(f.gross_proceeds)}</td><td class="right mono">${usdCell(f.fees_paid)}</td><td class="right mono">${usdCell(f.net_proceeds)}</td>
<td class="right mono">${formatCount(f.outstanding_liability)}</td>`;

const head = html`<thead><tr><th>Period</th><th class="right">Units issued</th><th class="right">Units sold</th><th class="right">Tokens consumed</th><th class="right">Tokens served</th><th class="right">Gross</th><th class="right">Fees</th><th class="right">Net</th><th class="right">Tokens owed</th></tr></thead>`;

function instrumentCard(books: InstrumentBooks): Html {
  const rows = books.periods.map(
    (p) =>
      html`<tr data-period="${p.period_start}"><td class="nowrap">${formatIso(p.period_start).slice(0, 10)}</td>${figureCells(p)}</tr>`,
  );
  return html`<div class="card books" data-instrument="${books.instrument_id}"><h2>${books.instrument_symbol}</h2>
<table>${head}<tbody>${rows}<tr class="total" data-period="total"><th scope="row">Total</th>${figureCells(books.totals)}</tr></tbody></table></div>`;
}

function withdrawalsCard(books: SupplyEarningsView): Html {
  const rows = books.withdrawals.map(
    (w) =>
      html`<tr data-period="${w.period_start}"><td class="nowrap">${formatIso(w.period_start).slice(0, 10)}</td><td class="right mono">${usdCell(w.withdrawals_paid)}</td><td class="right mono">${formatCount(w.withdrawal_count)}</td></tr>`,
  );
  return html`<div class="card withdrawals" id="withdrawals"><h2>Withdrawals paid out</h2>
<table><thead><tr><th>Period</th><th class="right">Paid</th><th class="right">Withdrawals</th></tr></thead>
<tbody>${rows}<tr class="total" data-period="total"><th scope="row">Total</th><td class="right mono">${usdCell(books.totals.withdrawals_paid)}</td><td class="right mono">${formatCount(books.totals.withdrawal_count)}</td></tr></tbody></table></div>`;
}

function summary(books: SupplyEarningsView): Html {
  const { totals } = books;
  return html`<p class="small" id="books-summary">From ${formatIso(books.from)} to ${formatIso(books.to)}: gross ${usdCell(totals.gross_proceeds)} · fees ${usdCell(totals.fees_paid)} · net ${usdCell(totals.net_proceeds)} · withdrawn ${usdCell(totals.withdrawals_paid)}</p>`;
}

export async function showSupply(request: MemberRequest): Promise<PageResult> {
  const period = periodOf(request.query.period);
  const books = await request.services.supply.earnings(request.viewer.session.user.id, period);
  const body = html`<h1>Supply</h1>
<p class="lead">Your books as a supplier, per instrument and UTC period, from the ledger and the receipts: the same as <code>GET /v1/supply/earnings</code> and <code>mkt supply earnings</code>. Tokens owed are counted at each period's end, and now for the current period and the totals.</p>
${supplyTabs('books')}
${periodSwitch(period)}
${summary(books)}
${books.instruments.length ? books.instruments.map(instrumentCard) : html`<div class="card"><p class="empty">No books yet: issue Units (<code>mkt supply issue</code>) and sell them, and your sales, fees and what you owe show here.</p></div>`}
${withdrawalsCard(books)}`;
  return show(
    layout({ title: 'Supply', viewer: request.viewer, csrfToken: request.csrfToken, current: '/supply' }, body),
  );
}
