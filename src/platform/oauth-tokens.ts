import type { Db } from '../db/knex.js';
import {
  consumeDeviceCode,
  deviceCodeByHash,
  liveGrantsOfUser,
  oauthTokenByHash,
  recordPoll,
  refreshTokenByHash,
  revokeGrantAndTokens,
  revokeGrantOfUser,
  revokeOAuthToken,
  rotateRefreshToken,
  slowDownPolling,
  touchLiveGrant,
  type DeviceCodeRow,
} from '../db/oauth.js';
import type { Page, PageParams } from '../db/paging.js';
import { assert } from '../lib/assert.js';
import type { Clock } from '../lib/clock.js';
import { hashSecret } from '../lib/secrets.js';
import { insertGrant, insertTokenPair, splitScopes, type IssuedTokenPair } from '../core/identity.js';
import { fail, oauthClients, parseScopes, unknownClient, type OAuthFailure } from '../core/oauth-catalogue.js';

/**
 * The token endpoint of the platform API's authorization server (RFC 6749 §3.2): a device code
 * (RFC 8628 §3.4) or a rotating refresh token (RFC 6749 §6) in, a token pair or a failure out;
 * revocation (RFC 7009) and the user's grants. The device authorization itself, up to the user's
 * decision, is src/platform/oauth.ts. Every rule answers one of a closed set of outcomes; the
 * handlers only map them to HTTP.
 */

export const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/** RFC 8628 §3.5: every slow_down adds 5 seconds to the interval, for that and all later polls. */
const slowDownStepSeconds = 5;

/** Clocks of several server processes and network jitter may shave a little off a well-paced poll. */
const pollToleranceUs = 500_000;

interface IssuedAccess {
  ok: true;
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  scopes: string[];
}

interface TokenRequest {
  grantType: string;
  clientId: string;
  deviceCode?: string | undefined;
  refreshToken?: string | undefined;
  scope?: string | undefined;
}

export interface GrantSummary {
  grantId: string;
  clientId: string;
  scopes: string[];
  createdAtUs: number;
  lastUsedAtUs: number | null;
  /** When the grant's current refresh token expires. */
  expiresAtUs: number;
}

/** What issuing tokens takes: the database, the clock and how long an access token lives (MKT_ACCESS_TOKEN_TTL_S). */
interface IssueDeps {
  db: Db;
  clock: Clock;
  config: { accessTokenTtlS: number };
}

/** RFC 8628 §3.4–3.5, in this order: unknown, other client, used, expired, denied, pending, approved. */
async function exchangeDeviceCode(
  deps: IssueDeps,
  deviceCode: string,
  clientId: string,
): Promise<IssuedAccess | OAuthFailure> {
  const nowUs = deps.clock.nowUs();
  const deviceCodeHash = hashSecret(deviceCode);
  const row = await deviceCodeByHash(deps.db, deviceCodeHash);
  if (!row || row.client_id !== clientId)
    return fail(
      'invalid_grant',
      'The device code is unknown or was issued to another client. Start a new login with POST /v1/oauth/device/code.',
    );
  if (row.status === 'consumed')
    return fail(
      'invalid_grant',
      'The device code was already exchanged for tokens. Start a new login with POST /v1/oauth/device/code.',
    );
  if (row.expires_at_us <= nowUs)
    return fail('expired_token', 'The device code has expired. Start a new login with POST /v1/oauth/device/code.');
  if (row.status === 'denied') return fail('access_denied', 'The user denied the authorization request.');
  if (row.status === 'pending') return pace(deps.db, row, nowUs);

  // Approved: exactly one poll turns it into tokens, however many arrive at once.
  const userId = row.user_id;
  assert(userId !== null, `approved device code ${row.user_code} names no user`);
  const issued = await deps.db.transaction(async (trx) => {
    const taken = await consumeDeviceCode(trx, deviceCodeHash);
    const scopes = splitScopes(row.scopes);
    return taken ? insertGrant(trx, nowUs, userId, row.client_id, scopes, deps.config.accessTokenTtlS) : undefined;
  });
  if (!issued)
    return fail(
      'invalid_grant',
      'The device code was already exchanged for tokens. Start a new login with POST /v1/oauth/device/code.',
    );
  return accessOf(issued, splitScopes(row.scopes), nowUs);
}

/** A pending code answers authorization_pending, or slow_down (and a longer interval) when polled too soon. */
async function pace(db: Db, row: DeviceCodeRow, nowUs: number): Promise<OAuthFailure> {
  const dueAtUs =
    row.last_polled_at_us === null ? nowUs : row.last_polled_at_us + row.interval_seconds * 1_000_000 - pollToleranceUs;
  if (nowUs >= dueAtUs) {
    // Compare-and-set on the last poll time: of two polls at once, one is on time and one too soon.
    const onTime = await recordPoll(db, row.device_code_hash, row.last_polled_at_us, nowUs);
    if (onTime)
      return fail('authorization_pending', 'The user has not yet approved the request. Poll again after the interval.');
  }
  const intervalSeconds = row.interval_seconds + slowDownStepSeconds;
  await slowDownPolling(db, row.device_code_hash, nowUs, slowDownStepSeconds);
  return fail('slow_down', `Polling too fast. Wait at least ${intervalSeconds} seconds between requests.`);
}

/** The token endpoint (RFC 6749 §3.2): a device code or a refresh token in, a token pair or a failure out. */
export async function issueTokens(deps: IssueDeps, request: TokenRequest): Promise<IssuedAccess | OAuthFailure> {
  if (!oauthClients.has(request.clientId)) return unknownClient(request.clientId);
  if (request.grantType === deviceCodeGrantType) {
    if (!request.deviceCode) return fail('invalid_request', 'Missing required parameter: device_code.');
    return exchangeDeviceCode(deps, request.deviceCode, request.clientId);
  }
  if (request.grantType === 'refresh_token') {
    if (!request.refreshToken) return fail('invalid_request', 'Missing required parameter: refresh_token.');
    return refresh(deps, request.refreshToken, request.clientId, request.scope);
  }
  return fail(
    'unsupported_grant_type',
    `Unsupported grant_type: ${request.grantType}. Use ${deviceCodeGrantType} or refresh_token.`,
  );
}

/**
 * Rotation (RFC 6749 §6, OAuth 2.0 Security BCP §4.14.2): each refresh token works once. A rotated
 * one presented again means two parties hold it, so the whole grant goes.
 */
async function refresh(
  deps: IssueDeps,
  refreshToken: string,
  clientId: string,
  scope: string | undefined,
): Promise<IssuedAccess | OAuthFailure> {
  const { db, clock } = deps;
  const nowUs = clock.nowUs();
  const tokenHash = hashSecret(refreshToken);
  const row = await refreshTokenByHash(db, tokenHash);
  const invalid = fail('invalid_grant', 'The refresh token is invalid, expired or revoked. Log in again.');
  if (!row || row.client_id !== clientId) return invalid;
  const reused = fail(
    'invalid_grant',
    'This refresh token was already used. The grant has been revoked for safety; log in again.',
  );
  if (row.rotated_at_us !== null && row.grant_revoked_at_us === null) {
    await revokeGrantAndTokens(db, row.grant_id, nowUs);
    return reused;
  }
  if (
    row.revoked_at_us !== null ||
    row.grant_revoked_at_us !== null ||
    row.rotated_at_us !== null ||
    row.expires_at_us <= nowUs
  )
    return invalid;
  const grantScopes = splitScopes(row.grant_scopes);
  const scopes = parseScopes(scope, grantScopes, 'the scope of the grant');
  if (!Array.isArray(scopes)) return scopes;
  const narrowed = scopes.length < grantScopes.length ? scopes : undefined;

  const outcome = await db
    .transaction(async (trx): Promise<IssuedTokenPair | 'lost' | 'revoked'> => {
      if (!(await rotateRefreshToken(trx, tokenHash, nowUs))) return 'lost';
      if (!(await touchLiveGrant(trx, row.grant_id, nowUs))) throw new GrantRevokedMeanwhile();
      return insertTokenPair(trx, row.grant_id, nowUs, deps.config.accessTokenTtlS, narrowed);
    })
    .catch((error: unknown) => {
      if (error instanceof GrantRevokedMeanwhile) return 'revoked' as const;
      throw error;
    });
  if (outcome === 'revoked') return invalid;
  if (outcome === 'lost') {
    // Another request rotated this token a moment ago: the same token twice, so treated as reuse.
    await revokeGrantAndTokens(db, row.grant_id, clock.nowUs());
    return reused;
  }
  return accessOf(outcome, scopes, nowUs);
}

function accessOf(pair: IssuedTokenPair, scopes: string[], nowUs: number): IssuedAccess {
  return {
    ok: true,
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    expiresInSeconds: (pair.accessExpiresAtUs - nowUs) / 1_000_000,
    scopes,
  };
}

/** RFC 7009: a refresh token takes its grant with it, an access token only itself; unknown is fine. */
export async function revokeToken(deps: { db: Db; clock: Clock }, rawToken: string): Promise<void> {
  const nowUs = deps.clock.nowUs();
  const row = await oauthTokenByHash(deps.db, hashSecret(rawToken));
  if (!row) return;
  if (row.kind === 'refresh') return revokeGrantAndTokens(deps.db, row.grant_id, nowUs);
  await revokeOAuthToken(deps.db, row.token_hash, nowUs);
}

export async function listGrants(
  deps: { db: Db; clock: Clock },
  userId: string,
  page: PageParams,
): Promise<Page<GrantSummary>> {
  const found = await liveGrantsOfUser(deps.db, userId, deps.clock.nowUs(), page);
  return {
    paging: found.paging,
    rows: found.rows.map((r) => ({
      grantId: r.id,
      clientId: r.client_id,
      scopes: splitScopes(r.scopes),
      createdAtUs: r.created_at_us,
      lastUsedAtUs: r.last_used_at_us,
      expiresAtUs: r.expires_at_us,
    })),
  };
}

/** Revokes a live grant of this user and every token of it; false if there is no such grant. */
export async function revokeGrant(deps: { db: Db; clock: Clock }, userId: string, grantId: string): Promise<boolean> {
  return revokeGrantOfUser(deps.db, userId, grantId, deps.clock.nowUs());
}

/** Thrown inside the refresh transaction to roll it back when the grant was revoked meanwhile. */
class GrantRevokedMeanwhile extends Error {}
