import type Koa from 'koa';
import { Stream } from 'node:stream';
import type { Operation } from 'openapi-backend';
import { AssertionFailed } from '../lib/assert.js';
import { nextTurn } from '../lib/turns.js';
import { authenticate, type Requirement } from './auth/index.js';
import { claimPendingOnFailure } from './auth/signature.js';
import type { EdgeDeps } from './deps.js';
import { bodyMediaType, decodeBody, parseBody, readBodyBytes } from './body.js';
import {
  instrumentRefPlanOf,
  refersToInstruments,
  resolveInstrumentRefs,
  type InstrumentIdOfSymbol,
  type InstrumentRefPlan,
} from './instrument-refs.js';
import { convertIntegerStrings, integerStringFields, type FieldPath } from './integer-strings.js';
import type { LoadedDocument } from './openapi.js';
import { checkedQuery, parametersOf } from './parameters.js';
import { canonicalQuery, queryPlanOf, type QueryPlan } from './query-aliases.js';
import { timed, type RequestTiming } from './server-timing.js';
import type { ApiRequest, ApiResponse, Handler } from './types.js';
import { EdgeRequest } from './edge-request.js';
import { validateRequest, validationPlanOf, type ValidationPlan } from './validation.js';
import type { RequestTrace } from './request-trace.js';
import { inSpan } from '../lib/tracer.js';

/** What the edge keeps on each request's `ctx.state` (set by the first middleware of app.ts). */
export interface EdgeState {
  requestId: string;
  /** This server's own id of the request (`req_…`): made at once where it is sent, else when first read. */
  mktRequestId?: string;
  timing: RequestTiming;
  /** Once routed: the operation the request is for (which shape its validation errors take). */
  operationId?: string;
  /** The request's trace and server span (request-trace.ts). */
  trace: RequestTrace;
  /** Once it reached the router: the operation's path template (`''` while it matches none). */
  route?: string;
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
  /** Whether its document lets a consumption key past its expiry through (`x-mkt-expired-key-allowed`). */
  expiredKeyAllowed: boolean;
  /** Whether it declares query parameters (whose text is checked; others ignore their query). */
  readsQuery: boolean;
  aliases: AliasPlan;
  validation: ValidationPlan;
}

/** The operation's id, which every operation of our documents has (redocly's lint holds them to it). */
export function operationIdOf(operation: Operation): string {
  if (operation.operationId === undefined)
    throw new AssertionFailed(`${operation.method.toUpperCase()} ${operation.path} has no operationId`);
  return operation.operationId;
}

export function operationPlanOf<Deps>(
  document: LoadedDocument,
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
    expiredKeyAllowed: 'x-mkt-expired-key-allowed' in operation && operation['x-mkt-expired-key-allowed'] === true,
    readsQuery: parametersOf(operation).some((p) => p.in === 'query'),
    aliases: {
      query: queryPlanOf(operation),
      integerStrings: integerStringFields(operation),
      instrumentRefs: instrumentRefPlanOf(operation),
    },
    validation: validationPlanOf(document, operation, operationId),
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
 * Given a request once its body is read and before anything is verified, may answer it elsewhere (the trading host's
 * forwarding to a market's owner, forwarding.ts): true when it did, and the request is not served here.
 */
export type Relay = (
  ctx: EdgeContext,
  operationId: string,
  params: Record<string, string>,
  bytes: Buffer,
) => Promise<boolean>;

/** What the edge serves an operation with: the host's body limit and the symbol lookup. */
export interface OperationHost<Deps> {
  bodyBytesMax: number;
  idOfSymbol: InstrumentIdOfSymbol;
  deps: Deps & EdgeDeps;
  relay: Relay | undefined;
}

/**
 * One routed request: body bytes (413/415, 400 unless UTF-8) → the host's relay (forwarded elsewhere, or served
 * here) → authenticate (401/403) → parse (400, 422) → aliases (422, 404) → validate (422) → handler → response.
 */
export async function serveOperation<Deps>(
  ctx: EdgeContext,
  host: OperationHost<Deps>,
  plan: OperationPlan<Deps>,
  params: Record<string, string>,
): Promise<void> {
  const { headers } = ctx.req;
  const { querystring } = ctx.request;
  const received = await receiveBody(ctx, plan.accepted, host.bodyBytesMax);
  if (host.relay !== undefined && (await host.relay(ctx, plan.operationId, params, received.bytes))) return;
  // Checked and parsed in one pass where the operation reads its query; Koa parses the rest (validation refuses them).
  const readQuery = plan.readsQuery ? checkedQuery(querystring) : undefined;
  // Authentication needs only the headers and the bytes: a caller it refuses costs no parsing.
  const credentials = {
    method: ctx.method,
    path: ctx.path,
    headers,
    rawBody: received.bytes,
    query: querystring,
    expiredKeyAllowed: plan.expiredKeyAllowed,
  };
  const { tracer } = host.deps;
  const parent = ctx.state.trace.context;
  const principal = await timed(ctx.state.timing, 'authNs', () =>
    inSpan(tracer, 'authenticate', parent, () =>
      authenticate(credentials, plan.security, host.deps, host.deps.clock.nowUs()),
    ),
  );
  const { parts, query } = await claimPendingOnFailure(principal, host.deps.db, () =>
    inSpan(tracer, 'validate', parent, async () => {
      const body = received.mediaType === null ? undefined : parseBody(received.text, received.mediaType);
      if (received.big) await nextTurn();
      // The path's parameters are validated as sent: symbols are resolved into the router's.
      const path = { ...params };
      // Koa's parse of an empty query is an empty object too.
      const sentQuery = querystring === '' ? {} : (readQuery ?? ctx.request.query);
      const parts = await rewriteAliases(plan.aliases, { params, query: sentQuery, body }, host.idOfSymbol);
      const reported = { requestBody: parts.body, query: parts.query, path: parts.params, header: headers };
      return { parts, query: validateRequest(plan.validation, { ...parts, path, headers }, reported) };
    }),
  );
  if (received.big) await nextTurn();
  const request: ApiRequest = new EdgeRequest(ctx, {
    operationId: plan.operationId,
    // The router's params: decoded strictly (parameters.ts) and with symbols resolved; every path parameter is a
    // string.
    params: parts.params,
    query,
    body: parts.body,
    rawBody: received.bytes,
    principal,
  });
  // The validator has held the request to the operation's schema, which the handler's types are made from.
  const checked = request as ApiRequest<never, never, never>;
  writeResponse(ctx, await timed(ctx.state.timing, 'handlerNs', () => plan.handler(checked, host.deps)));
}

/** What Koa's `ctx.set` does with one text value, without its copying of the name and value into lists. */
export function setHeader(ctx: EdgeContext, name: string, value: string): void {
  if (!ctx.res.headersSent) ctx.res.setHeader(name, value);
}

function writeResponse(ctx: EdgeContext, response: ApiResponse): void {
  if (response.headers !== undefined)
    for (const [name, value] of Object.entries(response.headers)) setHeader(ctx, name, String(value));
  ctx.status = response.status;
  if (response.body === undefined || response.status === 204) {
    if (response.status !== 204) ctx.body = '';
    return;
  }
  // The type Koa gives a JSON body, set as it would (only when unset), without its lookup in the mime-types table.
  if (isJsonBody(response.body) && !ctx.res.hasHeader('Content-Type')) setHeader(ctx, 'Content-Type', jsonType);
  ctx.body = response.body;
}

const jsonType = 'application/json; charset=utf-8';

/** A body Koa sends as JSON: neither text, bytes nor a stream of any kind (anything with a `pipe` is left to Koa). */
export function isJsonBody(body: unknown): body is object {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body) &&
    !(body instanceof Stream) &&
    !(body instanceof Blob) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof Response) &&
    !('pipe' in body)
  );
}
