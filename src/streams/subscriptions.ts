import type { components } from '../../generated/types/trading.js';
import { marketSubject, userSubject, type StreamName } from '../core/events.js';

type Resolution = components['schemas']['PriceHistoryResolution'];

/**
 * What `subscribe` and `unsubscribe` carry, read and checked stream by stream: the ack answers each
 * stream on its own, so one bad entry does not refuse the others (status `partial`).
 */
const marketStreams = ['market.ticker', 'market.trades', 'market.book', 'market.candles'] as const;
const userStreams = ['user.orders', 'user.trades', 'user.balances'] as const;
const resolutions: readonly Resolution[] = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'];

export interface StreamRequest {
  name: string;
  market?: string;
  resolution?: string;
}

/** One entry of an ack. */
export interface StreamAck extends StreamRequest {
  status: 'ok' | 'error';
  reason?: StreamRefusal;
  detail?: string;
}

export type StreamRefusal =
  | 'unknown_stream'
  | 'market_required'
  | 'unknown_market'
  | 'resolution_required'
  | 'authentication_required'
  | 'subscriptions_per_connection_exceeded'
  | 'invalid_stream';

/** A stream a connection may hold: its subject is what routes events to it (router.ts). */
export interface Subscription {
  request: StreamRequest;
  name: StreamName;
  subject: string;
}

export { marketSubject, userSubject } from '../core/events.js';

const marketStreamNames: readonly string[] = marketStreams;
const userStreamNames: readonly string[] = userStreams;
const resolutionNames: readonly string[] = resolutions;
const isMarketStream = (name: string): name is (typeof marketStreams)[number] => marketStreamNames.includes(name);
const isUserStream = (name: string): name is (typeof userStreams)[number] => userStreamNames.includes(name);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request as the ack echoes it: only the fields the client sent that are strings. */
export function requestOf(entry: unknown): StreamRequest | undefined {
  if (!isRecord(entry)) return undefined;
  const { name, market, resolution } = entry;
  if (
    typeof name !== 'string' ||
    (market !== undefined && typeof market !== 'string') ||
    (resolution !== undefined && typeof resolution !== 'string')
  )
    return undefined;
  return { name, ...(market !== undefined ? { market } : {}), ...(resolution !== undefined ? { resolution } : {}) };
}

/** The name an entry that is not a stream request carried, as its ack echoes it (empty when it had none). */
export function echoedName(entry: unknown): string {
  const name: unknown = typeof entry === 'object' && entry !== null && 'name' in entry ? entry.name : undefined;
  // The ack echoes whatever the client sent, as String writes it.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return name === undefined || name === null ? '' : String(name);
}

export const refusedStream = (request: StreamRequest, reason: StreamRefusal, detail: string): StreamAck => ({
  ...request,
  status: 'error',
  reason,
  detail,
});

/**
 * The subscription a request names, or why not; `marketExists` is asked only for well-formed
 * market streams, `userId` is the authenticated user (null before `authenticate`).
 */
export async function resolveStream(
  request: StreamRequest,
  userId: string | null,
  marketExists: (marketId: string) => Promise<boolean>,
): Promise<Subscription | StreamAck> {
  const { name, market, resolution } = request;
  if (isUserStream(name)) {
    if (userId === null)
      return refusedStream(
        request,
        'authentication_required',
        `${name} is a private stream: send authenticate on ws:trading first.`,
      );
    return { request, name, subject: userSubject(name, userId) };
  }
  if (!isMarketStream(name))
    return refusedStream(
      request,
      'unknown_stream',
      `No stream is named ${name}. Streams: ${[...marketStreams, ...userStreams].join(', ')}.`,
    );
  if (market === undefined || market === '')
    return refusedStream(
      request,
      'market_required',
      `${name} needs a market: {"name": "${name}", "market": "market_…"}.`,
    );
  if (name === 'market.candles' && (resolution === undefined || !resolutionNames.includes(resolution))) {
    return refusedStream(
      request,
      'resolution_required',
      `market.candles needs a resolution, one of ${resolutions.join(', ')} (as GET /v1/price-histories).`,
    );
  }
  if (!(await marketExists(market)))
    return refusedStream(request, 'unknown_market', `No market ${market}: GET /v1/markets lists them.`);
  return { request, name, subject: marketSubject(name, market, name === 'market.candles' ? resolution : undefined) };
}
