import pg from 'pg';
import { systemClock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { newEventLag, stamped, unstamped, type EventLag } from './event-lag.js';
import { kindOf, type Db } from './knex.js';
import { poolSql, statement, type Sql } from './sql.js';
import { postgresSettingsOf } from './knex-client.js';

/**
 * How the events of a committed transaction reach every process (DESIGN.md §8), as opaque payloads
 * (at most `payloadBytesMax` each):
 *
 * - PostgreSQL: `stage` NOTIFYs them on `eventsChannel` inside the transaction, so PostgreSQL
 *   delivers them only if it commits, and in commit order across all processes; each process
 *   LISTENs on a connection of its own and hands them to `deliver`, its own included.
 * - SQLite: one process. `stage` does nothing and `committed` hands them to `deliver` on the turn
 *   after the commit; the writer commits one transaction at a time, so in commit order.
 *
 * A listener that loses its connection misses what was sent meanwhile: it calls `lost` once it
 * listens again, so that subscribers can start over from a fresh snapshot.
 */
export interface EventTransport {
  /** Whether anyone may hear events: false spares the writers making them (one process, nobody listening). */
  wanted(): boolean;
  stage(sql: Sql, payloads: readonly string[]): Promise<void>;
  /**
   * The payloads as a writer NOTIFYs them on `eventsChannel` within a statement of its own transaction (the trading
   * batch's write, src/db/trading-batch.ts), instead of `stage`: on PostgreSQL, stamped; elsewhere none (`committed`
   * delivers them).
   */
  inStatement(payloads: readonly string[]): string[];
  committed(payloads: readonly string[]): void;
  /** Outside any transaction, for a write that has committed already. */
  publish(payloads: readonly string[]): Promise<void>;
  /**
   * How late the events of committed transactions reach this process (event-lag.ts), for the metrics; on SQLite,
   * where they never leave the process, nothing is measured (all zero).
   */
  lag(): Readonly<EventLag>;
  /**
   * Whether events of every process reach this one now: on PostgreSQL, whether the LISTEN connection is up (it is
   * reconnected when lost); in one process, always.
   */
  listening(): boolean;
  close(): Promise<void>;
}

export const eventsChannel = 'mkt_events';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; the stamp in front (event-lag.ts) takes at most 20. */
export const payloadBytesMax = 7_900;

const notify = statement(
  'events_notify',
  '',
  `SELECT count(pg_notify('${eventsChannel}', p)) FROM unnest(?::text[]) AS p`,
);

/** How long a listener that lost its connection waits before connecting again. */
const relistenDelayMs = 1_000;

/** The machine's clock in ms, never a test's fake one: the lag is between processes (event-lag.ts). */
const wallClockMs = (): number => Math.floor(systemClock.nowUs() / 1000);

/** The payloads as NOTIFY sends them, each stamped with the time it is staged. */
const stampedAll = (payloads: readonly string[]): string[] => {
  const nowMs = wallClockMs();
  return payloads.map((payload) => stamped(payload, nowMs));
};

/** `logger` hears of a listener that falls behind (a payload later than `eventLateMs`). */
export async function openEventTransport(
  db: Db,
  deliver: (payload: string) => void,
  lost: () => void,
  listened: () => boolean,
  logger?: Logger,
): Promise<EventTransport> {
  if (kindOf(db) === 'sqlite') return inProcessTransport(deliver, listened);
  const lag = newEventLag();
  const listener = await listen(db, (payload) => deliver(unstamped(lag, payload, wallClockMs(), logger)), lost);
  return {
    // Another process may be listening.
    wanted: () => true,
    async stage(sql, payloads) {
      if (payloads.length > 0) await sql.get(notify, [stampedAll(payloads)]);
    },
    inStatement: (payloads) => stampedAll(payloads),
    committed: () => undefined,
    async publish(payloads) {
      if (payloads.length > 0) await poolSql(db).get(notify, [stampedAll(payloads)]);
    },
    lag: () => lag,
    listening: () => listener.listening(),
    close: () => listener.close(),
  };
}

/** Delivery in this process only, once committed: SQLite's, and that of services no other process shares. */
export function inProcessTransport(deliver: (payload: string) => void, listened: () => boolean): EventTransport {
  return {
    wanted: listened,
    stage: () => Promise.resolve(),
    inStatement: () => [],
    // On the next turn of the event loop, in order: the writer answers its callers (an order's
    // 201) before the fan-out to every subscriber runs, not after it.
    committed: (payloads) => {
      if (payloads.length > 0) setImmediate(() => payloads.forEach(deliver));
    },
    publish: (payloads) => {
      if (payloads.length > 0) setImmediate(() => payloads.forEach(deliver));
      return Promise.resolve();
    },
    lag: newEventLag,
    listening: () => true,
    close: () => Promise.resolve(),
  };
}

async function listen(
  db: Db,
  deliver: (payload: string) => void,
  lost: () => void,
): Promise<{ listening(): boolean; close(): Promise<void> }> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let everListened = false;

  async function connect(): Promise<void> {
    // postgresSettingsOf copies the password, which knex keeps out of a spread.
    const connection = new pg.Client({ ...postgresSettingsOf(db), keepAlive: true, application_name: 'mkt events' });
    connection.on('error', () => undefined); // an 'end' follows; handled there
    connection.on('notification', (message) => {
      if (message.channel === eventsChannel && message.payload !== undefined) deliver(message.payload);
    });
    connection.once('end', () => {
      client = null;
      if (!closed) retry = setTimeout(reconnect, relistenDelayMs);
    });
    await connection.connect();
    await connection.query(`LISTEN ${eventsChannel}`);
    client = connection;
    if (closed) {
      await connection.end();
      return;
    }
    if (everListened) lost();
    everListened = true;
  }

  function reconnect(): void {
    if (closed) return;
    connect().catch(() => {
      if (!closed) retry = setTimeout(reconnect, relistenDelayMs);
    });
  }

  await connect();
  return {
    listening: () => client !== null && !closed,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
