import http from 'node:http';
import https from 'node:https';
import { ApiError } from '../lib/errors.js';
import type { ForwardOutcome } from '../lib/metrics.js';
import { marketOfRequest, type MarketsOfOrders, type RelayedRequest } from './forwarding-markets.js';
import { setHeader, type EdgeContext, type Relay } from './operation.js';

/**
 * Markets partitioned across processes (issue 33, item 3; docs/deploy.md). A trading write for a market this process
 * does not trade (MKT_MARKETS) is sent on, as received (method, path and query, headers with the signature's, the
 * body's bytes), to a live process that trades it, and its answer is given back as it came, with `x-mkt-served-by`
 * naming the process that served it. It runs after the body is read and before anything is verified or claimed
 * (operation.ts): the owner verifies the signature and claims its nonce, so nothing is matched twice. With no live
 * owner the answer is 503 with Retry-After, never a match here.
 */

/** Names the process that served a trading write (here, or the owner it was forwarded to). */
const servedByHeader = 'x-mkt-served-by';
/** Marks a forwarded request with the forwarding process: it is never forwarded again. */
const forwardedByHeader = 'x-mkt-forwarded-by';

export interface MarketOwner {
  processId: string;
  tradingUrl: string;
}

/** What the relay asks of the process's market ownership (app/market-ownership.ts). */
export interface MarketRouting {
  /** This process's id in the registry; null before it registered. */
  processId(): string | null;
  owns(marketId: string): boolean;
  /** A live process that trades the market, other than this one; null when none is known. */
  ownerOf(marketId: string): Promise<MarketOwner | null>;
  /** The owner did not answer: look again before forwarding to it. */
  ownerFailed(owner: MarketOwner): void;
  marketExists(marketId: string): Promise<boolean>;
  marketsOfOrders: MarketsOfOrders;
}

/** A forwarded request's answer waits at most this long for the owner (it may sit in a group commit). */
const forwardWaitMs = 30_000;
const retryAfterS = '1';

/**
 * One pool of kept-alive connections per scheme, to every owner. An idle connection is dropped after `forwardWaitMs`,
 * well before the owner's server drops it (65 s, http/server.ts): a request is never sent on a connection the owner is
 * closing.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, timeout: forwardWaitMs }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, timeout: forwardWaitMs }),
};

/** Headers of one connection, not of the request (RFC 9110 §7.6.1), and those the forwarding sets itself. */
const notForwarded = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

function noOwner(marketId: string, why: string): ApiError {
  return new ApiError(
    503,
    'service_unavailable',
    `No process that trades market ${marketId} is reachable right now (${why}); retry in ${retryAfterS} second, with backoff.`,
    { headers: { 'Retry-After': retryAfterS } },
  );
}

/** The request never reached the owner (nothing was sent): refused or unreachable before connecting. */
const notSent = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  ['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND'].includes(String(error.code));

/**
 * The owner went away with the request: it may have matched it, as when a database connection drops during a commit
 * (the `503` of the spec with `may_have_committed`).
 */
function ownerLost(marketId: string, owner: MarketOwner, error: unknown): ApiError {
  if (notSent(error)) return noOwner(marketId, `its owner ${owner.processId} refused the connection`);
  return new ApiError(
    503,
    'service_unavailable',
    `The process that trades market ${marketId} (${owner.processId}) did not answer (${String(error)}): the request ` +
      'may have been applied. Retry with the same client_order_id, which answers the first result instead of placing ' +
      'the order twice, or read your orders first.',
    { headers: { 'Retry-After': retryAfterS }, context: { may_have_committed: true } },
  );
}

/**
 * The edge's relay for the trading host (operation.ts `Relay`): true when the request was forwarded and answered; false
 * when it is served here.
 */
export function marketRelay(routing: MarketRouting, counted: (outcome: ForwardOutcome) => void): Relay {
  return async (ctx: EdgeContext, operationId: string, params: RelayedRequest['params'], bytes: Buffer) => {
    const request = { operationId, params, querystring: ctx.request.querystring, bytes };
    const forwarded = await relay(routing, ctx, request, counted);
    if (forwarded) counted('forwarded');
    return forwarded;
  };
}

async function relay(
  routing: MarketRouting,
  ctx: EdgeContext,
  request: RelayedRequest,
  counted: (outcome: ForwardOutcome) => void,
): Promise<boolean> {
  const marketOf = marketOfRequest[request.operationId];
  if (marketOf === undefined) return false;
  const marketId = await marketOf(request, routing.marketsOfOrders);
  const me = routing.processId();
  if (marketId === undefined || routing.owns(marketId)) {
    if (me !== null) setHeader(ctx, servedByHeader, me);
    return false;
  }
  const refused = (error: ApiError): ApiError => {
    counted(error.context?.may_have_committed === true ? 'owner_lost' : 'no_owner');
    return error;
  };
  if (ctx.req.headers[forwardedByHeader] !== undefined)
    throw refused(noOwner(marketId, 'it was forwarded to this process, which does not trade it'));
  const owner = await routing.ownerOf(marketId);
  if (owner === null) {
    if (!(await routing.marketExists(marketId))) return false; // the pipeline answers the unknown market
    throw refused(noOwner(marketId, 'no live process trades it'));
  }
  try {
    await forwardToOwner(ctx, routing, marketId, owner, { bytes: request.bytes, me });
  } catch (error) {
    throw error instanceof ApiError ? refused(error) : error;
  }
  return true;
}

/** To the owner; to another live one if it refused the connection (nothing was sent), once. */
async function forwardToOwner(
  ctx: EdgeContext,
  routing: MarketRouting,
  marketId: string,
  owner: MarketOwner,
  sent: { bytes: Buffer; me: string | null },
): Promise<void> {
  try {
    await forward(ctx, owner, sent.bytes, sent.me);
  } catch (error) {
    routing.ownerFailed(owner);
    const other = notSent(error) ? await routing.ownerOf(marketId) : null;
    if (other === null || other.processId === owner.processId) throw ownerLost(marketId, owner, error);
    try {
      await forward(ctx, other, sent.bytes, sent.me);
    } catch (again) {
      routing.ownerFailed(other);
      throw ownerLost(marketId, other, again);
    }
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function forwardedHeaders(ctx: EdgeContext, bytes: Buffer, me: string | null): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(ctx.req.headers))
    if (value !== undefined && !notForwarded.has(name)) headers[name] = value;
  if (bytes.length > 0 || ctx.req.headers['content-length'] !== undefined) headers['content-length'] = bytes.length;
  headers[forwardedByHeader] = me ?? 'unregistered';
  headers['x-request-id'] = ctx.state.requestId;
  return headers;
}

/** Sends the request to the owner and writes its answer as the answer. */
async function forward(ctx: EdgeContext, owner: MarketOwner, bytes: Buffer, me: string | null): Promise<void> {
  const answer = await send(
    new URL(ctx.req.url ?? '/', owner.tradingUrl),
    ctx.method,
    forwardedHeaders(ctx, bytes, me),
    bytes,
  );
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !notForwarded.has(name)) ctx.res.setHeader(name, value);
  if (answer.headers[servedByHeader] === undefined) setHeader(ctx, servedByHeader, owner.processId);
  ctx.status = answer.status;
  ctx.body = answer.status === 204 || answer.status === 304 ? null : answer.body;
}

function send(url: URL, method: string, headers: http.OutgoingHttpHeaders, body: Buffer): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = client.request(url, { method, headers, agent, timeout: forwardWaitMs }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${forwardWaitMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
