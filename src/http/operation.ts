import type Koa from 'koa';
import type { Operation } from 'openapi-backend';
import { AssertionFailed } from '../lib/assert.js';
import { clientAddressOf } from '../lib/client-address.js';
import { nextTurn } from '../lib/turns.js';
import { authenticate, type Requirement } from './auth/index.js';
import { claimPendingOnFailure } from './auth/signature.js';
import type { EdgeDeps } from './deps.js';
import { bodyMediaType, decodeBody, parseBody, readBodyBytes } from './body.js';
import { batchItemContext, RequestValidationError, toIssues } from './errors.js';
import {
  instrumentRefPlanOf,
  refersToInstruments,
  resolveInstrumentRefs,
  type InstrumentIdOfSymbol,
  type InstrumentRefPlan,
} from './instrument-refs.js';
import { convertIntegerStrings, integerStringFields, type FieldPath } from './integer-strings.js';
import type { LoadedDocument } from './openapi.js';
import { checkQueryText } from './parameters.js';
import { canonicalQuery, queryPlanOf, type QueryPlan } from './query-aliases.js';
import { timed, type RequestTiming } from './server-timing.js';
import type { ApiRequest, ApiResponse, Handler } from './types.js';
import { isRecord } from './records.js';

/** What the edge keeps on each request's `ctx.state` (set by the first middleware of app.ts). */
export interface EdgeState {
  requestId: string;
  /** This server's own id of the request (`req_…`). */
  mktRequestId: string;
  timing: RequestTiming;
  /** Once routed: the operation the request is for (which shape its validation errors take). */
  operationId?: string;
}

export type EdgeContext = Koa.ParameterizedContext<EdgeState>;

/**
 * Bodies above this yield to the event loop between the steps of their reading (a step of 64 KiB costs well under a
 * millisecond).
 */
const bigBodyBytes = 64 * 1024;

/** What the edge rewrites in an operation's requests before validation, read from its document once. */
interface AliasPlan {
  query: QueryPlan;
  integerStrings: FieldPath[];
  instrumentRefs: InstrumentRefPlan;
}

/** Everything the edge needs to serve one operation, read from its document once, at start-up. */
export interface OperationPlan<Deps> {
  operation: Operation;
  operationId: string;
  handler: Handler<Deps>;
  /** The media types its body may have (none: it takes no body). */
  accepted: string[] | null;
  security: Requirement[];
  aliases: AliasPlan;
}

/** The operation's id, which every operation of our documents has (redocly's lint holds them to it). */
export function operationIdOf(operation: Operation): string {
  if (operation.operationId === undefined)
    throw new AssertionFailed(`${operation.method.toUpperCase()} ${operation.path} has no operationId`);
  return operation.operationId;
}

export function operationPlanOf<Deps>(
  operation: Operation,
  handlers: Readonly<Record<string, Handler<Deps>>>,
  documentSecurity: Requirement[] | undefined,
): OperationPlan<Deps> {
  const operationId = operationIdOf(operation);
  const handler = handlers[operationId];
  if (handler === undefined) throw new AssertionFailed(`operation ${operationId} has no handler`);
  const { requestBody } = operation;
  return {
    operation,
    operationId,
    handler,
    accepted: requestBody === undefined ? null : 'content' in requestBody ? Object.keys(requestBody.content) : [],
    security: operation.security ?? documentSecurity ?? [],
    aliases: {
      query: queryPlanOf(operation),
      integerStrings: integerStringFields(operation),
      instrumentRefs: instrumentRefPlanOf(operation),
    },
  };
}

/** The body as received: its bytes (what signatures and tickets cover), its text and its media type. */
interface Received {
  bytes: Buffer;
  text: string;
  mediaType: ReturnType<typeof bodyMediaType>;
  /** A big body takes its turns step by step (lib/turns.ts). */
  big: boolean;
}

/** 415 before any reading, 413 past the host's limit, 400 unless UTF-8. */
async function receiveBody(ctx: EdgeContext, accepted: string[] | null, bodyBytesMax: number): Promise<Received> {
  const mediaType = accepted === null ? null : bodyMediaType(ctx, accepted);
  const bytes = await readBodyBytes(ctx.req, bodyBytesMax);
  // A big body takes milliseconds at each step (decoding, parsing, validating 5 MB): big bodies
  // take turns step by step, so another API's request never waits for more than one.
  const big = bytes.length > bigBodyBytes;
  if (big) await nextTurn();
  const text = mediaType === null ? '' : decodeBody(bytes);
  if (big) await nextTurn();
  return { bytes, text, mediaType, big };
}

/** The request's parts as the aliases rewrite and the validator checks them. */
interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Query aliases to their canonical names (422 on a conflict), integer strings to numbers, symbols to instrument ids
 * (404).
 */
async function rewriteAliases(aliases: AliasPlan, parts: RequestParts, idOfSymbol: InstrumentIdOfSymbol) {
  const query = canonicalQuery(aliases.query, parts.query, parts.params);
  if (aliases.integerStrings.length > 0) convertIntegerStrings(parts.body, aliases.integerStrings);
  if (refersToInstruments(aliases.instrumentRefs))
    await resolveInstrumentRefs(aliases.instrumentRefs, { params: parts.params, query, body: parts.body }, idOfSymbol);
  return { ...parts, query };
}

/**
 * The entries that have a value (as Node's and Koa's objects always do, though their types allow none); a key
 * `__proto__` stays a key.
 */
function valued<T>(entries: Record<string, T | undefined>): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, T] => entry[1] !== undefined));
}

/** 422 with every issue unless the request matches the operation's schema; answers the query coerced to its types. */
function validate(
  document: LoadedDocument,
  ctx: EdgeContext,
  routedPath: string,
  operation: Operation,
  parts: RequestParts,
): Record<string, unknown> {
  const validation = document.backend.validator.validateRequest(
    {
      method: ctx.method,
      path: routedPath,
      query: valued(parts.query),
      headers: valued(ctx.headers),
      body: parts.body,
    },
    operation,
  );
  if (!validation.valid) {
    const input = { requestBody: parts.body, query: parts.query, path: parts.params, header: ctx.headers };
    const issues = toIssues(validation.errors ?? [], input);
    throw new RequestValidationError(issues, batchItemContext(issues, batchItemsOf(operation)));
  }
  const coerced: unknown = validation.coerced?.query;
  return isRecord(coerced) ? coerced : {};
}

/** The batch operations' `x-batch-items`: the body's array whose items a validation issue is reported against. */
function batchItemsOf(operation: Operation): string | undefined {
  const items = 'x-batch-items' in operation ? operation['x-batch-items'] : undefined;
  return typeof items === 'string' ? items : undefined;
}

/** What the edge serves an operation with: the host's body limit and document, and the symbol lookup. */
export interface OperationHost<Deps> {
  document: LoadedDocument;
  bodyBytesMax: number;
  idOfSymbol: InstrumentIdOfSymbol;
  deps: Deps & EdgeDeps;
}

/**
 * One routed request: body bytes (413/415, 400 unless UTF-8) → authenticate (401/403) → parse
 * (400, 422) → aliases (422, 404) → validate (422) → handler → response.
 */
export async function serveOperation<Deps>(
  ctx: EdgeContext,
  host: OperationHost<Deps>,
  plan: OperationPlan<Deps>,
  routed: { path: string; params: Record<string, string> },
): Promise<void> {
  const { operation } = plan;
  const received = await receiveBody(ctx, plan.accepted, host.bodyBytesMax);
  checkQueryText(operation, ctx.querystring);
  // Authentication needs only the headers and the bytes: a caller it refuses costs no parsing.
  const credentials = { method: ctx.method, path: ctx.path, headers: ctx.headers, rawBody: received.bytes };
  const principal = await timed(ctx.state.timing, 'authNs', () =>
    authenticate({ ...credentials, query: ctx.querystring }, plan.security, host.deps, host.deps.clock.nowUs()),
  );
  const { parts, query } = await claimPendingOnFailure(principal, host.deps.db, async () => {
    const body = received.mediaType === null ? undefined : parseBody(received.text, received.mediaType);
    if (received.big) await nextTurn();
    const parts = await rewriteAliases(
      plan.aliases,
      { params: routed.params, query: ctx.query, body },
      host.idOfSymbol,
    );
    return { parts, query: validate(host.document, ctx, routed.path, operation, parts) };
  });
  if (received.big) await nextTurn();
  const request: ApiRequest = {
    operationId: plan.operationId,
    // The router's params: decoded strictly (parameters.ts) and with symbols resolved; every path parameter is a
    // string.
    params: parts.params,
    query,
    body: parts.body,
    rawBody: received.bytes,
    headers: ctx.headers,
    clientAddress: clientAddressOf(ctx.req),
    principal,
    requestId: ctx.state.requestId,
    mktRequestId: ctx.state.mktRequestId,
    signal: abortedOnClose(ctx),
  };
  // The validator has held the request to the operation's schema, which the handler's types are made from.
  const checked = request as ApiRequest<never, never, never>;
  writeResponse(ctx, await timed(ctx.state.timing, 'handlerNs', () => plan.handler(checked, host.deps)));
}

/** Aborts when the client goes away before the response is written. */
function abortedOnClose(ctx: EdgeContext): AbortSignal {
  const abort = new AbortController();
  ctx.req.once('close', () => {
    if (!ctx.res.writableFinished) abort.abort();
  });
  return abort.signal;
}

function writeResponse(ctx: EdgeContext, response: ApiResponse): void {
  for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, String(value));
  ctx.status = response.status;
  if (response.body === undefined || response.status === 204) {
    if (response.status !== 204) ctx.body = '';
    return;
  }
  ctx.body = response.body;
}
