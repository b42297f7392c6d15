import type { Db } from '../../db/knex.js';
import { ApiError } from '../../lib/errors.js';
import { accessTokenPrefix, apiKeyPrefix, findAccessTokenGrant, refreshTokenPrefix } from '../../core/identity.js';
import type { Principal } from '../types.js';

const challenge = (error: string) => ({ 'WWW-Authenticate': `Bearer realm="mkt", error="${error}"` });

/** Why a bearer that is no live access token was refused: the two credentials people send here by mistake are named. */
function invalidTokenDetail(rawToken: string): string {
  if (rawToken.startsWith(apiKeyPrefix))
    return `This is a consumption API key (${apiKeyPrefix}…), which works only on the consumption API; send an OAuth access token (${accessTokenPrefix}…) here.`;
  if (rawToken.startsWith(refreshTokenPrefix))
    return `This is a refresh token (${refreshTokenPrefix}…); exchange it at POST {platform_url}/v1/oauth/token (grant_type=refresh_token) for an access token (${accessTokenPrefix}…) and send that.`;
  return 'The access token is invalid, expired or revoked. Refresh it with the refresh token, or log in again.';
}

/** An OAuth access token (`mkt_at_…`) as Bearer (RFC 6750). */
export async function authenticateAccessToken(rawToken: string | undefined, db: Db, nowUs: number): Promise<Principal> {
  if (rawToken === undefined) {
    throw new ApiError(
      401,
      'invalid_token',
      'Missing access token: log in with the device flow (POST /v1/oauth/device/code) and send Authorization: Bearer mkt_at_….',
      {
        headers: { 'WWW-Authenticate': 'Bearer realm="mkt"' },
      },
    );
  }
  const grant = rawToken.startsWith(accessTokenPrefix) ? await findAccessTokenGrant(db, rawToken, nowUs) : undefined;
  if (!grant) {
    throw new ApiError(401, 'invalid_token', invalidTokenDetail(rawToken), {
      headers: challenge('invalid_token'),
    });
  }
  return { kind: 'oauth', userId: grant.userId, grantId: grant.grantId, scopes: new Set(grant.scopes) };
}

export function requireScopes(principal: Principal, scopes: string[]): void {
  if (principal.kind !== 'oauth') return; // a signed-in dashboard session acts with the user's full authority
  const missing = scopes.filter((scope) => !principal.scopes.has(scope));
  if (missing.length > 0) {
    throw new ApiError(
      403,
      'insufficient_scope',
      `This access token lacks the scope ${missing.join(' ')}; log in again requesting it.`,
      {
        headers: { 'WWW-Authenticate': `Bearer realm="mkt", error="insufficient_scope", scope="${scopes.join(' ')}"` },
        context: { required_scopes: scopes, granted_scopes: [...principal.scopes] },
      },
    );
  }
}
