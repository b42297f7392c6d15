import { hostNames, type Config, type HostName } from './config.js';
import { consumptionFailures } from '../consumption/handlers/failures.js';
import { tradingFailures } from '../trading/handlers/failures.js';
import { platformFailures } from '../platform/handlers/failures.js';
import { assertHandlersMatch, createApp, type HostDefinition } from '../http/app.js';
import { loadDocument, type ApiName, type LoadedDocument } from '../http/openapi.js';
import { closeGracefully, listen, type Listening } from '../http/server.js';
import type { Handler } from '../http/types.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Services } from './services.js';
import { composeServices } from './compose.js';
import { watchCommittedAccounts } from '../ledger/announcements.js';
import { startAutoReloads, type AutoReloads } from '../platform/auto-reload.js';
import { closeApiKeyCache, openApiKeyCache } from '../http/auth/api-key-cache.js';
import { startWalCheckpoints } from '../db/wal-checkpoints.js';
import { consumptionHandlers, chatShapedOperations } from '../consumption/handlers/index.js';
import { holdTokenPool } from '../consumption/tokens/token-pool.js';
import { startLeases, stopLeases } from '../consumption/capacity/leases.js';
import { oauthShapedOperations, platformHandlers } from '../platform/handlers/index.js';
import { startBackground } from './background.js';
import { tradingHandlers } from '../trading/handlers/index.js';
import { bookSnapshot } from '../trading/market-data/market-data-snapshot.js';
import { findMarket } from '../core/reference.js';
import { attachTradingSocket, type TradingSocket } from '../streams/socket.js';
import { dashboard } from '../web/dashboard.js';
import { docsPortal } from '../web/docs.js';
import { routeReads } from './read-routing.js';
import { routePageReads } from './page-read-routing.js';

export interface RunningService {
  urls: Partial<Record<HostName, string>>;
  services: Services;
  /** This process's auto-reload checks, queued after its commits (tests wait for them with `idle()`). */
  autoReloads: AutoReloads;
  stop(): Promise<void>;
}

interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  /** How long requests in flight may take to finish on stop. */
  graceMs?: number;
}

const documents = new Map<ApiName, Promise<LoadedDocument>>();

/** Documents are immutable for the life of the process; parse and compile each once. */
function documentFor(api: ApiName): Promise<LoadedDocument> {
  let loaded = documents.get(api);
  if (!loaded) {
    loaded = loadDocument(api);
    documents.set(api, loaded);
  }
  return loaded;
}

/** Each surface's handlers take its own deps (src/<surface>/deps.ts); Services satisfies them all. */
const handlersByApi: Record<ApiName, Readonly<Record<string, Handler<Services>>>> = {
  consumption: consumptionHandlers,
  trading: tradingHandlers,
  platform: platformHandlers,
};

/** The messages-format operations are the consumption paths that name their own server entry. */
const servedByMessagesHost = (document: LoadedDocument, path: string): boolean =>
  Boolean(document.backend.definition.paths?.[path]?.servers?.length);

async function hostDefinitions(services: Services): Promise<Record<HostName, HostDefinition<Services>>> {
  const [consumption, trading, platform] = await Promise.all([
    documentFor('consumption'),
    documentFor('trading'),
    documentFor('platform'),
  ]);
  for (const document of [consumption, trading, platform])
    assertHandlersMatch(`openapi/${document.api}.yaml`, document.operations, handlersByApi[document.api]);
  const megabyte = 1024 * 1024;
  return {
    consumption: {
      name: 'consumption',
      document: consumption,
      operations: consumption.operations.filter((o) => !servedByMessagesHost(consumption, o.path)),
      handlers: routeReads(consumption, handlersByApi.consumption, services),
      bodyBytesMax: 8 * megabyte,
      mktRequestIds: true,
      validationShapes: new Map([...chatShapedOperations].map((id) => [id, 'chat' as const])),
      errorDialect: 'openai',
      failures: consumptionFailures,
    },
    messages: {
      name: 'messages',
      document: consumption,
      operations: consumption.operations.filter((o) => servedByMessagesHost(consumption, o.path)),
      handlers: routeReads(consumption, handlersByApi.consumption, services),
      bodyBytesMax: 8 * megabyte,
      mktRequestIds: true,
      errorDialect: 'anthropic',
      failures: consumptionFailures,
    },
    trading: {
      name: 'trading',
      document: trading,
      operations: trading.operations,
      handlers: routeReads(trading, handlersByApi.trading, services),
      bodyBytesMax: 64 * 1024,
      failures: tradingFailures,
    },
    platform: {
      name: 'platform',
      document: platform,
      operations: platform.operations,
      handlers: routeReads(platform, handlersByApi.platform, services),
      aliasPrefixes: ['/api'],
      bodyBytesMax: 64 * 1024,
      validationShapes: new Map([...oauthShapedOperations].map((id) => [id, 'oauth' as const])),
      pages: [docsPortal(), routePageReads(services, dashboard)],
      failures: platformFailures,
    },
  };
}

/** The stream socket's dependencies (src/streams/deps.ts): the trading surface's reads, passed in as functions. */
const streamDeps = (services: Services) => ({
  db: services.db,
  clock: services.clock,
  logger: services.logger,
  events: services.events,
  marketExists: async (marketId: string) => (await findMarket(services, marketId)) !== undefined,
  bookSnapshot: (marketId: string) => bookSnapshot(services, marketId),
});

/** The composition root's services → one Koa app per host, listening. */
export async function startService(config: Config, options: StartOptions = {}): Promise<RunningService> {
  const { services, close } = await composeServices(config, options);
  try {
    const definitions = await hostDefinitions(services);
    // Registered before serving, so every slot this process takes names it (crash recovery, leases.ts).
    await startLeases(services.leases, { lifetimeMs: config.inferenceLeaseMs });
    // Before serving: keys are cached only under a revocation feed that is already watching.
    const keyCache = await openApiKeyCache(services.db);
    // SQLite: WAL checkpoints on a thread of their own, not inside a request's COMMIT.
    const checkpoints = startWalCheckpoints(services.db);
    const listening: Listening<HostName>[] = [];
    const sockets: TradingSocket[] = [];
    try {
      for (const name of hostNames.filter((n) => config.only.includes(n))) {
        const listener = await listen(name, createApp(definitions[name], services), config.host, config.ports[name]);
        // Still in the tick that bound the port: no request has been read yet.
        services.publicUrls.listening(name, listener.url);
        listening.push(listener);
        if (name === 'trading') sockets.push(attachTradingSocket(listener.server, streamDeps(services)));
      }
    } catch (error) {
      await Promise.all(sockets.map((s) => s.close()));
      await Promise.all(listening.map((l) => closeGracefully(l, 0)));
      await closeApiKeyCache(services.db, keyCache);
      await checkpoints.stop();
      await stopLeases(services.leases);
      throw error;
    }
    const urls: Partial<Record<HostName, string>> = {};
    for (const listener of listening) urls[listener.name] = listener.url;
    const background = startBackground(services);
    // After this process's commits that lowered USD, off the requests' path (platform/auto-reload.ts).
    const autoReloads = startAutoReloads(services);
    const unwatchAccounts = watchCommittedAccounts(services.db, (accountIds) =>
      autoReloads.accountsChanged(accountIds),
    );
    const releaseTokenPool = holdTokenPool();
    let stopping: Promise<void> | undefined;
    return {
      urls,
      services,
      autoReloads,
      stop: () => {
        stopping ??= (async () => {
          await Promise.all(sockets.map((s) => s.close())); // upgraded sockets would hold the HTTP server open
          await Promise.all(listening.map((l) => closeGracefully(l, options.graceMs ?? 10_000)));
          await background.stop();
          await services.autoTopUp.idle();
          unwatchAccounts();
          await autoReloads.stop();
          await closeApiKeyCache(services.db, keyCache);
          await stopLeases(services.leases);
          await releaseTokenPool();
          await checkpoints.stop();
          await close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
