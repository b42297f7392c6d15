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
import { startBackground, type Background } from './background.js';
import { startLedgerAuditJob } from './ledger-audit-job.js';
import { startMetricsListener, type MetricsListener } from './metrics-listener.js';
import { startKnownSeriesAtZero } from './known-labels.js';
import { processStatus } from './process-status.js';
import type { EventTransport } from '../db/event-transport.js';
import { readiness, replicaProbes, type ReadinessSources } from './readiness.js';
import { tradingHandlers } from '../trading/handlers/index.js';
import { bookSnapshot } from '../trading/market-data/market-data-snapshot.js';
import { findMarket } from '../core/reference.js';
import { attachTradingSocket } from '../streams/socket.js';
import { streamLimits, type StreamLimits } from '../streams/limits.js';
import { startStreamsWorker } from '../streams/worker-host.js';
import { dashboard } from '../web/dashboard.js';
import { docsPortal } from '../web/docs.js';
import { marketAssets } from '../web/assets.js';
import { routeReads } from './read-routing.js';
import { startEndpointWatchJob } from './endpoint-watch-job.js';
import { sandboxLimitDefaults } from '../consumption/qualification/sandbox.js';
import { routePageReads } from './page-read-routing.js';
import { openMarketOwnership, type MarketOwnership } from './market-ownership.js';
import { marketRelay } from '../http/forwarding.js';

export interface RunningService {
  urls: Partial<Record<HostName, string>>;
  /** The origin of /metrics, /livez and /readyz (app/metrics-listener.ts); undefined when MKT_METRICS_PORT is off. */
  metricsUrl: string | undefined;
  /** The origin of the streams worker's socket (MKT_STREAMS_PORT); undefined when off (the trading host's alone). */
  streamsUrl: string | undefined;
  services: Services;
  /** This process's auto-reload checks, queued after its commits (tests wait for them with `idle()`). */
  autoReloads: AutoReloads;
  /** The background jobs, as `/readyz` sees them (a test stops them to see the process unready). */
  background: Background;
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

async function hostDefinitions(
  services: Services,
  ownership: MarketOwnership,
): Promise<Record<HostName, HostDefinition<Services>>> {
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
      // Only a process that trades some markets forwards the others' writes (http/forwarding.ts).
      relay:
        ownership.marketIds === null
          ? undefined
          : marketRelay(ownership, (outcome) => services.metrics.forwardedRequests.inc({ outcome })),
    },
    platform: {
      name: 'platform',
      document: platform,
      operations: platform.operations,
      handlers: routeReads(platform, handlersByApi.platform, services),
      aliasPrefixes: ['/api'],
      bodyBytesMax: 64 * 1024,
      validationShapes: new Map([...oauthShapedOperations].map((id) => [id, 'oauth' as const])),
      pages: [docsPortal(), marketAssets(), routePageReads(services, dashboard)],
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
  metrics: services.metrics,
  marketExists: async (marketId: string) => (await findMarket(services, marketId)) !== undefined,
  bookSnapshot: (marketId: string) => bookSnapshot(services, marketId),
});

/** What listens: the public hosts, the stream sockets (closed before them) and the streams worker's origin. */
interface Opened {
  listening: Listening<HostName>[];
  sockets: { close(): Promise<void> }[];
  streamsUrl: string | undefined;
}

/** The streams worker (MKT_STREAMS_PORT), beside the trading host's own socket; its URL is the one advertised. */
async function listenStreams(config: Config, services: Services, limits: StreamLimits, opened: Opened): Promise<void> {
  if (config.streams.publicUrl !== undefined) services.publicUrls.streamsAt(config.streams.publicUrl);
  if (config.streams.port === 'off') return;
  const options = { host: config.host, port: config.streams.port, limits };
  const worker = await startStreamsWorker(streamDeps(services), options);
  opened.sockets.push(worker);
  opened.streamsUrl = worker.url;
  services.publicUrls.streamsAt(worker.url);
}

/** Every public host this process serves, listening; the trading host with its stream socket. */
async function listenHosts(
  config: Config,
  services: Services,
  definitions: Record<HostName, HostDefinition<Services>>,
  opened: Opened,
): Promise<void> {
  const { listening, sockets } = opened;
  for (const name of hostNames.filter((n) => config.only.includes(n))) {
    const listener = await listen(name, createApp(definitions[name], services), config.host, config.ports[name]);
    // Still in the tick that bound the port: no request has been read yet.
    services.publicUrls.listening(name, listener.url);
    listening.push(listener);
    if (name === 'trading') {
      const limits = { ...streamLimits, credentialCheckMs: config.streamCredentialCheckMs };
      sockets.push(attachTradingSocket(listener.server, streamDeps(services), limits));
      await listenStreams(config, services, limits, opened);
    }
  }
}

/**
 * The operators' listener, its `/readyz` reading `health` (whose background is filled in once it starts), and the
 * known series at 0 that it serves (app/known-labels.ts; with no listener, nobody would read them).
 */
async function serveMetrics(
  config: Config,
  services: Services,
  health: ReadinessSources,
  transport: EventTransport,
  definitions: Record<HostName, HostDefinition<Services>>,
) {
  if (config.metrics.port !== 'off') await startKnownSeriesAtZero(services, definitions, config.only);
  return startMetricsListener(config.metrics, {
    registry: services.metrics.registry,
    readiness: () => readiness(health),
    status: () => processStatus({ ...services, transport }),
    logger: services.logger,
  });
}

/**
 * The work beside the requests, started once the hosts serve: the background (which `/readyz` then watches), the
 * periodic audit and the auto-reloads; stopped in that order (the markets' heartbeat after the background), each
 * awaiting what it has in flight.
 */
function startJobs(config: Config, services: Services, health: ReadinessSources, ownership: MarketOwnership) {
  const background = startBackground({ ...services, ownsMarket: ownership.owns });
  health.background = background;
  const audits = startLedgerAuditJob(services, config.auditIntervalS);
  const endpointWatch = startEndpointWatchJob({ ...services, sandbox: sandboxLimitDefaults });
  // After this process's commits that lowered USD, off the requests' path (platform/auto-reload.ts).
  const autoReloads = startAutoReloads(services);
  const unwatchAccounts = watchCommittedAccounts(services.db, (accountIds) => autoReloads.accountsChanged(accountIds));
  return {
    background,
    autoReloads,
    async stop() {
      await background.stop();
      await ownership.stop(); // the markets' heartbeat
      await audits.stop();
      await endpointWatch.stop();
      await services.autoTopUp.idle();
      unwatchAccounts();
      await autoReloads.stop();
    },
  };
}

/** Every host listening; if one cannot, those that listen are closed and `undo` undoes what was started for them. */
async function listenOrUndo(
  config: Config,
  services: Services,
  definitions: Record<HostName, HostDefinition<Services>>,
  undo: () => Promise<void>,
): Promise<Opened> {
  const opened: Opened = { listening: [], sockets: [], streamsUrl: undefined };
  try {
    await listenHosts(config, services, definitions, opened);
  } catch (error) {
    await Promise.all(opened.sockets.map((s) => s.close()));
    await Promise.all(opened.listening.map((l) => closeGracefully(l, 0)));
    await undo();
    throw error;
  }
  return opened;
}

/** A listener's URL as another process on this machine reaches it (a wildcard bind names no address); null: none. */
const loopbackOf = (url: string | undefined): string | null =>
  url === undefined ? null : url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');

/** The composition root's services → one Koa app per host, listening. */
export async function startService(config: Config, options: StartOptions = {}): Promise<RunningService> {
  const { services, transport, close } = await composeServices(config, options);
  let metrics: MetricsListener | undefined;
  try {
    const ownership = await openMarketOwnership(services, config.markets); // an unknown market stops the start
    const definitions = await hostDefinitions(services, ownership);
    const health: ReadinessSources = {
      db: services.db,
      transport,
      background: undefined,
      probes: replicaProbes(services.readReplica, services.clock),
    };
    // Before the public hosts: a busy MKT_METRICS_PORT stops the start before anything is served.
    metrics = await serveMetrics(config, services, health, transport, definitions);
    // Registered before serving, so every slot this process takes names it (crash recovery, leases.ts).
    await startLeases(services.leases, { lifetimeMs: config.inferenceLeaseMs });
    // Before serving: keys are cached only under a revocation feed that is already watching.
    const keyCache = await openApiKeyCache(services.db);
    // SQLite: WAL checkpoints on a thread of their own, not inside a request's COMMIT.
    const checkpoints = startWalCheckpoints(services.db);
    const { listening, sockets, streamsUrl } = await listenOrUndo(config, services, definitions, async () => {
      await closeApiKeyCache(services.db, keyCache);
      await checkpoints.stop();
      await stopLeases(services.leases);
    });
    const urls: Partial<Record<HostName, string>> = Object.fromEntries(listening.map((l) => [l.name, l.url]));
    await ownership.announce(config.markets.internalTradingUrl ?? loopbackOf(urls.trading));
    const jobs = startJobs(config, services, health, ownership);
    const releaseTokenPool = holdTokenPool();
    const metricsListener = metrics;
    let stopping: Promise<void> | undefined;
    return {
      urls,
      metricsUrl: metricsListener?.url,
      streamsUrl,
      services,
      autoReloads: jobs.autoReloads,
      background: jobs.background,
      stop: () => {
        stopping ??= (async () => {
          await Promise.all(sockets.map((s) => s.close())); // upgraded sockets would hold the HTTP server open
          await Promise.all(listening.map((l) => closeGracefully(l, options.graceMs ?? 10_000)));
          await jobs.stop();
          await closeApiKeyCache(services.db, keyCache);
          await stopLeases(services.leases);
          await releaseTokenPool();
          await checkpoints.stop();
          await metricsListener?.close();
          await close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await metrics?.close();
    await close();
    throw error;
  }
}
