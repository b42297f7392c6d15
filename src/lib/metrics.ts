import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { priceScale } from './money.js';
import {
  combine,
  counterAtZero,
  gaugeAtZero,
  histogramAtZero,
  valuesOf,
  type KnownLabels,
  type SeriesAtZero,
} from './metric-series.js';

/**
 * The instruments mkt exports to Prometheus (issue 24's table), one set per composition root, so two services in one
 * process (the tests) count apart. Names follow Prometheus practice: base units (seconds, USD, units), `_total` on
 * counters, and labels of bounded cardinality only — hosts, operation ids, markets, instruments, closed codes; never a
 * user, key, order or request id. The inference instruments carry the OpenTelemetry GenAI names in Prometheus form.
 *
 * Callers hold the instruments themselves (`metrics.orders.inc({ … })`): prom-client's objects are the interface, and a
 * wrapper would only rename them. The listener that serves them is app/metrics-listener.ts.
 */
export interface Metrics {
  registry: Registry;
  /** What the gauges read at scrape time come from, set by the composition root (app/compose.ts). */
  scrapeSources: ScrapeSources;
  httpRequestDuration: Histogram<'host' | 'operation' | 'method' | 'status_class'>;
  httpActiveRequests: Gauge<'host'>;
  orders: Counter<'market' | 'type' | 'result'>;
  trades: Counter<'market'>;
  tradedUnits: Counter<'market'>;
  bookBestPrice: Gauge<'market' | 'side'>;
  bookRestingOrders: Gauge<'market'>;
  /** What the two book gauges read at scrape: this process's order books (set by trading/orders/order-books.ts). */
  bookSource: BookGaugeSource;
  batchCommands: Histogram;
  batchCommitSeconds: Histogram<'database'>;
  forwardedRequests: Counter<'outcome'>;
  genAiRequestDuration: Histogram<'instrument' | 'endpoint' | 'result'>;
  genAiTimeToFirstToken: Histogram<'instrument'>;
  genAiTimePerOutputToken: Histogram<'instrument'>;
  genAiTokenUsage: Histogram<'instrument' | 'token_type'>;
  inferenceBilledUsd: Counter<'instrument' | 'cost_status'>;
  supplierAttempts: Counter<'instrument' | 'result'>;
  supplierFailovers: Counter<'instrument'>;
  inferenceSlotsInUse: Gauge<'instrument'>;
  depositsUsd: Counter<'method'>;
  withdrawalsUsd: Counter<'method'>;
  ledgerAuditOk: Gauge;
  streamConnections: Gauge;
  streamSubscriptions: Gauge<'stream'>;
  streamClosed: Counter<'code'>;
  dbPoolConnections: Gauge<'state'>;
  dbStatementSeconds: Histogram<'statement'>;
}

/** Readings taken when the registry is scraped, rather than kept up to date on every change. */
export interface ScrapeSources {
  /** The database pool's connections by state (db/knex-client.ts `poolConnectionsOf`). */
  poolConnections?: () => Record<'used' | 'free' | 'pending', number>;
}

/** One market's book as the book gauges show it: best prices in ticks (null while that side is empty), orders resting. */
export interface BookTop {
  bestBidTicks: number | null;
  bestAskTicks: number | null;
  restingOrders: number;
}

/**
 * Where the book gauges find the books at scrape: reading the books then costs nothing per order, where updating the
 * gauges per command would cost every order a few label lookups.
 */
export interface BookGaugeSource {
  read: () => ReadonlyMap<string, BookTop>;
}

/** Request and commit latencies: 0.5 ms to 10 s. */
const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A statement's time: 50 µs to 1 s. */
const statementBuckets = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 1];

/** Inference: the OpenTelemetry GenAI semantic conventions' advised buckets for gen_ai.server.request.duration. */
const inferenceBuckets = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

/** gen_ai.server.time_per_output_token's advised buckets. */
const perTokenBuckets = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2.5];

/** gen_ai.client.token.usage's advised buckets (token counts). */
const tokenBuckets = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

/** Commands per group commit: 1 to 256. */
const batchBuckets = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** `mkt_db_pool_connections`, read from `sources` when scraped. */
function poolConnectionsGauge(registers: Registry[], sources: ScrapeSources): Gauge<'state'> {
  return new Gauge({
    name: 'mkt_db_pool_connections',
    help: "The database pool's connections, by state (used, free, pending).",
    labelNames: ['state'],
    registers,
    collect() {
      const connections = sources.poolConnections?.();
      if (connections === undefined) return;
      this.set({ state: 'used' }, connections.used);
      this.set({ state: 'free' }, connections.free);
      this.set({ state: 'pending' }, connections.pending);
    },
  });
}

/** A fresh registry holding every instrument; prom-client's default process metrics are added by the listener. */
export function newMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const scrapeSources: ScrapeSources = {};
  const bookSource: BookGaugeSource = { read: () => new Map() };
  return {
    registry,
    scrapeSources,
    ...httpInstruments(registers),
    ...tradingInstruments(registers, bookSource),
    ...genAiInstruments(registers),
    ...supplyInstruments(registers),
    ...operationsInstruments(registers, scrapeSources),
  };
}

/**
 * The series created at 0 when the process starts (lib/metric-series.ts): which known values each labelled instrument
 * starts with. Combinations stay bounded: an operation only with its own method and the status classes its document
 * names, an order type only with the results it can meet. Left out: the book and pool gauges (set at scrape), the
 * statements' histogram (a hundred names or more, read for quantiles, not increases), the stream subscriptions gauge.
 */
export function seriesAtZeroOf(m: Metrics): SeriesAtZero[] {
  const byInstrument = (k: KnownLabels) => valuesOf('instrument', k.instruments);
  const byMarket = (k: KnownLabels) => valuesOf('market', k.markets);
  return [
    histogramAtZero(m.httpRequestDuration, (k) =>
      k.operations.flatMap(({ host, operation, method, statusClasses }) =>
        combine([{ host, operation, method }], valuesOf('status_class', statusClasses)),
      ),
    ),
    gaugeAtZero(m.httpActiveRequests, (k) => combine(valuesOf('host', k.hosts))),
    counterAtZero(m.orders, (k) => combine(byMarket(k), k.orderOutcomes)),
    counterAtZero(m.trades, (k) => combine(byMarket(k))),
    counterAtZero(m.tradedUnits, (k) => combine(byMarket(k))),
    histogramAtZero(m.batchCommitSeconds, (k) => combine(valuesOf('database', k.databases))),
    counterAtZero(m.forwardedRequests, () => combine(valuesOf('outcome', forwardOutcomes))),
    histogramAtZero(m.genAiRequestDuration, (k) =>
      combine(byInstrument(k), valuesOf('endpoint', k.endpoints), valuesOf('result', k.servedResults)),
    ),
    histogramAtZero(m.genAiTimeToFirstToken, (k) => combine(byInstrument(k))),
    histogramAtZero(m.genAiTimePerOutputToken, (k) => combine(byInstrument(k))),
    histogramAtZero(m.genAiTokenUsage, (k) => combine(byInstrument(k), valuesOf('token_type', k.tokenTypes))),
    counterAtZero(m.inferenceBilledUsd, (k) => combine(byInstrument(k), valuesOf('cost_status', k.costStatuses))),
    counterAtZero(m.supplierAttempts, (k) => combine(byInstrument(k), valuesOf('result', k.attemptResults))),
    counterAtZero(m.supplierFailovers, (k) => combine(byInstrument(k))),
    gaugeAtZero(m.inferenceSlotsInUse, (k) => combine(byInstrument(k))),
    counterAtZero(m.depositsUsd, (k) => combine(valuesOf('method', k.depositMethods))),
    counterAtZero(m.withdrawalsUsd, (k) => combine(valuesOf('method', k.withdrawalMethods))),
    counterAtZero(m.streamClosed, (k) => combine(valuesOf('code', k.closeCodes))),
  ];
}

/** HTTP at the edge. */
function httpInstruments(registers: Registry[]) {
  return {
    httpRequestDuration: new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Duration of HTTP requests, by host, operation (operationId, page or not_found), method and status class.',
      labelNames: ['host', 'operation', 'method', 'status_class'],
      buckets: latencyBuckets,
      registers,
    }),
    httpActiveRequests: new Gauge({
      name: 'http_server_active_requests',
      help: 'HTTP requests being served.',
      labelNames: ['host'],
      registers,
    }),
  };
}

/** The exchange: orders, trades, the books (read from `bookSource` at scrape) and the group commits. */
function tradingInstruments(registers: Registry[], bookSource: BookGaugeSource) {
  return {
    orders: new Counter({
      name: 'mkt_orders_total',
      help: 'Orders placed, by market, type and result (accepted or the refusal code).',
      labelNames: ['market', 'type', 'result'],
      registers,
    }),
    trades: new Counter({ name: 'mkt_trades_total', help: 'Trades.', labelNames: ['market'], registers }),
    tradedUnits: new Counter({
      name: 'mkt_traded_units_total',
      help: 'Units traded (whole units of the instrument).',
      labelNames: ['market'],
      registers,
    }),
    bookBestPrice: new Gauge({
      name: 'mkt_book_best_price',
      help: 'Best bid and ask in USD per unit (absent when that side is empty).',
      labelNames: ['market', 'side'],
      registers,
      collect() {
        showBestPrices(this, bookSource.read());
      },
    }),
    bookRestingOrders: new Gauge({
      name: 'mkt_book_resting_orders',
      help: 'Orders resting on the book.',
      labelNames: ['market'],
      registers,
      collect() {
        this.reset();
        for (const [market, top] of bookSource.read()) this.set({ market }, top.restingOrders);
      },
    }),
    bookSource,
    batchCommands: new Histogram({
      name: 'mkt_batch_commands',
      help: 'Commands committed together by one group commit.',
      buckets: batchBuckets,
      registers,
    }),
    batchCommitSeconds: new Histogram({
      name: 'mkt_batch_commit_seconds',
      help: "Duration of a group commit's transaction, by database.",
      labelNames: ['database'],
      buckets: latencyBuckets,
      registers,
    }),
    forwardedRequests: new Counter({
      name: 'mkt_forwarded_requests_total',
      help:
        "Trading writes for a market another process trades (MKT_MARKETS), by outcome: forwarded (the owner's answer " +
        'given back), no_owner (503: no live process trades it) or owner_lost (503: the owner did not answer).',
      labelNames: ['outcome'],
      registers,
    }),
  };
}

/** The outcomes `mkt_forwarded_requests_total` counts (http/forwarding.ts). */
export const forwardOutcomes = ['forwarded', 'no_owner', 'owner_lost'] as const;
export type ForwardOutcome = (typeof forwardOutcomes)[number];

/** Inference under the OpenTelemetry GenAI names. */
function genAiInstruments(registers: Registry[]) {
  return {
    genAiRequestDuration: new Histogram({
      name: 'gen_ai_server_request_duration_seconds',
      help: 'Duration of inference requests (gen_ai.server.request.duration), by instrument, endpoint and result.',
      labelNames: ['instrument', 'endpoint', 'result'],
      buckets: inferenceBuckets,
      registers,
    }),
    genAiTimeToFirstToken: new Histogram({
      name: 'gen_ai_server_time_to_first_token_seconds',
      help: 'Time to the first output token of streamed inference (gen_ai.server.time_to_first_token).',
      labelNames: ['instrument'],
      buckets: inferenceBuckets,
      registers,
    }),
    genAiTimePerOutputToken: new Histogram({
      name: 'gen_ai_server_time_per_output_token_seconds',
      help: 'Time per output token after the first (gen_ai.server.time_per_output_token).',
      labelNames: ['instrument'],
      buckets: perTokenBuckets,
      registers,
    }),
    genAiTokenUsage: new Histogram({
      name: 'gen_ai_client_token_usage',
      help: 'Billable tokens per inference request (gen_ai.client.token.usage), by instrument and token type.',
      labelNames: ['instrument', 'token_type'],
      buckets: tokenBuckets,
      registers,
    }),
  };
}

/** Billing, the suppliers and the slots. */
function supplyInstruments(registers: Registry[]) {
  return {
    inferenceBilledUsd: new Counter({
      name: 'mkt_inference_billed_usd_total',
      help: 'USD billed for inference, by instrument and cost status.',
      labelNames: ['instrument', 'cost_status'],
      registers,
    }),
    supplierAttempts: new Counter({
      name: 'mkt_supplier_attempts_total',
      help: "Upstream supplier attempts, by instrument and result (ok, failed, timeout, aborted: the request's own abort, cooled_down).",
      labelNames: ['instrument', 'result'],
      registers,
    }),
    supplierFailovers: new Counter({
      name: 'mkt_supplier_failovers_total',
      help: 'Inference requests moved to another supplier after an attempt failed.',
      labelNames: ['instrument'],
      registers,
    }),
    inferenceSlotsInUse: new Gauge({
      name: 'mkt_inference_slots_in_use',
      help: "Inference slots this process's requests hold.",
      labelNames: ['instrument'],
      registers,
    }),
  };
}

/** Money in, the audit, the live streams and the database. */
function operationsInstruments(registers: Registry[], scrapeSources: ScrapeSources) {
  return {
    depositsUsd: new Counter({
      name: 'mkt_deposits_usd_total',
      help: 'USD credited by deposits, by method (sandbox, manual, auto_reload).',
      labelNames: ['method'],
      registers,
    }),
    withdrawalsUsd: new Counter({
      name: 'mkt_withdrawals_usd_total',
      help: 'USD paid out by withdrawals, by method (sandbox: at once; manual: approved by an operator).',
      labelNames: ['method'],
      registers,
    }),
    ledgerAuditOk: new Gauge({
      name: 'mkt_ledger_audit_ok',
      help: 'The last periodic ledger audit: 1 when every balance matched its journal, 0 when one did not, NaN before one is known (or with MKT_AUDIT_INTERVAL_S=0).',
      registers,
    }),
    streamConnections: new Gauge({
      name: 'mkt_stream_connections',
      help: 'Open live-stream sockets.',
      registers,
    }),
    streamSubscriptions: new Gauge({
      name: 'mkt_stream_subscriptions',
      help: 'Live-stream subscriptions, by stream.',
      labelNames: ['stream'],
      registers,
    }),
    streamClosed: new Counter({
      name: 'mkt_stream_closed_total',
      help: 'Live-stream sockets closed, by close code.',
      labelNames: ['code'],
      registers,
    }),
    dbPoolConnections: poolConnectionsGauge(registers, scrapeSources),
    dbStatementSeconds: new Histogram({
      name: 'mkt_db_statement_seconds',
      help: "Duration of the prepared statements, by the statement's name.",
      labelNames: ['statement'],
      buckets: statementBuckets,
      registers,
    }),
  };
}

const ticksPerUsd = 10 ** priceScale;

/** Each side's best price in USD; a side that is empty has no series (reset drops the one it had). */
function showBestPrices(gauge: Gauge<'market' | 'side'>, tops: ReadonlyMap<string, BookTop>): void {
  gauge.reset();
  for (const [market, top] of tops) {
    if (top.bestBidTicks !== null) gauge.set({ market, side: 'bid' }, top.bestBidTicks / ticksPerUsd);
    if (top.bestAskTicks !== null) gauge.set({ market, side: 'ask' }, top.bestAskTicks / ticksPerUsd);
  }
}
