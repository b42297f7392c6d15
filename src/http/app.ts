import Koa from 'koa';
import type { Operation } from 'openapi-backend';
import { newRequestId } from '../lib/ids.js';
import { AssertionFailed } from '../lib/assert.js';
import { findInstrumentBySymbol, resolveModel } from '../core/reference.js';
import { assertSchemesKnown } from './auth/index.js';
import { rememberingLookup, type InstrumentIdOfSymbol } from './instrument-refs.js';
import { serverTimingHeader, startTiming } from './server-timing.js';
import { renderError, type ErrorDialect, type ValidationShape } from './errors.js';
import type { LoadedDocument } from './openapi.js';
import { failureAsApiError } from './failures.js';
import { unavailableOr } from './unavailable.js';
import { Failure, type FailureHttp } from '../lib/failure.js';
import { Router } from './router.js';
import { formatTraceparent, requestTraces } from '../lib/trace-context.js';
import { endRequestSpan, HostRequestMetrics, startRequestTrace } from './request-trace.js';
import type { EdgeDeps } from './deps.js';
import {
  isJsonBody,
  operationIdOf,
  operationPlanOf,
  serveOperation,
  setHeader,
  type EdgeContext,
  type EdgeState,
  type OperationHost,
  type OperationPlan,
  type Relay,
} from './operation.js';
import type { Handler } from './types.js';

/**
 * One host: its document's operations, its surface's handlers (called with the surface's `Deps`) and how it answers.
 */
export interface HostDefinition<Deps> {
  name: string;
  document: LoadedDocument;
  /** The operations this host serves (the messages host serves part of the consumption document). */
  operations: Operation[];
  handlers: Readonly<Record<string, Handler<Deps>>>;
  /** Extra prefixes the same paths are served under (the platform's `/api`). */
  aliasPrefixes?: string[];
  bodyBytesMax: number;
  /** How a request that fails its schema is answered, per operation (default: the error envelope). */
  validationShapes?: ReadonlyMap<string, ValidationShape>;
  /**
   * The error shape the host's clients read, beside the specification's `errors` on every error (the consumption
   * hosts).
   */
  errorDialect?: ErrorDialect;
  /** Whether every response carries `x-mkt-request-id` (the consumption API: it names usage receipts). */
  mktRequestIds?: boolean;
  /** Pages served beside the API (the platform's dashboard and docs); they call next() for anything else. */
  pages?: Koa.Middleware[];
  /** The surface's failure table (its `handlers/failures.ts`): how its services' failure codes reach a client. */
  failures: Readonly<Record<string, FailureHttp | undefined>>;
  /** Forwards some requests elsewhere before they are verified (the trading host's, http/forwarding.ts). */
  relay?: Relay;
}

/** A failure of any module's closed set: its code is a string the host's table or the core's maps. */
const isFailure = (error: unknown): error is Failure => error instanceof Failure;

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** By symbol, else by model name or `-latest` alias (what the CLI's hotwire upper-cases into a symbol). */
function instrumentIdLookup(deps: EdgeDeps): InstrumentIdOfSymbol {
  return rememberingLookup(async (symbol) => {
    const bySymbol = await findInstrumentBySymbol(deps, symbol);
    return (bySymbol ?? (await resolveModel(deps, symbol.toLowerCase())))?.id;
  });
}

/** Fails at start-up unless operations and handlers match one to one. */
export function assertHandlersMatch(
  documentName: string,
  operations: Operation[],
  handlers: Record<string, unknown>,
): void {
  const operationIds = new Set(operations.map(operationIdOf));
  const missing = [...operationIds].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new AssertionFailed(
      `${documentName}: ${missing.length ? `operations without a handler: ${missing.join(', ')}` : ''}` +
        `${missing.length && extra.length ? '; ' : ''}${extra.length ? `handlers without an operation: ${extra.join(', ')}` : ''}`,
    );
  }
}

/** A host as it serves: its definition, its router, and each operation's plan, all made once. */
interface ServedHost<Deps> extends OperationHost<Deps> {
  definition: HostDefinition<Deps>;
  router: Router;
  plans: ReadonlyMap<Operation, OperationPlan<Deps>>;
  metrics: HostRequestMetrics;
}

function servedHost<Deps>(definition: HostDefinition<Deps>, deps: Deps & EdgeDeps): ServedHost<Deps> {
  const documentSecurity = definition.document.backend.definition.security;
  assertSchemesKnown(definition.operations, documentSecurity);
  const plans = new Map(
    definition.operations.map((operation) => [
      operation,
      operationPlanOf(definition.document, operation, definition.handlers, documentSecurity),
    ]),
  );
  return {
    definition,
    bodyBytesMax: definition.bodyBytesMax,
    idOfSymbol: instrumentIdLookup(deps),
    deps,
    relay: definition.relay,
    router: new Router(definition.operations),
    plans,
    metrics: new HostRequestMetrics(deps.metrics, definition.name),
  };
}

/**
 * One Koa app per host, given the deps of its surface (and of the edge). The path of every request,
 * in order: request id → error boundary → pages → route (404/405) → the operation (operation.ts:
 * body, authentication, parsing, aliases, validation, handler) → response. Every response carries
 * `server-timing`.
 */
export function createApp<Deps>(definition: HostDefinition<Deps>, deps: Deps & EdgeDeps): Koa<EdgeState> {
  const host = servedHost(definition, deps);
  const app = new Koa<EdgeState>({ proxy: false });
  app.on('error', (error: NodeJS.ErrnoException, ctx?: EdgeContext) => logErrorAfterResponse(deps, error, ctx));
  const pages = definition.pages ?? [];
  if (pages.length === 0) {
    // One middleware: the boundary calls the route itself, without a second dispatch of koa-compose per request.
    app.use((ctx) => inRequestTrace(ctx, () => route(ctx, host), host));
    return app;
  }
  app.use((ctx, next) => inRequestTrace(ctx, next, host));
  for (const page of pages) app.use(page);
  app.use((ctx) => route(ctx, host));
  return app;
}

/**
 * Errors after the response started (a streamed body whose client went away) reach Koa, not the
 * error boundary: a client closing a stream early is ordinary, anything else is logged.
 */
function logErrorAfterResponse({ logger }: EdgeDeps, error: NodeJS.ErrnoException, ctx?: EdgeContext): void {
  if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
  const trace = ctx?.state.trace.context;
  logger.error(
    { err: error, request_id: ctx?.state.requestId, trace_id: trace?.traceId, span_id: trace?.spanId },
    'error after the response started',
  );
}

/**
 * The request's trace (the caller's `traceparent` honoured, else a new one), sent back as `traceresponse` on every
 * response and held for every log line and queued work of the request (lib/trace-context.ts); its server span and
 * HTTP metrics once it is answered.
 */
function inRequestTrace<Deps>(ctx: EdgeContext, next: () => Promise<unknown>, host: ServedHost<Deps>): Promise<void> {
  const trace = startRequestTrace(ctx.req.headers, host.deps.tracer);
  ctx.state.trace = trace;
  setHeader(ctx, 'traceresponse', formatTraceparent(trace.context));
  host.metrics.started();
  return requestTraces.run(trace.context, () => withErrorBoundary(ctx, next, host));
}

/** The request's server span ended and its duration counted, once its response is written (or handed to Koa). */
function requestEnded<Deps>(ctx: EdgeContext, host: ServedHost<Deps>, endedAt: bigint): void {
  const { method, status, state } = ctx;
  const operation = state.operationId ?? (state.route === undefined ? 'page' : 'not_found');
  host.metrics.finished(operation, method, status, Number(endedAt - state.timing.startedAt) / 1e9);
  const span = state.trace.span;
  if (span !== null)
    endRequestSpan(span, { method, path: ctx.path, status, operation, route: state.route || undefined });
}

/** The request's ids and timing; every error below, rendered in the host's shapes; the request logged. */
async function withErrorBoundary<Deps>(
  ctx: EdgeContext,
  next: () => Promise<unknown>,
  host: ServedHost<Deps>,
): Promise<void> {
  const { definition, deps } = host;
  const incoming = ctx.get('x-request-id');
  ctx.state.requestId = requestIdPattern.test(incoming) ? incoming : newRequestId();
  setHeader(ctx, 'x-request-id', ctx.state.requestId);
  if (definition.mktRequestIds) {
    ctx.state.mktRequestId = newRequestId();
    setHeader(ctx, 'x-mkt-request-id', ctx.state.mktRequestId);
  }
  const timing = startTiming();
  ctx.state.timing = timing;
  try {
    await next();
  } catch (error) {
    const operationId = ctx.state.operationId;
    const shape = (operationId === undefined ? undefined : definition.validationShapes?.get(operationId)) ?? 'envelope';
    const known = isFailure(error) ? error : unavailableOr(error, deps.logger, ctx.state.requestId);
    const mapped = isFailure(known) ? (failureAsApiError(known, definition.failures) ?? known) : known;
    renderError(ctx, mapped, shape, deps.logger, deps.clock.nowUs(), definition.errorDialect);
  }
  const endedAt = process.hrtime.bigint();
  setHeader(ctx, 'server-timing', serverTimingHeader(timing, endedAt));
  sendJson(ctx);
  requestEnded(ctx, host, endedAt);
  if (!deps.logger.isLevelEnabled('debug')) return;
  const ms = Number(endedAt - timing.startedAt) / 1e6;
  const { method, path, status } = ctx;
  deps.logger.debug({ host: definition.name, request_id: ctx.state.requestId, method, path, status, ms }, 'request');
}

/** Statuses whose responses have no body (what Koa's `statuses.empty` lists). */
const bodilessStatuses = new Set([204, 205, 304]);

/**
 * A JSON body sent as Koa's `respond` would send it (stringified once, its Content-Length, one `end`), without Koa's
 * tests for every other kind of body; anything else is left to Koa.
 */
function sendJson(ctx: EdgeContext): void {
  const { res, body } = ctx;
  if (ctx.method === 'HEAD' || res.headersSent || !ctx.writable || bodilessStatuses.has(ctx.status)) return;
  if (!isJsonBody(body)) return;
  const text = JSON.stringify(body);
  if (!res.hasHeader('Transfer-Encoding')) res.setHeader('Content-Length', String(Buffer.byteLength(text)));
  ctx.respond = false;
  res.end(text);
}

/** To the operation of the method and path (404, 405), served by its plan. */
async function route<Deps>(ctx: EdgeContext, host: ServedHost<Deps>): Promise<void> {
  const routedPath = stripAlias(ctx.path, host.definition.aliasPrefixes);
  // Reached the router: a request it matches to no operation is `not_found`, not a page.
  ctx.state.route = '';
  const { operation, params } = host.router.match(ctx.method, routedPath);
  const plan = host.plans.get(operation);
  if (plan === undefined) throw new AssertionFailed(`the router matched an operation the host does not serve`);
  ctx.state.operationId = plan.operationId;
  ctx.state.route = operation.path;
  await serveOperation(ctx, host, plan, params);
}

/** `/api/v1/…` → `/v1/…`; the alias covers the versioned API only, not `/.well-known` or pages. */
function stripAlias(path: string, prefixes: string[] | undefined): string {
  for (const prefix of prefixes ?? []) {
    if (path.startsWith(prefix + '/v1/')) return path.slice(prefix.length);
  }
  return path;
}
