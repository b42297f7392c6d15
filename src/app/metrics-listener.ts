import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { Logger } from '../lib/logger.js';
import type { Readiness } from './readiness.js';
import type { ProcessStatus } from './process-status.js';

/**
 * The operators' listener (MKT_METRICS_HOST, MKT_METRICS_PORT): `GET /metrics` (this process's registry, in
 * Prometheus's text format), `GET /livez` (200 while the process serves) and `GET /readyz` (app/readiness.ts), and `GET /status` (this process's suppliers, event lag and slots, as JSON, for
 * `mkt admin status`). A port
 * of its own, bound to loopback by default, so the public hosts never expose them.
 */
export interface MetricsListener {
  /** The listener's origin, e.g. `http://127.0.0.1:9464`. */
  url: string;
  close(): Promise<void>;
}

interface MetricsListenerDeps {
  registry: Registry;
  readiness(): Promise<Readiness>;
  /** What only this process knows, for `mkt admin status` (app/process-status.ts). */
  status(): ProcessStatus;
  logger: Logger;
}

/** The name of prom-client's default metric that says the defaults are registered already. */
const defaultMetricProbe = 'process_cpu_user_seconds_total';

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

async function answer(deps: MetricsListenerDeps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '/').split('?', 1)[0];
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return send(response, 404, 'text/plain; charset=utf-8', 'not found\n');
  switch (path) {
    case '/metrics':
      return send(response, 200, deps.registry.contentType, await deps.registry.metrics());
    case '/livez':
      return send(response, 200, 'text/plain; charset=utf-8', 'ok\n');
    case '/readyz': {
      const { ready, checks } = await deps.readiness();
      const body = JSON.stringify({ status: ready ? 'ready' : 'not_ready', checks });
      return send(response, ready ? 200 : 503, 'application/json', `${body}\n`);
    }
    case '/status':
      return send(response, 200, 'application/json', `${JSON.stringify(deps.status())}\n`);
    default:
      return send(
        response,
        404,
        'text/plain; charset=utf-8',
        'not found: /metrics, /livez, /readyz and /status are served\n',
      );
  }
}

function handle(deps: MetricsListenerDeps, request: IncomingMessage, response: ServerResponse): void {
  answer(deps, request, response).catch((error: unknown) => {
    deps.logger.error({ err: error, path: request.url }, 'metrics listener failed to answer');
    if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'internal error\n');
    else response.destroy();
  });
}

/** Resolves once bound; a port in use is a start failure that names the setting to change. */
function bind(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? `${host}:${port}: it is in use (another mkt serve on this machine?); give each process its own MKT_METRICS_PORT, 0 for a free port, or off`
          : `${host}:${port}: ${error.message}`;
      reject(new Error(`the metrics listener cannot bind ${why}`));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      const address = server.address();
      // A pipe would have a string: this one listens on TCP.
      if (address === null || typeof address === 'string') reject(new Error('the metrics listener is not on TCP'));
      else resolve(address);
    });
  });
}

/**
 * prom-client's totals of active handles, requests and resources are gauges named like counters (`_total`), which
 * `promtool check metrics` refuses and `rate()` would misread: they are dropped. The same figures by type stay
 * (`nodejs_active_handles` and the others), and their `sum()` is the total.
 */
const gaugesNamedLikeCounters = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

function startDefaultMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of gaugesNamedLikeCounters) registry.removeSingleMetric(name);
}

/**
 * Starts the listener, and prom-client's default process and Node.js metrics on `registry` (once per registry; only
 * when a listener serves them, so in-process services that do not listen start no event-loop monitor). Undefined when
 * `port` is `off`.
 */
export async function startMetricsListener(
  settings: { host: string; port: number | 'off' },
  deps: MetricsListenerDeps,
): Promise<MetricsListener | undefined> {
  if (settings.port === 'off') return undefined;
  const server = createServer((request, response) => handle(deps, request, response));
  const address = await bind(server, settings.host, settings.port);
  if (deps.registry.getSingleMetric(defaultMetricProbe) === undefined) startDefaultMetrics(deps.registry);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection would hold the close open.
        server.closeAllConnections();
      }),
  };
}
