import type { components, operations } from '../../../generated/types/platform.js';
import { noContent, ok } from '../../http/respond.js';
import type { ApiResponse, OperationHandler } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import { assert } from '../../lib/assert.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import { notFoundFailure, validationFailure } from '../../lib/common-failures.js';
import * as oauth from '../oauth.js';
import { publicClientId, scopeCatalogue, type OAuthFailure } from '../oauth.js';
import * as tokens from '../oauth-tokens.js';
import { deviceCodeGrantType, type GrantSummary } from '../oauth-tokens.js';
import { pageParams } from '../../db/paging.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;
type Schemas = components['schemas'];

/** RFC 6749 endpoints: a request that fails the schema answers 400 invalid_request in the RFC body. */
export const oauthShapedOperations: ReadonlySet<string> = new Set(['createDeviceCode', 'createToken', 'revokeToken']);

/** RFC 6749 §5.1: responses that carry or concern tokens are never cached. */
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * An OAuth failure as the RFC 6749 §5.2 body. It is an answer, not an exception (the error boundary
 * renders the envelope), and handler types list success bodies only, hence the one cast.
 */
function oauthError(failure: OAuthFailure): ApiResponse<never> {
  const body: Schemas['OAuthError'] = { error: failure.error, error_description: failure.description };
  if (failure.retryAfterSeconds !== undefined) {
    // Throttled (DESIGN.md §9): RFC 8628's slow_down in the RFC body, with HTTP's own 429 and Retry-After.
    return { status: 429, body: body as never, headers: { ...noStore, 'Retry-After': failure.retryAfterSeconds } };
  }
  return { status: failure.error === 'invalid_client' ? 401 : 400, body: body as never, headers: noStore };
}

/**
 * `{platform_url}` is the configured public URL (DESIGN.md §9), never the request's Host header:
 * whoever sends the request chooses that header, and verification_uri is the address a user types
 * their code into.
 */
export const getAuthorizationServerMetadata: Handler<'getAuthorizationServerMetadata'> = async (
  _request,
  { publicUrls },
) => {
  const base = publicUrls.of('platform');
  return ok({
    issuer: base,
    device_authorization_endpoint: `${base}/v1/oauth/device/code`,
    token_endpoint: `${base}/v1/oauth/token`,
    revocation_endpoint: `${base}/v1/oauth/revoke`,
    grant_types_supported: [deviceCodeGrantType, 'refresh_token'],
    response_types_supported: [],
    scopes_supported: scopeCatalogue.map((s) => s.scope),
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
  });
};

export const listOAuthScopes: Handler<'listOAuthScopes'> = async ({ query }) => {
  const page = oauth.listScopes(query.client_id, pageParams(query));
  if (!page) {
    throw validationFailure(`Unknown OAuth client: ${query.client_id}. The public client is ${publicClientId}.`, {
      errors: [{ path: 'query.client_id', message: 'unknown client', value: query.client_id }],
    });
  }
  return ok({ data: page.rows, paging: page.paging });
};

export const createDeviceCode: Handler<'createDeviceCode'> = async ({ body, clientAddress }, services) => {
  const base = services.publicUrls.of('platform');
  const outcome = await oauth.startDeviceAuthorization(services, body.client_id, body.scope, clientAddress);
  if (!outcome.ok) return oauthError(outcome);
  return ok(
    {
      device_code: outcome.deviceCode,
      user_code: outcome.userCode,
      verification_uri: `${base}/device`,
      verification_uri_complete: `${base}/device?user_code=${outcome.userCode}`,
      expires_in: outcome.expiresInSeconds,
      interval: outcome.intervalSeconds,
    },
    noStore,
  );
};

export const createToken: Handler<'createToken'> = async ({ body }, services) => {
  const outcome = await tokens.issueTokens(services, {
    grantType: body.grant_type,
    clientId: body.client_id,
    deviceCode: body.device_code,
    refreshToken: body.refresh_token,
    scope: body.scope,
  });
  if (!outcome.ok) return oauthError(outcome);
  return ok(
    {
      access_token: outcome.accessToken,
      token_type: 'Bearer' as const,
      expires_in: outcome.expiresInSeconds,
      refresh_token: outcome.refreshToken,
      scope: outcome.scopes.join(' '),
    },
    noStore,
  );
};

export const revokeToken: Handler<'revokeToken'> = async ({ body }, services) => {
  await tokens.revokeToken(services, body.token);
  return ok({}, noStore);
};

const grantView = (grant: GrantSummary): Schemas['OAuthGrant'] => ({
  grant_id: grant.grantId,
  client_id: grant.clientId,
  scopes: grant.scopes as Schemas['OAuthScope'][],
  created_at: toIso(grant.createdAtUs),
  last_used_at: toIsoOrNull(grant.lastUsedAtUs),
  expires_at: toIso(grant.expiresAtUs),
});

export const listOAuthGrants: Handler<'listOAuthGrants'> = async ({ query, principal }, services) => {
  assert(principal, 'listOAuthGrants requires a credential');
  const page = await tokens.listGrants(services, principal.userId, pageParams(query));
  return ok({ data: page.rows.map(grantView), paging: page.paging });
};

export const deleteOAuthGrant: Handler<'deleteOAuthGrant'> = async ({ params, principal }, services) => {
  assert(principal, 'deleteOAuthGrant requires a credential');
  if (!(await tokens.revokeGrant(services, principal.userId, params.grant_id)))
    throw notFoundFailure('OAuth grant', params.grant_id);
  return noContent();
};
