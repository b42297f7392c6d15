import { candleResolutions, type CandleResolution, type MarketSnapshot } from '../../core/market-data-port.js';
import { findMarket, type MarketWithInstrument } from '../../core/reference.js';
import { marketSymbols } from '../../db/dashboard.js';
import { formatCount } from '../format.js';
import { html, trusted, type Html } from '../html.js';
import { layout, notice } from '../layout.js';
import { candleChart, depthChart } from '../market-charts.js';
import { noticeFor } from '../notices.js';
import { redirect, show, withQuery, type MemberRequest, type PageRequest, type PageResult } from '../request.js';
import { ownOrders, placedNotice, tickerLine, tradesTable } from './market-activity.js';
import { ladder } from './market-ladder.js';
import { readTicket, ticketCard } from './market-ticket.js';

/**
 * `/markets` (every market with its last price and 24 hours) and `/markets/{market_id}` (one market: ticker, candles,
 * book as a ladder and a depth chart, the latest trades, the viewer's open orders, the order ticket). The first paint
 * is complete without JavaScript; src/web/assets/market.js then keeps it current from the trading host's streams,
 * starting from the state the page carries (`#market-state`). The ticket posts to `/markets/{market_id}/orders`,
 * which places the order through the trading pipeline (WebDeps.trading, as a cancel does).
 */
const defaultResolution: CandleResolution = '1h';

/** A market by its id or its instrument's symbol (any case), as the trading API's symbol spellings allow. */
async function marketNamed(request: PageRequest, name: string): Promise<MarketWithInstrument | undefined> {
  const byId = await findMarket(request.services, name);
  if (byId) return byId;
  const row = (await marketSymbols(request.services.db)).find((m) => m.symbol.toUpperCase() === name.toUpperCase());
  return row === undefined ? undefined : findMarket(request.services, row.market_id);
}

const marketPath = (marketId: string): string => `/markets/${encodeURIComponent(marketId)}`;

async function marketRows(request: PageRequest): Promise<Html> {
  const nowUs = request.services.clock.nowUs();
  const markets = await marketSymbols(request.services.db);
  markets.sort((a, b) => a.symbol.localeCompare(b.symbol));
  const rows = await Promise.all(
    markets.map(async (m) => {
      const { ticker, stats } = await request.services.marketData.summary(m.market_id, nowUs);
      return html`<tr><td><a href="${marketPath(m.market_id)}">${m.symbol}</a></td><td class="right mono">${ticker.last_price ?? '—'}</td><td class="right mono">${stats.change_pct_24h === null ? '—' : `${stats.change_pct_24h}%`}</td><td class="right mono">${formatCount(ticker.volume_24h)}</td><td class="right mono">${ticker.highest_bid ?? '—'}</td><td class="right mono">${ticker.lowest_ask ?? '—'}</td></tr>`;
    }),
  );
  return html`${rows}`;
}

async function marketsPage(request: PageRequest, problem?: Html, status = 200): Promise<PageResult> {
  const body = html`<h1>Markets</h1>
<p class="lead">One market per instrument: Units of inference for USD. Prices are USD per Unit; figures cover the last 24 hours.</p>
${problem ?? ''}<div class="card"><table><thead><tr><th>Market</th><th class="right">Last price</th><th class="right">24h change</th><th class="right">24h volume</th><th class="right">Bid</th><th class="right">Ask</th></tr></thead>
<tbody>${await marketRows(request)}</tbody></table></div>`;
  return show(
    layout({ title: 'Markets', viewer: request.viewer, csrfToken: request.csrfToken, current: '/markets' }, body),
    status,
  );
}

export const showMarkets = (request: PageRequest) => marketsPage(request);

const unknownMarket = (request: PageRequest) =>
  marketsPage(
    request,
    notice('warn', 'There is no such market.', 'Pick one from the list; a market is named by its id or its symbol.'),
    404,
  );

const resolutionOf = (request: PageRequest): CandleResolution =>
  candleResolutions.find((r) => r === request.query.interval) ?? defaultResolution;

function intervalTabs(path: string, current: CandleResolution): Html {
  return html`<nav class="tabs intervals" aria-label="Candle interval">${candleResolutions.map(
    (r) =>
      html`<a href="${withQuery(path, { interval: r })}"${r === current ? html` class="current" aria-current="page"` : ''}>${r}</a>`,
  )}</nav>`;
}

/** The state the script starts from, as JSON a `<script type="application/json">` carries (never run). */
function stateScript(request: PageRequest, snapshot: MarketSnapshot, resolution: CandleResolution): Html {
  const state = {
    market_id: snapshot.book.market_id,
    resolution,
    stream_url: request.services.publicUrls.stream() ?? null,
    ...snapshot,
  };
  // `<` escaped, so no text in the state can close the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return html`<script type="application/json" id="market-state">${trusted(json)}</script>${state.stream_url === null ? '' : html`<script type="module" src="/assets/market.js"></script>`}`;
}

interface MarketView {
  problem?: Html;
  status?: number;
  /** The ticket's fields as sent, after a refusal. */
  form?: Record<string, string>;
}

async function marketPage(
  request: PageRequest,
  found: MarketWithInstrument,
  view: MarketView = {},
): Promise<PageResult> {
  const { market, instrument } = found;
  const path = marketPath(market.id);
  const resolution = resolutionOf(request);
  const snapshot = await request.services.marketData.snapshot(market.id, resolution, request.services.clock.nowUs());
  const body = html`<div class="market-head"><h1>${instrument.symbol} <span class="muted">${market.name}</span></h1><span class="pill off" id="stream-status" title="As of ${snapshot.stats.as_of}">Snapshot</span></div>
${tickerLine(snapshot)}${view.problem ?? ''}${noticeFor(request.query.notice)}${await placedNotice(request, market.id)}
<div class="market-grid"><div class="market-main">
<div class="card"><div class="card-head"><h2>Price (${resolution} candles)</h2>${intervalTabs(path, resolution)}</div><div id="candle-chart">${candleChart(snapshot.candles)}</div></div>
<div class="card"><h2>Depth</h2><div id="depth-chart">${depthChart(snapshot.book.buy, snapshot.book.sell)}</div></div>
<div class="card"><h2>Recent trades</h2>${tradesTable(snapshot.trades)}</div>
</div><div class="market-side">
<div class="card"><h2>Order book</h2>${ladder(snapshot.book)}</div>
${ticketCard(request, path, view.form)}
</div></div>
${await ownOrders(request, market.id, path)}
${stateScript(request, snapshot, resolution)}`;
  return show(
    layout(
      { title: instrument.symbol, viewer: request.viewer, csrfToken: request.csrfToken, current: '/markets' },
      body,
    ),
    view.status ?? 200,
  );
}

export async function showMarket(request: PageRequest): Promise<PageResult> {
  const found = await marketNamed(request, request.params.id ?? '');
  return found === undefined ? unknownMarket(request) : marketPage(request, found);
}

/** The ticket's POST: read the form, place through the pipeline, then show what became of the order. */
export async function placeMarketOrder(request: MemberRequest): Promise<PageResult> {
  const found = await marketNamed(request, request.params.id ?? '');
  if (found === undefined) return unknownMarket(request);
  const read = readTicket(found.market.id, request.form);
  if ('problems' in read)
    return marketPage(request, found, {
      problem: notice('error', 'The order was not placed.', read.problems.join(' ')),
      status: 422,
      form: request.form,
    });
  const placed = await request.services.trading.placeOrder(request.viewer.session.user.id, read.order);
  if (placed.outcome === 'placed')
    return redirect(
      withQuery(marketPath(found.market.id), { interval: request.query.interval, order: placed.orderId }),
    );
  for (const [name, value] of Object.entries(placed.headers)) request.ctx.set(name, value);
  return marketPage(request, found, {
    problem: notice('error', 'The order was refused.', placed.detail),
    status: placed.status,
    form: request.form,
  });
}
