import type { Clock } from '../../lib/clock.js';
import { CliError } from './output.js';
import { fieldOf, stringOf, tokensOf, type Tokens } from './replies.js';
import { readProfile, updateProfile, withProfileLock, type Hosts, type Profile, type ProfileStore } from './profile.js';
import { ed25519PrivateKey, signatureHeaders } from '../../../generated/sdk/typescript/signing/index.js';

/** What every user command runs on: where the hosts are, which profile, and the clock. */
export interface Session {
  hosts: Hosts;
  store: ProfileStore;
  clock: Clock;
}

export const clientId = 'mkt-cli';

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
}

const nowSeconds = (clock: Clock): number => Math.floor(clock.nowUs() / 1_000_000);

function withQuery(url: string, query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  return entries.length === 0
    ? url
    : `${url}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/** One HTTP exchange; a refused connection says which host and how to point at another one. */
async function send(url: string, init: RequestInit): Promise<Reply> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CliError(
      `cannot reach ${new URL(url).origin} (${cause}); is the service running? Set MKT_PLATFORM_URL, MKT_TRADING_URL or MKT_CONSUMPTION_URL to point elsewhere.`,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

/**
 * The error of a failed answer: the documents' envelope `{errors: {code, detail}}`, or an OAuth error (RFC 6749 §5.2).
 */
export function failure(reply: Reply, what: string): CliError {
  const { body } = reply;
  const errors = fieldOf(body, 'errors');
  const detail = stringOf(fieldOf(errors, 'detail'));
  if (detail) return new CliError(detail, stringOf(fieldOf(errors, 'code')), reply.status);
  const error = fieldOf(body, 'error');
  if (typeof error === 'string')
    return new CliError(stringOf(fieldOf(body, 'error_description')) ?? error, error, reply.status);
  // the OpenAI-shaped errors of the inference endpoints
  const message = stringOf(fieldOf(error, 'message'));
  if (message)
    return new CliError(message, stringOf(fieldOf(error, 'code')) ?? stringOf(fieldOf(error, 'type')), reply.status);
  return new CliError(
    `${what} answered HTTP ${reply.status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
    undefined,
    reply.status,
  );
}

/** The `data` of a successful answer, or the failure thrown. */
export function dataOf<T>(reply: Reply, what: string): T {
  if (reply.status < 200 || reply.status >= 300) throw failure(reply, what);
  return (reply.body as { data: T }).data;
}

const pageRows = 100;
const pagesMaxDefault = 20;

/** The rows of a cursor-paged list (`paging.next_cursor`), page after page, up to `pagesMax` pages. */
async function allPages<T>(
  fetchPage: (next: string | undefined) => Promise<Reply>,
  what: string,
  pagesMax: number,
): Promise<T[]> {
  const rows: T[] = [];
  let next: string | undefined;
  for (let page = 0; page < pagesMax; page += 1) {
    const reply = await fetchPage(next);
    rows.push(...dataOf<T[]>(reply, what));
    const paging = fieldOf(reply.body, 'paging');
    const nextCursor = stringOf(fieldOf(paging, 'next_cursor'));
    if (fieldOf(paging, 'has_more') !== true || !nextCursor) break;
    next = nextCursor;
  }
  return rows;
}

// ---- platform: OAuth tokens -----------------------------------------------------------------------

/** A form POST to the OAuth endpoints (RFC 6749 and 8628 use application/x-www-form-urlencoded). */
export function oauthForm(session: Session, path: string, params: Record<string, string>): Promise<Reply> {
  return send(session.hosts.platform + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
}

/** The scopes the public client may request (`GET /v1/oauth/scopes`, no credential), every page. */
export function clientScopes(session: Session): Promise<{ scope: string }[]> {
  return allPages<{ scope: string }>(
    (next) =>
      send(withQuery(`${session.hosts.platform}/v1/oauth/scopes`, { client_id: clientId, limit: pageRows, next }), {
        headers: { accept: 'application/json' },
      }),
    'the platform API',
    pagesMaxDefault,
  );
}

export function storedTokens(clock: Clock, tokens: Tokens): NonNullable<Profile['tokens']> {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: new Date(clock.nowUs() / 1000 + tokens.expires_in * 1000).toISOString(),
    scope: tokens.scope,
  };
}

const refreshMarginMs = 60_000;

const expiresSoon = (clock: Clock, tokens: NonNullable<Profile['tokens']>): boolean =>
  Date.parse(tokens.expires_at) - refreshMarginMs <= clock.nowUs() / 1000;

/**
 * The refresh_token grant: a new access token and a new refresh token (the old one is spent), both
 * stored. Under the profile's lock; when another `mkt` refreshed while this one waited (the stored
 * access token is no longer `spent`), its fresh tokens are used instead of spending them again.
 */
function refreshTokens(session: Session, spent: string): Promise<string> {
  return withProfileLock(session.store, session.clock, async () => {
    const tokens = readProfile(session.store).tokens;
    if (!tokens) throw new CliError('not logged in: run `mkt login` first');
    if (tokens.access_token !== spent && !expiresSoon(session.clock, tokens)) return tokens.access_token;
    const reply = await oauthForm(session, '/v1/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    if (reply.status !== 200) {
      const error = failure(reply, 'the token endpoint');
      if (error.code === 'invalid_grant')
        throw new CliError('the login has expired or was revoked: run `mkt login` again', error.code, reply.status);
      throw error;
    }
    const stored = storedTokens(session.clock, tokensOf(reply.body, 'the token endpoint'));
    updateProfile(session.store, (profile) => ({ ...profile, tokens: stored }));
    return stored.access_token;
  });
}

/** The stored access token, refreshed first when it expires within a minute. */
async function accessToken(session: Session): Promise<string> {
  const tokens = readProfile(session.store).tokens;
  if (!tokens) throw new CliError('not logged in: run `mkt login` first');
  return expiresSoon(session.clock, tokens) ? refreshTokens(session, tokens.access_token) : tokens.access_token;
}

/** A call with the login's access token to one host; a 401 `invalid_token` refreshes it once and retries. */
async function tokenRequest(
  session: Session,
  host: 'platform' | 'trading',
  method: string,
  path: string,
  options: RequestOptions,
): Promise<Reply> {
  const attempt = (token: string) =>
    send(withQuery(session.hosts[host] + path, options.query), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  const token = await accessToken(session);
  const reply = await attempt(token);
  if (reply.status === 401 && failure(reply, host).code === 'invalid_token')
    return attempt(await refreshTokens(session, token));
  return reply;
}

/** A platform API call with the login's access token. */
export function platformRequest(
  session: Session,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  return tokenRequest(session, 'platform', method, path, options);
}

/**
 * A trading API call with the login's access token in place of a signature (its scope `trade:read` or `trade:write`).
 */
export function tradingTokenRequest(
  session: Session,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  return tokenRequest(session, 'trading', method, path, options);
}

export async function platformData<T>(
  session: Session,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return dataOf<T>(await platformRequest(session, method, path, options), 'the platform API');
}

/** Every page of a platform list. */
export function platformList<T>(session: Session, path: string, pagesMax = pagesMaxDefault): Promise<T[]> {
  return allPages<T>(
    (next) => platformRequest(session, 'GET', path, { query: { limit: pageRows, next } }),
    'the platform API',
    pagesMax,
  );
}

// ---- trading: signed requests ---------------------------------------------------------------------

function signingKeyOf(session: Session) {
  const key = readProfile(session.store).signing_key;
  if (!key) throw new CliError('no signing key in this profile: run `mkt signing-keys create LABEL` first');
  return { privateKey: ed25519PrivateKey(key.private_key), fingerprint: key.fingerprint };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A trading API call signed afresh. A write's signature is good once (DESIGN.md §9): the same write
 * signed in the same second (an identical `cancel --all` run twice) is `signature_replayed`, so that
 * answer is retried once, signed in the next second.
 */
export async function tradingRequest(
  session: Session,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  const key = signingKeyOf(session);
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const attempt = (timestamp: number) =>
    send(withQuery(session.hosts.trading + path, options.query), {
      method,
      headers: {
        accept: 'application/json',
        ...(body === '' ? {} : { 'content-type': 'application/json' }),
        ...signatureHeaders(key.privateKey, key.fingerprint, method, path, Buffer.from(body, 'utf8'), timestamp),
        ...options.headers,
      },
      body: body === '' ? undefined : body,
    });
  const first = nowSeconds(session.clock);
  const reply = await attempt(first);
  if (reply.status !== 401 || failure(reply, 'trading').code !== 'signature_replayed') return reply;
  await sleep(1000 - ((session.clock.nowUs() / 1000) % 1000) + 5);
  return attempt(Math.max(first + 1, nowSeconds(session.clock)));
}

/**
 * `x-mkt-market` (trading.yaml MarketRoutingHeader): names the market of a write for a load balancer that routes each
 * market to the process that trades it (docs/deploy.md); unsigned, and the server never relies on it.
 */
export const marketRouting = (marketId: string | undefined): Record<string, string> =>
  marketId === undefined ? {} : { 'x-mkt-market': marketId };

export async function tradingData<T>(
  session: Session,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return dataOf<T>(await tradingRequest(session, method, path, options), 'the trading API');
}

/** Every page of a signed list. */
export function tradingList<T>(
  session: Session,
  path: string,
  query: Query = {},
  pagesMax = pagesMaxDefault,
): Promise<T[]> {
  return allPages<T>(
    (next) => tradingRequest(session, 'GET', path, { query: { limit: pageRows, ...query, next } }),
    'the trading API',
    pagesMax,
  );
}

// ---- consumption: the stored consumption key ------------------------------------------------------

export function consumptionKeyOf(session: Session): string {
  const key = readProfile(session.store).consumption_key;
  if (!key) throw new CliError('no consumption key in this profile: run `mkt keys create NAME` first');
  return key.key;
}

export async function consumptionData<T>(session: Session, path: string, query: Query = {}): Promise<T> {
  const reply = await send(withQuery(session.hosts.consumption + path, query), {
    headers: { authorization: `Bearer ${consumptionKeyOf(session)}`, accept: 'application/json' },
  });
  return dataOf<T>(reply, 'the consumption API');
}
