import { hostNames, PublicUrls, type Config } from './config.js';
import type { Db } from '../db/knex.js';
import { observeGroupCommits } from '../db/group-commit.js';
import { decodeEvents, LocalEventHub } from '../core/events.js';
import { inProcessTransport, type EventTransport } from '../db/event-transport.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { bindDiagnostics, type DiagnosticsService } from '../core/diagnostics.js';
import { logMailer, type Mailer } from '../core/mailer.js';
import { cryptoRandom, type OAuthRandom } from '../platform/oauth.js';
import { openOrderBooks, type OrderBooks, type OrderDeps } from '../trading/orders/orders.js';
import { tradingPortOf } from '../trading/orders/web-port.js';
import { marketDataPortOf } from '../trading/market-data/web-port.js';
import type { MarketDataPort } from '../core/market-data-port.js';
import { placeAutoBuy } from '../trading/orders/auto-buy.js';
import type { AutoBuy, AutoTopUpPort, TradingPort } from '../core/trading-port.js';
import type { SupplyPort } from '../core/supply-port.js';
import { supplyPortOf } from '../trading/supply/web-port.js';
import { AutoTopUpQueue } from '../trading/accounts/auto-top-up.js';
import { refusalError } from '../trading/handlers/failures.js';
import type { RefusalCode } from '../trading/orders/refusals.js';
import { newHousePlanCache, type HousePlanCache } from '../trading/supply/house-supplier.js';
import { bindReference, newReferenceCache, type ReferenceCache, type ReferenceService } from '../core/reference.js';
import { sweepAbandoned } from '../consumption/inference/pipeline.js';
import { newJsonSchemas, type JsonSchemas } from '../consumption/inference/json-schemas.js';
import { newLeaseKeeper, type LeaseKeeper } from '../consumption/capacity/leases.js';
import { newRoutingState, type RoutingState } from '../consumption/inference/routing.js';
import { TicketKey } from '../core/tickets.js';
import { ticketSecretOf } from '../db/tickets.js';
import { upstreamKeySecretOf } from '../db/deployment-secrets.js';
import { UpstreamKeyring } from '../core/upstream-keys.js';
import { measureEndpoint } from './measure-endpoint.js';
import type { ConsumptionDeps } from '../consumption/deps.js';
import type { TradingDeps } from '../trading/deps.js';
import type { PlatformDeps } from '../platform/deps.js';
import type { EdgeDeps } from '../http/deps.js';
import { newMetrics, type Metrics } from '../lib/metrics.js';
import { newInferenceMetrics } from '../consumption/inference/inference-metrics.js';
import type { ReadReplica } from '../db/read-replica.js';
import { noTracer, type Tracer } from '../lib/tracer.js';

/**
 * Built once in app/main.ts: the dependencies that the functions of the surfaces and src/core take as
 * their first parameter (db, clock, logger, mailer, publicUrls, caches and the state kept between
 * calls), and the ports one surface offers another. Each surface declares what its handlers take
 * (src/<surface>/deps.ts) and the edge what it takes (src/http/deps.ts); this one object satisfies
 * them all, and the compiler holds it to that (`extends`), so every host is served with it.
 */
export interface Services extends ConsumptionDeps, TradingDeps, PlatformDeps, EdgeDeps {
  config: Config;
  /** Where clients reach each host (DESIGN.md §9); filled in as listeners start (app/main.ts). */
  publicUrls: PublicUrls;
  db: Db;
  /** DATABASE_READ_URL's replica and what this process knows of it (app/read-routing.ts); undefined without one. */
  readReplica: ReadReplica | undefined;
  clock: Clock;
  logger: Logger;
  /** This composition root's Prometheus instruments (lib/metrics.ts), served by app/metrics-listener.ts. */
  metrics: Metrics;
  /** Spans, exported over OTLP when an endpoint is set (app/tracing.ts); else lib/tracer.ts's `noTracer`. */
  tracer: Tracer;
  referenceCache: ReferenceCache;
  /** The reference functions bound to db and referenceCache, for trading code that takes an object. */
  reference: ReferenceService;
  mailer: Mailer;
  /** Events of committed transactions, for the live streams of this process (core/events.ts). */
  events: LocalEventHub;
  /** The checks bound to db and clock, for trading handlers that take an object. */
  diagnostics: DiagnosticsService;
  /** Where device codes and user codes come from (src/platform/oauth.ts). */
  oauthRandom: OAuthRandom;
  /** The order books of this process and the state the order pipeline keeps between commands. */
  orderBooks: OrderBooks;
  /** The house supplier's account and ladders, kept between the background's rounds (house-supplier.ts). */
  housePlan: HousePlanCache;
  /**
   * Auto Mode's market buy, as admission asks for it (consumption/capacity/capacity.ts), placed through trading's
   * orders.
   */
  autoBuy: AutoBuy;
  /** The supplier adapters and cool-downs that routing keeps between requests (consumption/inference/routing.ts). */
  routingState: RoutingState;
  /** The caller-schema checks' caches and compile budget (consumption/inference/json-schemas.ts). */
  jsonSchemas: JsonSchemas;
  /** The key admission tickets are signed with (consumption/inference/tickets.ts), loaded on first use. */
  ticketKey: TicketKey;
  /** Seals and opens suppliers' upstream keys (core/upstream-keys.ts); its secret is loaded on first use. */
  upstreamKeys: UpstreamKeyring;
  /** mkt's own origins, which no supplier endpoint may point at (trading/supply/endpoint-url.ts). */
  mktOrigins: () => string[];
  /**
   * The leases on this process's inference slots; started and stopped by app/main.ts (consumption/capacity/leases.ts).
   */
  leases: LeaseKeeper;
  /**
   * The sweep of abandoned inference bound to these services, as tests run it (app/background.ts calls the function
   * itself).
   */
  inference: InferenceSweep;
  /** The order pipeline as the dashboard calls it (src/web may not import trading). */
  trading: TradingPort;
  /** Market data as the dashboard's market page reads it (src/web may not import trading). */
  marketData: MarketDataPort;
  /** Suppliers' endpoints, qualification runs and scorecards as the dashboard calls them (trading/supply/web-port.ts). */
  supply: SupplyPort;
  /** Auto top-up, told of each committed settlement (consumption may not import trading). */
  autoTopUp: AutoTopUpPort;
}

export interface InferenceSweep {
  /** Settles abandoned inference requests (consumption/inference/pipeline.ts `sweepAbandoned`); answers how many. */
  sweepAbandoned(nowUs: number): Promise<number>;
}

/**
 * The live streams' plumbing: the hub this process's sessions listen on, and how events reach it from every process.
 */
interface StreamPlumbing {
  events: LocalEventHub;
  transport: EventTransport;
}

/** Without plumbing from the composition root, events stay in this process (SQLite's way; tests). */
function inProcessPlumbing(): StreamPlumbing {
  const events = new LocalEventHub();
  return {
    events,
    transport: inProcessTransport(
      (payload) => events.deliver(decodeEvents(payload)),
      () => events.wanted,
    ),
  };
}

export function createServices(
  config: Config,
  db: Db,
  clock: Clock,
  logger: Logger,
  streams: StreamPlumbing = inProcessPlumbing(),
  extras: { readReplica?: ReadReplica; tracer?: Tracer } = {},
): Services {
  const { events } = streams;
  const { readReplica, tracer = noTracer } = extras;
  const mailer = logMailer(logger);
  const publicUrls = new PublicUrls(config.publicUrls);
  const referenceCache = newReferenceCache();
  const reference = bindReference({ db, referenceCache });
  const diagnostics = bindDiagnostics({ db, clock });
  const metrics = newMetrics();
  const orderBooks = openOrderBooks(db, metrics, observeGroupCommits(db, metrics), streams.transport);
  orderBooks.books.reading.logger = logger;
  orderBooks.books.tracer = tracer;
  const orderDeps: OrderDeps = { db, referenceCache, orderBooks, config };
  const services: Services = {
    config,
    publicUrls,
    db,
    readReplica,
    clock,
    logger,
    metrics,
    tracer,
    events,
    referenceCache,
    reference,
    mailer,
    diagnostics,
    oauthRandom: cryptoRandom,
    orderBooks,
    housePlan: newHousePlanCache(),
    autoBuy: autoBuyThrough(orderDeps),
    routingState: newRoutingState(),
    inferenceMetrics: newInferenceMetrics(metrics),
    jsonSchemas: newJsonSchemas(),
    leases: newLeaseKeeper({ db, clock, logger }),
    ticketKey: new TicketKey(() => ticketSecretOf(db, config.ticketSecret, clock.nowUs())),
    upstreamKeys: new UpstreamKeyring(() => upstreamKeySecretOf(db, config.upstreamKeySecret, clock.nowUs())),
    mktOrigins: () => mktOriginsOf(config, publicUrls),
    measureEndpoint: (endpoint, instrumentId, signal) => measureEndpoint(services, endpoint, instrumentId, signal),
    inference: { sweepAbandoned: (nowUs) => sweepAbandoned(services, nowUs) },
    trading: tradingPortOf(orderDeps, clock),
    marketData: marketDataPortOf({ db, clock, referenceCache }),
    supply: supplyPortOf(() => services),
    autoTopUp: new AutoTopUpQueue({ ...orderDeps, clock, logger }),
  };
  return services;
}

/** Auto Mode's buy, as admission asks for it, placed through the orders service (trading/orders/auto-buy.ts). */
function autoBuyThrough(deps: OrderDeps): AutoBuy {
  return async (userId, marketId, units, capTicks, nowUs) => {
    const answer = await placeAutoBuy(deps, userId, marketId, units, capTicks, nowUs);
    if ('value' in answer) return 'placed';
    if (unaffordable.has(answer.refused.code)) return 'insufficient_funds';
    throw refusalError(answer.refused);
  };
}

/** The trading pipeline's refusals of an order that its USD cannot pay for. */
const unaffordable: ReadonlySet<RefusalCode> = new Set(['nothing_to_spend', 'insufficient_balance']);

/**
 * Where mkt answers: each host's public URL or listener (as it started, port 0 resolved), each configured listener
 * port on its bind address, and the metrics listener.
 */
function mktOriginsOf(config: Config, publicUrls: PublicUrls): string[] {
  const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);
  const origins = hostNames.flatMap((host) => {
    const known = publicUrls.known(host);
    const port = config.ports[host];
    return [...(known === undefined ? [] : [known]), ...(port > 0 ? [`http://${bracketed(config.host)}:${port}`] : [])];
  });
  const { metrics } = config;
  if (metrics.port !== 'off' && metrics.port > 0) origins.push(`http://${bracketed(metrics.host)}:${metrics.port}`);
  return origins;
}
