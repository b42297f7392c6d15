import type { BookSnapshot, EventHub } from '../core/events.js';
import type { Db } from '../db/knex.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../lib/metrics.js';

/**
 * What the stream socket needs from the composition root (src/app/main.ts): the database (signing keys),
 * the clock (the signature window), the process's event hub, and two reads of the trading surface
 * passed in as functions, so that this surface imports no other.
 */
export interface StreamDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  events: EventHub;
  /** The sockets, subscriptions and closes this process counts (lib/metrics.ts). */
  metrics: Pick<Metrics, 'streamConnections' | 'streamSubscriptions' | 'streamClosed'>;
  /** Whether a market of this id exists (an unknown one is refused in the ack). */
  marketExists(marketId: string): Promise<boolean>;
  /**
   * The market's whole book at its sequence (src/trading/market-data/market-data-snapshot.ts); undefined without a
   * book.
   */
  bookSnapshot(marketId: string): Promise<BookSnapshot | undefined>;
}
