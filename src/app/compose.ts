import type { Config } from './config.js';
import { migrateLatest, openDatabase } from '../db/knex.js';
import { openEventTransport, payloadBytesMax, type EventTransport } from '../db/event-transport.js';
import { poolConnectionsOf } from '../db/knex-client.js';
import { timeStatements } from '../db/sql.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { decodeEvents, encodeEvents, LocalEventHub } from '../core/events.js';
import { publishCommitsOf } from '../core/announcements.js';
import { startStreamDerivations } from '../trading/market-data/stream-derivations.js';
import { createServices, type Services } from './services.js';
import { refuseTransactionPooling } from '../db/pool-mode-check.js';
import { startReadReplica } from './read-routing.js';
import { coalescedPublisher } from './coalesced-publisher.js';
import { startTracing } from './tracing.js';
import { sealMigratedUpstreamKeys } from '../trading/supply/seal-keys.js';

// Apart from main.ts (the listeners), so that `mkt admin`, which needs the services and no listener, does not load
// the edge, the dashboard and the documents: a second of CPU on each command.

/** The composition root: config → database (migrated) → services. `mkt serve` and `mkt admin` both start here. */
export async function composeServices(
  config: Config,
  options: { logger?: Logger; clock?: Clock } = {},
): Promise<{ services: Services; transport: EventTransport; close: () => Promise<void> }> {
  const logger = options.logger ?? createLogger(config.logLevel);
  await refuseTransactionPooling(config.databaseUrl);
  const db = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const clock = options.clock ?? systemClock;
    const readReplica = await startReadReplica(config.databaseReadUrl, db, clock.nowUs() / 1000, logger);
    const events = new LocalEventHub();
    const transport = await openEventTransport(
      db,
      (payload) => events.deliver(decodeEvents(payload)),
      () => events.deliver([{ stream: 'control', event: 'events_lost' }]),
      () => events.wanted,
      logger,
    );
    const tracer = await startTracing({ url: config.otlpTracesUrl, scheduleDelayMs: config.otlpScheduleDelayMs });
    const services = createServices(config, db, clock, logger, { events, transport }, { readReplica, tracer });
    await sealMigratedUpstreamKeys(services);
    timeStatements(db, services.metrics.dbStatementSeconds);
    if (readReplica !== undefined) timeStatements(readReplica.replica, services.metrics.dbStatementSeconds);
    services.metrics.scrapeSources.poolConnections = () => poolConnectionsOf(db);
    publishCommitsOf(
      db,
      coalescedPublisher((committed) => {
        if (transport.wanted())
          void transport
            .publish(encodeEvents(committed, payloadBytesMax))
            .catch((error: unknown) => logger.warn({ error }, 'events of a committed write were not published'));
      }),
    );
    const stopDerivations = startStreamDerivations(services);
    return {
      services,
      transport,
      close: async () => {
        stopDerivations();
        await services.tracer.shutdown();
        await transport.close();
        await readReplica?.replica.destroy();
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
