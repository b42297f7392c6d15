import Koa from 'koa';
import type { Operation } from 'openapi-backend';
import { newRequestId } from '../lib/ids.js';
import { AssertionFailed } from '../lib/assert.js';
import { nextTurn } from '../lib/turns.js';
import { ApiError } from '../lib/errors.js';
import type { Services } from '../app/services.js';
import { findInstrumentBySymbol } from '../core/reference.js';
import { assertSchemesKnown, authenticate } from './auth/index.js';
import { bodyMediaType, decodeBody, parseBody, readBodyBytes } from './body.js';
import { clientAddressOf } from '../lib/client-address.js';
import { checkQueryText } from './parameters.js';
import {
  instrumentRefPlanOf,
  refersToInstruments,
  rememberingLookup,
  resolveInstrumentRefs,
  type InstrumentIdOfSymbol,
  type InstrumentRefPlan,
} from './instrument-refs.js';
import { convertIntegerStrings, integerStringFields, type FieldPath } from './integer-strings.js';
import { canonicalQuery, queryPlanOf, type QueryPlan } from './query-aliases.js';
import { serverTimingHeader, startTiming, timed } from './server-timing.js';
import {
  batchItemContext,
  renderError,
  RequestValidationError,
  toIssues,
  type ErrorDialect,
  type ValidationShape,
} from './errors.js';
import type { LoadedDocument } from './openapi.js';
import { failureAsApiError } from './failures.js';
import { Failure, type FailureHttp } from '../lib/failure.js';
import { Router } from './router.js';
import type { ApiRequest, ApiResponse, Handler } from './types.js';

export interface HostDefinition {
  name: string;
  document: LoadedDocument;
  /** The operations this host serves (the messages host serves part of the consumption document). */
  operations: Operation[];
  handlers: Record<string, Handler>;
  /** Extra prefixes the same paths are served under (the platform's `/api`). */
  aliasPrefixes?: string[];
  bodyBytesMax: number;
  /** How a request that fails its schema is answered, per operation (default: the error envelope). */
  validationShapes?: ReadonlyMap<string, ValidationShape>;
  /** The error shape the host's clients read, beside the specification's `errors` on every error (the consumption hosts). */
  errorDialect?: ErrorDialect;
  /** Whether every response carries `x-mkt-request-id` (the consumption API: it names usage receipts). */
  mktRequestIds?: boolean;
  /** Pages served beside the API (the platform's dashboard and docs); they call next() for anything else. */
  pages?: Koa.Middleware[];
  /** The surface's failure table (its `handlers/failures.ts`): how its services' failure codes reach a client. */
  failures: Readonly<Record<string, FailureHttp | undefined>>;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
/** Bodies above this yield to the event loop between the steps of their reading (a step of 64 KiB costs well under a millisecond). */
const bigBodyBytes = 64 * 1024;

/** What the edge rewrites in an operation's requests before validation, read from its document once. */
interface AliasPlan {
  query: QueryPlan;
  integerStrings: FieldPath[];
  instrumentRefs: InstrumentRefPlan;
}

function aliasPlanOf(operation: Operation): AliasPlan {
  return {
    query: queryPlanOf(operation),
    integerStrings: integerStringFields(operation),
    instrumentRefs: instrumentRefPlanOf(operation),
  };
}

/** By symbol, else by model name or `-latest` alias (what the CLI's hotwire upper-cases into a symbol). */
function instrumentIdLookup(services: Services): InstrumentIdOfSymbol {
  return rememberingLookup(async (symbol) => {
    const bySymbol = await findInstrumentBySymbol(services, symbol);
    return (bySymbol ?? (await services.reference.resolveModel(symbol.toLowerCase())))?.id;
  });
}

/** Fails at start-up unless operations and handlers match one to one. */
export function assertHandlersMatch(
  documentName: string,
  operations: Operation[],
  handlers: Record<string, unknown>,
): void {
  const operationIds = new Set(operations.map((o) => o.operationId!));
  const missing = [...operationIds].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !operationIds.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new AssertionFailed(
      `${documentName}: ${missing.length ? `operations without a handler: ${missing.join(', ')}` : ''}` +
        `${missing.length && extra.length ? '; ' : ''}${extra.length ? `handlers without an operation: ${extra.join(', ')}` : ''}`,
    );
  }
}

/**
 * One Koa app per host. The path of every request, in order:
 * request id → error boundary → route (404/405) → body bytes (413/415, 400 unless UTF-8)
 * → authenticate (401/403) → parse (400, 422) → aliases (422, 404) → validate (422) → handler
 * → response. Every response carries `server-timing`.
 */
export function createApp(host: HostDefinition, services: Services): Koa {
  const { backend } = host.document;
  const router = new Router(host.operations);
  const aliasPlans = new Map(host.operations.map((operation) => [operation.operationId!, aliasPlanOf(operation)]));
  const idOfSymbol = instrumentIdLookup(services);
  const documentSecurity = backend.definition.security;
  assertSchemesKnown(host.operations, documentSecurity);
  const app = new Koa({ proxy: false });
  // Errors after the response started (a streamed body whose client went away) reach Koa, not the
  // error boundary: a client closing a stream early is ordinary, anything else is logged.
  app.on('error', (error: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    services.logger.error({ err: error, request_id: ctx?.state.requestId }, 'error after the response started');
  });

  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = requestIdPattern.test(incoming) ? incoming : newRequestId();
    ctx.set('x-request-id', ctx.state.requestId);
    ctx.state.mktRequestId = newRequestId();
    if (host.mktRequestIds) ctx.set('x-mkt-request-id', ctx.state.mktRequestId);
    const timing = startTiming();
    ctx.state.timing = timing;
    try {
      await next();
    } catch (error) {
      const shape: ValidationShape = host.validationShapes?.get(ctx.state.operationId) ?? 'envelope';
      const mapped = error instanceof Failure ? (failureAsApiError(error, host.failures) ?? error) : error;
      renderError(ctx, mapped, shape, services.logger, services.clock.nowUs(), host.errorDialect);
    }
    const endedAt = process.hrtime.bigint();
    ctx.set('server-timing', serverTimingHeader(timing, endedAt));
    const elapsedMs = Number(endedAt - timing.startedAt) / 1e6;
    services.logger.debug(
      {
        host: host.name,
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: elapsedMs,
      },
      'request',
    );
  });

  for (const pages of host.pages ?? []) app.use(pages);

  app.use(async (ctx) => {
    const routedPath = stripAlias(ctx.path, host.aliasPrefixes);
    const { operation, params } = router.match(ctx.method, routedPath);
    const operationId = operation.operationId!;
    ctx.state.operationId = operationId;

    const accepted =
      operation.requestBody === undefined ? [] : Object.keys((operation.requestBody as { content: object }).content);
    const mediaType = operation.requestBody === undefined ? null : bodyMediaType(ctx, accepted);
    const bytes = await readBodyBytes(ctx.req, host.bodyBytesMax);
    // A big body takes milliseconds at each step (decoding, parsing, validating 5 MB): big bodies
    // take turns step by step (lib/turns.ts), so another API's request never waits for more than one.
    const big = bytes.length > bigBodyBytes;
    if (big) await nextTurn();
    const text = mediaType === null ? '' : decodeBody(bytes);
    if (big) await nextTurn();
    checkQueryText(operation, ctx.querystring);

    // Authentication needs only the headers and the bytes: a caller it refuses costs no parsing.
    const principal = await timed(ctx.state.timing, 'authNs', () =>
      authenticate(
        { method: ctx.method, path: ctx.path, headers: ctx.headers, rawBody: bytes, query: ctx.querystring },
        (operation.security ?? documentSecurity ?? []) as Record<string, string[]>[],
        services,
        services.clock.nowUs(),
      ),
    );
    const body = mediaType === null ? undefined : parseBody(text, mediaType);
    if (big) await nextTurn();

    const aliases = aliasPlans.get(operationId)!;
    const query = canonicalQuery(aliases.query, ctx.query, params);
    if (aliases.integerStrings.length > 0) convertIntegerStrings(body, aliases.integerStrings);
    if (refersToInstruments(aliases.instrumentRefs))
      await resolveInstrumentRefs(aliases.instrumentRefs, { params, query, body }, idOfSymbol);

    const validation = backend.validator.validateRequest(
      {
        method: ctx.method,
        path: routedPath,
        query: query as Record<string, string | string[]>,
        headers: ctx.headers as Record<string, string>,
        body,
      },
      operation,
    );
    if (!validation.valid) {
      const issues = toIssues(validation.errors ?? [], { requestBody: body, query, path: params, header: ctx.headers });
      throw new RequestValidationError(
        issues,
        batchItemContext(issues, (operation as { 'x-batch-items'?: string })['x-batch-items']),
      );
    }
    if (big) await nextTurn();

    const abort = new AbortController();
    ctx.req.once('close', () => {
      if (!ctx.res.writableFinished) abort.abort();
    });
    const request: ApiRequest = {
      operationId,
      // The router's params: decoded strictly (parameters.ts) and with symbols resolved; every path parameter is a string.
      params,
      query: (validation.coerced?.query as Record<string, unknown> | undefined) ?? {},
      body,
      rawBody: bytes,
      headers: ctx.headers,
      clientAddress: clientAddressOf(ctx.req),
      principal,
      requestId: ctx.state.requestId,
      mktRequestId: ctx.state.mktRequestId,
      signal: abort.signal,
    };
    writeResponse(
      ctx,
      await timed(ctx.state.timing, 'handlerNs', () => host.handlers[operationId]!(request, services)),
    );
  });

  return app;
}

/** `/api/v1/…` → `/v1/…`; the alias covers the versioned API only, not `/.well-known` or pages. */
function stripAlias(path: string, prefixes: string[] | undefined): string {
  for (const prefix of prefixes ?? []) {
    if (path.startsWith(prefix + '/v1/')) return path.slice(prefix.length);
  }
  return path;
}

function writeResponse(ctx: Koa.Context, response: ApiResponse): void {
  for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, String(value));
  ctx.status = response.status;
  if (response.body === undefined || response.status === 204) {
    if (response.status !== 204) ctx.body = '';
    return;
  }
  ctx.body = response.body;
}
