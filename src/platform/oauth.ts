import { randomInt } from 'node:crypto';
import { isUniqueViolation, type Db } from '../db/knex.js';
import {
  decideDeviceCode,
  insertDeviceCode,
  liveDeviceCodeByUserCode,
  pruneDeviceCodes,
  type DeviceCodeRow,
} from '../db/oauth.js';
import { pageOfList, type Page, type PageParams } from '../db/paging.js';
import type { Clock } from '../lib/clock.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import { splitScopes } from '../core/identity.js';
import { attemptSucceeded, countAttempt, type ThrottleKey } from '../core/throttles.js';
import {
  describeScope,
  fail,
  formatUserCode,
  normaliseUserCode,
  oauthClients,
  parseScopes,
  defaultScopesOf,
  unknownClient,
  userCodeAlphabet,
  userCodeGroupLength,
  type OAuthFailure,
  type ScopeInfo,
} from '../core/oauth-catalogue.js';

export { publicClientId, scopeCatalogue, userCodeAlphabet } from '../core/oauth-catalogue.js';
export type { OAuthFailure } from '../core/oauth-catalogue.js';

/**
 * The OAuth 2.0 authorization server of the platform API, its device authorization grant (RFC 8628)
 * up to the user's decision: a client starts a login, the user finds it at /device by its user code
 * and approves or denies it. The token endpoint, revocation and the user's grants are
 * src/platform/oauth-tokens.ts. Every rule answers one of a closed set of outcomes; the handlers
 * only map them to HTTP. Time comes from the clock, randomness from `OAuthRandom` (both in `deps`).
 */

const deviceCodeLifetimeUs = 600_000_000; // 10 minutes
const pollIntervalSeconds = 5;
/** Expired device codes stay this long (a late poll still hears expired_token), then go. */
const deviceCodeRetentionUs = 24 * 3_600_000_000;
const userCodeAttemptsMax = 5;
interface DeviceAuthorization {
  ok: true;
  deviceCode: string;
  userCode: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

/** What the dashboard's /device page shows and decides on. */
export interface DeviceRequest {
  userCode: string;
  clientId: string;
  clientName: string;
  scopes: { scope: string; description: string }[];
  expiresAtUs: number;
  status: 'pending' | 'approved' | 'denied' | 'consumed';
}

/** Who types a user code at /device: the client address and the dashboard session. */
interface Guesser {
  clientAddress: string;
  sessionIdHash: string;
}

type DeviceLookup =
  | { ok: true; device: DeviceRequest }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Where device codes and user codes come from: crypto randomness, or a fixed sequence in tests. */
export interface OAuthRandom {
  deviceCode(): string;
  userCode(): string;
}

export const cryptoRandom: OAuthRandom = {
  deviceCode: () => newSecret(''),
  userCode: () => {
    let letters = '';
    for (let i = 0; i < 2 * userCodeGroupLength; i += 1)
      letters += userCodeAlphabet[randomInt(userCodeAlphabet.length)];
    return formatUserCode(letters);
  },
};

// ---- the device authorization grant (RFC 8628) ------------------------------------------------------

/** The scopes a client may request, paged; undefined for an unknown client. */
export function listScopes(clientId: string, page: PageParams): Page<ScopeInfo> | undefined {
  const client = oauthClients.get(clientId);
  return client && pageOfList(client.scopes.map(describeScope), (s) => s.scope, page);
}

/** Throttled per client address and per client (DESIGN.md §9): a refusal then carries retryAfterSeconds. */
export async function startDeviceAuthorization(
  deps: { db: Db; clock: Clock; oauthRandom: OAuthRandom },
  clientId: string,
  scope: string | undefined,
  clientAddress: string,
): Promise<DeviceAuthorization | OAuthFailure> {
  const client = oauthClients.get(clientId);
  if (!client) return unknownClient(clientId);
  const scopes = parseScopes(scope, client.scopes, `the scopes of client ${clientId}`, defaultScopesOf(client.scopes));
  if (!Array.isArray(scopes)) return scopes;
  const throttled = await countAttempt(deps, [
    { scope: 'device_code_address', key: clientAddress },
    { scope: 'device_code_client', key: clientId },
  ]);
  if (!throttled.ok) {
    const wait = throttled.retryAfterSeconds;
    return {
      ...fail(
        'slow_down',
        `Too many login requests. Wait ${wait} second${wait === 1 ? '' : 's'} before starting another.`,
      ),
      retryAfterSeconds: wait,
    };
  }
  const nowUs = deps.clock.nowUs();
  await pruneDeviceCodes(deps.db, nowUs - deviceCodeRetentionUs);
  const deviceCode = deps.oauthRandom.deviceCode();
  for (let attempt = 1; ; attempt += 1) {
    const userCode = deps.oauthRandom.userCode();
    try {
      await insertDeviceCode(deps.db, {
        device_code_hash: hashSecret(deviceCode),
        user_code: userCode,
        client_id: clientId,
        scopes: scopes.join(' '),
        status: 'pending',
        user_id: null,
        interval_seconds: pollIntervalSeconds,
        last_polled_at_us: null,
        created_at_us: nowUs,
        expires_at_us: nowUs + deviceCodeLifetimeUs,
      });
      return {
        ok: true,
        deviceCode,
        userCode,
        expiresInSeconds: deviceCodeLifetimeUs / 1_000_000,
        intervalSeconds: pollIntervalSeconds,
      };
    } catch (error) {
      // The user code collided with another one still stored: draw again, a bounded number of times.
      if (!isUniqueViolation(error) || attempt >= userCodeAttemptsMax) throw error;
    }
  }
}

async function liveDeviceCode(deps: { db: Db; clock: Clock }, typed: string): Promise<DeviceCodeRow | undefined> {
  const userCode = normaliseUserCode(typed);
  if (userCode === undefined) return undefined;
  return liveDeviceCodeByUserCode(deps.db, userCode, deps.clock.nowUs());
}

/**
 * Accepts lower case and a missing dash. Each lookup is a guess, throttled per address and per
 * session of the guesser (DESIGN.md §9); a code that is unknown or expired counts against both.
 */
export async function findDeviceRequest(
  deps: { db: Db; clock: Clock },
  typed: string,
  guesser: Guesser,
): Promise<DeviceLookup> {
  const keys: ThrottleKey[] = [
    { scope: 'user_code_session', key: guesser.sessionIdHash },
    { scope: 'user_code_address', key: guesser.clientAddress },
  ];
  const throttled = await countAttempt(deps, keys);
  if (!throttled.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: throttled.retryAfterSeconds };
  const row = await liveDeviceCode(deps, typed);
  if (!row) return { ok: false, reason: 'unknown' };
  await attemptSucceeded(deps, keys);
  return {
    ok: true,
    device: {
      userCode: row.user_code,
      clientId: row.client_id,
      clientName: oauthClients.get(row.client_id)?.name ?? row.client_id,
      scopes: splitScopes(row.scopes).map(describeScope),
      expiresAtUs: row.expires_at_us,
      status: row.status,
    },
  };
}

/**
 * How a user's decision on a login went: recorded, or refused because the code is unknown or
 * expired, or because the login was already decided. The dashboard's /device page tells them apart.
 */
type DeviceDecision = 'decided' | 'unknown_code' | 'already_decided';

export const approveDevice = (
  deps: { db: Db; clock: Clock },
  userCode: string,
  userId: string,
): Promise<DeviceDecision> => decide(deps, userCode, userId, 'approved');

export const denyDevice = (deps: { db: Db; clock: Clock }, userCode: string, userId: string): Promise<DeviceDecision> =>
  decide(deps, userCode, userId, 'denied');

/** The user's decision, once: a code that is no longer pending keeps the decision it has. */
async function decide(
  deps: { db: Db; clock: Clock },
  typed: string,
  userId: string,
  status: 'approved' | 'denied',
): Promise<DeviceDecision> {
  const row = await liveDeviceCode(deps, typed);
  if (!row) return 'unknown_code';
  if (row.status !== 'pending') return 'already_decided';
  const decided = await decideDeviceCode(deps.db, row.device_code_hash, status, userId, deps.clock.nowUs());
  return decided ? 'decided' : 'already_decided';
}
