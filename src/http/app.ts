import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Operation } from 'openapi-backend';
import { newRequestId } from '../lib/ids.js';
import { AssertionFailed } from '../lib/assert.js';
import { ApiError } from '../lib/errors.js';
import type { Services } from '../services.js';
import { assertSchemesKnown, authenticate } from './auth/index.js';
import { clientAddressOf } from './client-address.js';
import { bodyParseError, renderError, RequestValidationError, toIssues, type ValidationShape } from './errors.js';
import type { LoadedDocument } from './openapi.js';
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
  /** Whether every response carries `x-mkt-request-id` (the consumption API: it names usage receipts). */
  mktRequestIds?: boolean;
  /** Pages served beside the API (the platform's dashboard and docs); they call next() for anything else. */
  pages?: Koa.Middleware[];
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fails at start-up unless operations and handlers match one to one. */
export function assertHandlersMatch(documentName: string, operations: Operation[], handlers: Record<string, unknown>): void {
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
 * request id → error boundary → route (404/405) → body (400/413) → authenticate (401/403)
 * → validate (422) → handler → response.
 */
export function createApp(host: HostDefinition, services: Services): Koa {
  const { backend } = host.document;
  const router = new Router(host.operations);
  const documentSecurity = backend.definition.security as Record<string, string[]>[] | undefined;
  assertSchemesKnown(host.operations, documentSecurity);
  const parseBody = koaBody({
    jsonLimit: host.bodyBytesMax,
    formLimit: host.bodyBytesMax,
    textLimit: host.bodyBytesMax,
    jsonStrict: true,
    includeUnparsed: true,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
  });
  const noop = async () => {};
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
    const startedAt = process.hrtime.bigint();
    try {
      await next();
    } catch (error) {
      const shape: ValidationShape = host.validationShapes?.get(ctx.state.operationId) ?? 'envelope';
      renderError(ctx, error, shape, services.logger, services.clock.nowUs());
    }
    const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
    services.logger.debug({ host: host.name, request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: elapsedMs }, 'request');
  });

  for (const pages of host.pages ?? []) app.use(pages);

  app.use(async (ctx) => {
    const routedPath = stripAlias(ctx.path, host.aliasPrefixes);
    const { operation, params } = router.match(ctx.method, routedPath);
    const operationId = operation.operationId!;
    ctx.state.operationId = operationId;

    try {
      await parseBody(ctx, noop);
    } catch (error) {
      throw bodyParseError(error);
    }
    const rawBody = readRawBody(ctx);
    let body: unknown = (ctx.request as { body?: unknown }).body;
    if (operation.requestBody === undefined) body = undefined;
    else if (rawBody === '' && !ctx.request.is('json', 'urlencoded')) body = undefined;
    else if (rawBody !== '' && !ctx.request.is(...Object.keys((operation.requestBody as { content: object }).content))) {
      throw new ApiError(415, 'unsupported_media_type', `Send the body as ${Object.keys((operation.requestBody as { content: object }).content).join(' or ')}.`);
    }

    const nowUs = services.clock.nowUs();
    const principal = await authenticate(
      { method: ctx.method, path: ctx.path, headers: ctx.headers, rawBody },
      (operation.security ?? documentSecurity ?? []) as Record<string, string[]>[],
      services.db,
      nowUs,
    );

    const validation = backend.validator.validateRequest(
      { method: ctx.method, path: routedPath, query: ctx.query as Record<string, string | string[]>, headers: ctx.headers as Record<string, string>, body },
      operation,
    );
    if (!validation.valid) {
      throw new RequestValidationError(toIssues(validation.errors ?? [], { requestBody: body, query: ctx.query, path: params, header: ctx.headers }));
    }

    const abort = new AbortController();
    ctx.req.once('close', () => {
      if (!ctx.res.writableFinished) abort.abort();
    });
    const request: ApiRequest = {
      operationId,
      params: (validation.coerced?.params as Record<string, string> | undefined) ?? params,
      query: (validation.coerced?.query as Record<string, unknown> | undefined) ?? {},
      body,
      headers: ctx.headers,
      rawBody,
      clientAddress: clientAddressOf(ctx.req),
      principal,
      requestId: ctx.state.requestId,
      mktRequestId: ctx.state.mktRequestId,
      signal: abort.signal,
    };
    writeResponse(ctx, await host.handlers[operationId]!(request, services));
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

function readRawBody(ctx: Koa.Context): string {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : '';
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
