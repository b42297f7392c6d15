import { PublicUrls, type Config } from './config.js';
import type { Db } from './db/knex.js';
import { decodeEvents, LocalEventHub } from './core/events.js';
import { inProcessTransport, type EventTransport } from './db/event-transport.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { bindDiagnostics, type DiagnosticsService } from './core/diagnostics.js';
import { logMailer, type Mailer } from './core/mailer.js';
import { cryptoRandom, type OAuthRandom } from './core/oauth.js';
import { createOrder, openOrderBooks, type OrderBooks, type OrderDeps } from './trading/orders.js';
import { newHousePlanCache, type HousePlanCache } from './trading/house-supplier.js';
import { bindReference, newReferenceCache, type ReferenceCache, type ReferenceService } from './core/reference.js';
import type { AutoBuy } from './consumption/capacity.js';
import { createInferenceService, type InferenceService } from './consumption/inference.js';
import { newRoutingState } from './consumption/routing.js';

/**
 * Built once in main.ts and passed to every handler: the dependencies that the functions of
 * src/core take as their first parameter (db, clock, logger, mailer, publicUrls, caches), and the
 * services still built as objects.
 */
export interface Services {
  config: Config;
  /** Where clients reach each host (DESIGN.md §9); filled in as listeners start (main.ts). */
  publicUrls: PublicUrls;
  db: Db;
  clock: Clock;
  logger: Logger;
  referenceCache: ReferenceCache;
  /** The reference functions bound to db and referenceCache, for trading and consumption code that takes an object. */
  reference: ReferenceService;
  mailer: Mailer;
  /** Events of committed transactions, for the live streams of this process (core/events.ts). */
  events: LocalEventHub;
  /** The checks bound to db and clock, for trading and consumption handlers that take an object. */
  diagnostics: DiagnosticsService;
  /** Where device codes and user codes come from (src/core/oauth.ts). */
  oauthRandom: OAuthRandom;
  /** The order books of this process and the state the order pipeline keeps between commands. */
  orderBooks: OrderBooks;
  /** The house supplier's account and ladders, kept between the background's rounds (house-supplier.ts). */
  housePlan: HousePlanCache;
  inference: InferenceService;
}

/** The live streams' plumbing: the hub this process's sessions listen on, and how events reach it from every process. */
export interface StreamPlumbing {
  events: LocalEventHub;
  transport: EventTransport;
}

/** Without plumbing from the composition root, events stay in this process (SQLite's way; tests). */
export function inProcessPlumbing(): StreamPlumbing {
  const events = new LocalEventHub();
  return { events, transport: inProcessTransport((payload) => events.deliver(decodeEvents(payload)), () => events.listenerCount > 0) };
}

export function createServices(config: Config, db: Db, clock: Clock, logger: Logger, streams: StreamPlumbing = inProcessPlumbing()): Services {
  const { events } = streams;
  const mailer = logMailer(logger);
  const publicUrls = new PublicUrls(config.publicUrls);
  const referenceCache = newReferenceCache();
  const reference = bindReference({ db, referenceCache });
  const diagnostics = bindDiagnostics({ db, clock });
  const orderBooks = openOrderBooks(db, streams.transport);
  const orderDeps: OrderDeps = { db, referenceCache, orderBooks, config };
  return {
    config,
    publicUrls,
    db,
    clock,
    logger,
    events,
    referenceCache,
    reference,
    mailer,
    diagnostics,
    oauthRandom: cryptoRandom,
    orderBooks,
    housePlan: newHousePlanCache(),
    inference: createInferenceService(db, clock, reference, { db, autoBuy: autoBuyThrough(orderDeps) }, { db, clock, routingState: newRoutingState(), config }, logger),
  };
}

/** Auto Mode's market buy, as admission asks for it, placed through the orders service. */
function autoBuyThrough(deps: OrderDeps): AutoBuy {
  return async (userId, marketId, units, nowUs) => {
    const order = { marketId, clientOrderId: null, side: 'buy', type: 'market', priceText: undefined, quantity: units, timeInForce: 'ioc', shouldAutotransfer: true, triggeredByAutoBuy: true } as const;
    await createOrder(deps, userId, order, nowUs);
  };
}
