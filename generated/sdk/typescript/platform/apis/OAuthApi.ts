// GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
/**
 * mkt platform API
 * The platform API of mkt, the real-time spot market for AI inference: OAuth 2.0 device-flow login for the `mkt` command line, management of consumption API keys and trading signing keys, account settings (account mode, auto-buy and its price cap, auto-transfer, auto-reload, self-trade prevention), money in (deposits), money out (payout destinations and withdrawals) and diagnostics.  Every path below is served twice, identically: under `{platform_url}/v1/…` and under `{platform_url}/api/v1/…` (the two server entries). The one exception is the authorization server metadata, `GET /.well-known/oauth-authorization-server`, which lives at the root only.  ## Getting started  1. Start a device-flow login (RFC 8628): `POST /v1/oauth/device/code` with `client_id=mkt-cli`    and the scopes you need, e.g. `scope=keys:manage account:read account:write`    (`GET /v1/oauth/scopes?client_id=mkt-cli` lists them). 2. Show the user `verification_uri_complete` (or `verification_uri` and `user_code`). They sign in    on the dashboard and approve the request at `/device`. 3. Poll `POST /v1/oauth/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`    every `interval` seconds. While the user has not decided it answers `400 authorization_pending`;    then it returns an access token (`mkt_at_…`, valid one hour) and a refresh token (`mkt_rt_…`,    rotated on every refresh). 4. Create a consumption key: `POST /v1/api-keys` with `Authorization: Bearer <access token>`. The    raw `mkt_ck_…` key is in that response only; store it. 5. Call the consumption API with the consumption key. OAuth access tokens are not accepted there.    The trading API needs an Ed25519 signing key instead, registered with `POST /v1/signing-keys`.  ## Credentials  - **OAuth access token** (`mkt_at_…`) as `Authorization: Bearer <token>`. Each operation lists the   scope it needs. - **Dashboard session cookie** (`mkt_session`), accepted in place of a token, so the dashboard can   use this API. A session holds every scope, but adding or removing a payout destination and   withdrawing also need a sign-in within the last few minutes (`403 reauthentication_required`). A request that changes state (`POST`, `PATCH`,   `DELETE`) authenticated by the cookie must also carry the dashboard\'s CSRF token in the   `x-csrf-token` header, else `403 csrf_token_invalid`. When a request carries both a bearer token   and the cookie, the token is used and the cookie is ignored. - A missing, malformed, expired or revoked credential answers `401 invalid_token` with   `WWW-Authenticate: Bearer error=\"invalid_token\"`. A valid token without the operation\'s scope   answers `403 insufficient_scope` with `WWW-Authenticate: Bearer error=\"insufficient_scope\",   scope=\"<needed scope>\"`. - The OAuth endpoints themselves (scope discovery, device code, token, revocation, metadata) take   no credential; `mkt-cli` is a public client (no client secret).  | Scope | Grants | |---|---| | `keys:manage` | Every API key and signing key endpoint, reads included (there is no read-only key scope). | | `account:read` | Account settings and OAuth grants, read. | | `account:write` | Changing account settings; revoking OAuth grants. | | `trade:read` | Every read of the trading API (`GET`: identity, instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics) with this token instead of a signature. | | `trade:write` | Every change on the trading API with this token: orders (create, batch, amend, cancel, bulk and batch cancel, the dead-man\'s switch) and transfers. | | `funds:withdraw` | Payout destinations (add, remove) and withdrawals (make, cancel). Never granted by default: a login must ask for it by name. | | `supply:read`, `supply:write` | The trading API\'s supply issuance with this token instead of a signature: `GET /v1/supply-issuances` (read), `POST /v1/supply-issuances` (write). |  Why these scopes open trading operations: a command line logs in once with the device flow and then sends its access token, not a signature, to the trading host (the live service\'s command line asks for `trade:read trade:write supply:read supply:write` at login by default). Every trading operation but `GET /v1/health` accepts either credential; bots and servers keep signing with an Ed25519 key, which needs no login.  ## Order of checks  A request is checked in this order, and the first failure answers:  1. body encoding: `400 malformed_json` for a body that is not valid JSON or form data    (`invalid_request` in the RFC body on the OAuth endpoints), `413` when too large, `415` for    another content type; 2. credential: `401 invalid_token`; 3. CSRF token, for state-changing requests authenticated by the session cookie: `403 csrf_token_invalid`; 4. scope: `403 insufficient_scope`; 5. request shape: `422 validation_error` for any value the schema refuses (wrong JSON type,    unknown field, missing field, out of range, bad pattern), each listed in `errors.context.errors`; 6. account preconditions, where an operation has them, in this order: `403 account_inactive`,    `403 email_unverified`, `403 legal_terms_not_accepted`; 7. the operation\'s own rules (`404`, `409`, `403 mode_managed_setting`, `422` with a specific code).  Account preconditions answer `403`, never `422`: the request itself is correct and succeeds unchanged once the account is put right on the dashboard (verify the email, accept the legal terms, have the account reactivated). `422` always means \"change the request\".  ## Errors  Errors use the envelope `{errors: {code, detail, message, server_time, context?}}`; branch on `code`, show `detail` to humans (`message` is the same text, as the live service\'s clients read it). Every response carries `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds). The OAuth endpoints `POST /v1/oauth/device/code`, `POST /v1/oauth/token` and `POST /v1/oauth/revoke` answer client errors in the RFC 6749 shape `{error, error_description}` instead, so that standard OAuth clients understand them; their `500` still uses the envelope.  ## Conventions  - Ids are opaque: `api_key_<uuid>`, `signing_key_<uuid>`, `grant_<uuid>`. An id that does not   exist, or belongs to another user, answers `404`. - Lists are ordered by creation time, oldest first, and paginate with `limit`, `next` and `prev`. - `last_used_at` fields are refreshed at most once a minute, so they may lag by up to a minute. - Timestamps are ISO 8601 UTC. Money is a decimal string of US dollars, never a JSON number. 
 *
 * The version of the OpenAPI document: 1.0.0
 * 
 *
 * NOTE: This class is auto generated by OpenAPI Generator (https://openapi-generator.tech).
 * https://openapi-generator.tech
 * Do not edit the class manually.
 */

import * as runtime from '../runtime.js';
import {
    type AuthorizationServerMetadata,
    AuthorizationServerMetadataFromJSON,
    AuthorizationServerMetadataToJSON,
} from '../models/AuthorizationServerMetadata.js';
import {
    type DeviceAuthorization,
    DeviceAuthorizationFromJSON,
    DeviceAuthorizationToJSON,
} from '../models/DeviceAuthorization.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type OAuthError,
    OAuthErrorFromJSON,
    OAuthErrorToJSON,
} from '../models/OAuthError.js';
import {
    type OAuthGrantList,
    OAuthGrantListFromJSON,
    OAuthGrantListToJSON,
} from '../models/OAuthGrantList.js';
import {
    type OAuthScopeList,
    OAuthScopeListFromJSON,
    OAuthScopeListToJSON,
} from '../models/OAuthScopeList.js';
import {
    type TokenResponse,
    TokenResponseFromJSON,
    TokenResponseToJSON,
} from '../models/TokenResponse.js';

export interface CreateDeviceCodeRequest {
    /**
     * The OAuth client; the public client is `mkt-cli`.
     */
    clientId: string;
    /**
     * Scopes separated by single spaces, e.g. `keys:manage account:read`.
     */
    scope?: string;
}

export interface CreateTokenRequest {
    /**
     * `urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC\'s own error is returned).
     */
    grantType: string;
    /**
     * The OAuth client; must be the client the device code or grant was issued to.
     */
    clientId: string;
    /**
     * The `device_code` from `POST /v1/oauth/device/code` (device-code grant).
     */
    deviceCode?: string;
    /**
     * The current refresh token, `mkt_rt_…` (refresh grant).
     */
    refreshToken?: string;
    /**
     * Scopes separated by single spaces, e.g. `keys:manage account:read`.
     */
    scope?: string;
}

export interface DeleteOAuthGrantRequest {
    /**
     * Id of the OAuth grant (`grant_<uuid>`), as returned.
     */
    grantId: string;
}

export interface ListOAuthGrantsRequest {
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
}

export interface ListOAuthScopesRequest {
    /**
     * The OAuth client whose scopes to list; the public client is `mkt-cli`.
     */
    clientId: string;
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
}

export interface RevokeTokenRequest {
    /**
     * An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`).
     */
    token: string;
    /**
     * `access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).
     */
    tokenTypeHint?: string;
}

/**
 * 
 */
export class OAuthApi extends runtime.BaseAPI {

    /**
     * Creates request options for createDeviceCode without sending the request
     */
    async createDeviceCodeRequestOpts(requestParameters: CreateDeviceCodeRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['clientId'] == null) {
            throw new runtime.RequiredError(
                'clientId',
                'Required parameter "clientId" was null or undefined when calling createDeviceCode().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        const consumes: runtime.Consume[] = [
            { contentType: 'application/x-www-form-urlencoded' },
            { contentType: 'application/json' },
        ];
        // @ts-ignore: canConsumeForm may be unused
        const canConsumeForm = runtime.canConsumeForm(consumes);

        let formParams: { append(param: string, value: any): any };
        let useForm = false;
        if (useForm) {
            formParams = new FormData();
        } else {
            formParams = new URLSearchParams();
        }

        if (requestParameters['clientId'] != null) {
            formParams.append('client_id', requestParameters['clientId'] as any);
        }

        if (requestParameters['scope'] != null) {
            formParams.append('scope', requestParameters['scope'] as any);
        }


        let urlPath = `/v1/oauth/device/code`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: formParams,
        };
    }

    /**
     * Device authorization request (RFC 8628 §3.1). Returns a `device_code` for the client to poll the token endpoint with, and a `user_code` for the user to confirm on the dashboard at `verification_uri` (or directly at `verification_uri_complete`). The user code is eight upper-case consonants in two groups of four; the dashboard also accepts it in lower case and without the dash. The device code lives `expires_in` seconds (600); poll no faster than every `interval` seconds (5).  `scope` is a space-separated list of scopes from `GET /v1/oauth/scopes`; when omitted, the client\'s full scope list is requested except `funds:withdraw`, which is granted only when asked for by name. Duplicates are ignored.  Body as `application/x-www-form-urlencoded` (the RFC\'s encoding) or `application/json`; further RFC parameters are accepted and ignored. Errors use the RFC 6749 body: `400 invalid_request` (missing or repeated `client_id`), `400 invalid_scope` (a scope that does not exist or that the client may not request), `401 invalid_client` (unknown `client_id`), `429 slow_down` with `Retry-After` when too many logins were started. The response is not cached (`Cache-Control: no-store`).  Throttled per client address and per client: an address may start 30 logins in ten minutes, the whole public client 600 a minute; past that each request must wait a delay that doubles (1, 2, 4 … seconds, at most ten minutes for an address, one minute for the client), told in `Retry-After`. The address is the connection\'s own; `X-Forwarded-For` is not trusted. 
     * Start a device-flow login
     */
    async createDeviceCodeRaw(requestParameters: CreateDeviceCodeRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DeviceAuthorization>> {
        const requestOptions = await this.createDeviceCodeRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => DeviceAuthorizationFromJSON(jsonValue));
    }

    /**
     * Device authorization request (RFC 8628 §3.1). Returns a `device_code` for the client to poll the token endpoint with, and a `user_code` for the user to confirm on the dashboard at `verification_uri` (or directly at `verification_uri_complete`). The user code is eight upper-case consonants in two groups of four; the dashboard also accepts it in lower case and without the dash. The device code lives `expires_in` seconds (600); poll no faster than every `interval` seconds (5).  `scope` is a space-separated list of scopes from `GET /v1/oauth/scopes`; when omitted, the client\'s full scope list is requested except `funds:withdraw`, which is granted only when asked for by name. Duplicates are ignored.  Body as `application/x-www-form-urlencoded` (the RFC\'s encoding) or `application/json`; further RFC parameters are accepted and ignored. Errors use the RFC 6749 body: `400 invalid_request` (missing or repeated `client_id`), `400 invalid_scope` (a scope that does not exist or that the client may not request), `401 invalid_client` (unknown `client_id`), `429 slow_down` with `Retry-After` when too many logins were started. The response is not cached (`Cache-Control: no-store`).  Throttled per client address and per client: an address may start 30 logins in ten minutes, the whole public client 600 a minute; past that each request must wait a delay that doubles (1, 2, 4 … seconds, at most ten minutes for an address, one minute for the client), told in `Retry-After`. The address is the connection\'s own; `X-Forwarded-For` is not trusted. 
     * Start a device-flow login
     */
    async createDeviceCode(requestParameters: CreateDeviceCodeRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DeviceAuthorization> {
        const response = await this.createDeviceCodeRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for createToken without sending the request
     */
    async createTokenRequestOpts(requestParameters: CreateTokenRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['grantType'] == null) {
            throw new runtime.RequiredError(
                'grantType',
                'Required parameter "grantType" was null or undefined when calling createToken().'
            );
        }

        if (requestParameters['clientId'] == null) {
            throw new runtime.RequiredError(
                'clientId',
                'Required parameter "clientId" was null or undefined when calling createToken().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        const consumes: runtime.Consume[] = [
            { contentType: 'application/x-www-form-urlencoded' },
            { contentType: 'application/json' },
        ];
        // @ts-ignore: canConsumeForm may be unused
        const canConsumeForm = runtime.canConsumeForm(consumes);

        let formParams: { append(param: string, value: any): any };
        let useForm = false;
        if (useForm) {
            formParams = new FormData();
        } else {
            formParams = new URLSearchParams();
        }

        if (requestParameters['grantType'] != null) {
            formParams.append('grant_type', requestParameters['grantType'] as any);
        }

        if (requestParameters['deviceCode'] != null) {
            formParams.append('device_code', requestParameters['deviceCode'] as any);
        }

        if (requestParameters['refreshToken'] != null) {
            formParams.append('refresh_token', requestParameters['refreshToken'] as any);
        }

        if (requestParameters['clientId'] != null) {
            formParams.append('client_id', requestParameters['clientId'] as any);
        }

        if (requestParameters['scope'] != null) {
            formParams.append('scope', requestParameters['scope'] as any);
        }


        let urlPath = `/v1/oauth/token`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: formParams,
        };
    }

    /**
     * Token endpoint (RFC 6749 §5, RFC 8628 §3.4). Two grant types:  - `urn:ietf:params:oauth:grant-type:device_code` with `device_code` and `client_id`: polls a   device-flow login. `400 authorization_pending` while the user has not decided;   `400 slow_down` when polled faster than `interval` (add 5 seconds to the interval for all   further polls); `400 access_denied` when the user refused; `400 expired_token` when the   device code expired (start again); `400 invalid_grant` for an unknown device code, one   issued to another client, or one already exchanged. On approval the tokens are issued   once, with the scopes the user approved; `scope` is ignored for this grant. - `refresh_token` with `refresh_token` and `client_id`: returns a new access token and a new   refresh token; the presented refresh token stops working at once (rotation). Presenting   a refresh token that was already rotated away is treated as theft: `400 invalid_grant`, and   the whole grant is revoked (all its access and refresh tokens). An expired, revoked or   unknown refresh token is `400 invalid_grant` too. `scope` may narrow the granted scopes,   never widen them (`400 invalid_scope`). Earlier access tokens stay valid until they expire.  Access tokens (`mkt_at_…`) live 3600 seconds unless the operator sets another lifetime (`MKT_ACCESS_TOKEN_TTL_S`); `expires_in` says. A refresh token (`mkt_rt_…`) lives 30 days from its issue; each refresh issues a fresh one. `400 invalid_request` for a missing parameter (e.g. `device_code`), `400 unsupported_grant_type` for any other `grant_type`, `401 invalid_client` for an unknown `client_id`.  Body as `application/x-www-form-urlencoded` (the RFC\'s encoding) or `application/json`; further RFC parameters are accepted and ignored. Responses carry `Cache-Control: no-store` and `Pragma: no-cache`. 
     * Issue or refresh tokens
     */
    async createTokenRaw(requestParameters: CreateTokenRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TokenResponse>> {
        const requestOptions = await this.createTokenRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TokenResponseFromJSON(jsonValue));
    }

    /**
     * Token endpoint (RFC 6749 §5, RFC 8628 §3.4). Two grant types:  - `urn:ietf:params:oauth:grant-type:device_code` with `device_code` and `client_id`: polls a   device-flow login. `400 authorization_pending` while the user has not decided;   `400 slow_down` when polled faster than `interval` (add 5 seconds to the interval for all   further polls); `400 access_denied` when the user refused; `400 expired_token` when the   device code expired (start again); `400 invalid_grant` for an unknown device code, one   issued to another client, or one already exchanged. On approval the tokens are issued   once, with the scopes the user approved; `scope` is ignored for this grant. - `refresh_token` with `refresh_token` and `client_id`: returns a new access token and a new   refresh token; the presented refresh token stops working at once (rotation). Presenting   a refresh token that was already rotated away is treated as theft: `400 invalid_grant`, and   the whole grant is revoked (all its access and refresh tokens). An expired, revoked or   unknown refresh token is `400 invalid_grant` too. `scope` may narrow the granted scopes,   never widen them (`400 invalid_scope`). Earlier access tokens stay valid until they expire.  Access tokens (`mkt_at_…`) live 3600 seconds unless the operator sets another lifetime (`MKT_ACCESS_TOKEN_TTL_S`); `expires_in` says. A refresh token (`mkt_rt_…`) lives 30 days from its issue; each refresh issues a fresh one. `400 invalid_request` for a missing parameter (e.g. `device_code`), `400 unsupported_grant_type` for any other `grant_type`, `401 invalid_client` for an unknown `client_id`.  Body as `application/x-www-form-urlencoded` (the RFC\'s encoding) or `application/json`; further RFC parameters are accepted and ignored. Responses carry `Cache-Control: no-store` and `Pragma: no-cache`. 
     * Issue or refresh tokens
     */
    async createToken(requestParameters: CreateTokenRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TokenResponse> {
        const response = await this.createTokenRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for deleteOAuthGrant without sending the request
     */
    async deleteOAuthGrantRequestOpts(requestParameters: DeleteOAuthGrantRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['grantId'] == null) {
            throw new runtime.RequiredError(
                'grantId',
                'Required parameter "grantId" was null or undefined when calling deleteOAuthGrant().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/oauth/grants/{grant_id}`;
        urlPath = urlPath.replace('{grant_id}', encodeURIComponent(String(requestParameters['grantId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Revokes the grant and every token issued under it, at once: its refresh token and access tokens answer `401 invalid_token` on the next request. This includes the token making the request, if it belongs to the grant. Stream sockets its access tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). A grant that does not exist, is already revoked or belongs to another user answers `404`.
     * Revoke an OAuth grant
     */
    async deleteOAuthGrantRaw(requestParameters: DeleteOAuthGrantRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.deleteOAuthGrantRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Revokes the grant and every token issued under it, at once: its refresh token and access tokens answer `401 invalid_token` on the next request. This includes the token making the request, if it belongs to the grant. Stream sockets its access tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). A grant that does not exist, is already revoked or belongs to another user answers `404`.
     * Revoke an OAuth grant
     */
    async deleteOAuthGrant(requestParameters: DeleteOAuthGrantRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.deleteOAuthGrantRaw(requestParameters, initOverrides);
    }

    /**
     * Creates request options for getAuthorizationServerMetadata without sending the request
     */
    async getAuthorizationServerMetadataRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/.well-known/oauth-authorization-server`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Authorization server metadata (RFC 8414), so that standard OAuth clients can discover the device authorization, token and revocation endpoints. Served at the root of `{platform_url}` only. The endpoints it names use the `/v1` form. `response_types_supported` is empty: there is no authorization endpoint, login is by device flow only. `issuer` and every URL here are the platform\'s configured public URL (`MKT_PUBLIC_URL_PLATFORM`, by default its listener), never the request\'s Host header.
     * OAuth authorization server metadata
     */
    async getAuthorizationServerMetadataRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<AuthorizationServerMetadata>> {
        const requestOptions = await this.getAuthorizationServerMetadataRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => AuthorizationServerMetadataFromJSON(jsonValue));
    }

    /**
     * Authorization server metadata (RFC 8414), so that standard OAuth clients can discover the device authorization, token and revocation endpoints. Served at the root of `{platform_url}` only. The endpoints it names use the `/v1` form. `response_types_supported` is empty: there is no authorization endpoint, login is by device flow only. `issuer` and every URL here are the platform\'s configured public URL (`MKT_PUBLIC_URL_PLATFORM`, by default its listener), never the request\'s Host header.
     * OAuth authorization server metadata
     */
    async getAuthorizationServerMetadata(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<AuthorizationServerMetadata> {
        const response = await this.getAuthorizationServerMetadataRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listOAuthGrants without sending the request
     */
    async listOAuthGrantsRequestOpts(requestParameters: ListOAuthGrantsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/oauth/grants`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The live OAuth grants of the user: one per approved device-flow login, holding the refresh token and the access tokens issued under it. Revoked and expired grants are not listed. Oldest first.
     * List the user\'s OAuth grants
     */
    async listOAuthGrantsRaw(requestParameters: ListOAuthGrantsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OAuthGrantList>> {
        const requestOptions = await this.listOAuthGrantsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OAuthGrantListFromJSON(jsonValue));
    }

    /**
     * The live OAuth grants of the user: one per approved device-flow login, holding the refresh token and the access tokens issued under it. Revoked and expired grants are not listed. Oldest first.
     * List the user\'s OAuth grants
     */
    async listOAuthGrants(requestParameters: ListOAuthGrantsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OAuthGrantList> {
        const response = await this.listOAuthGrantsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listOAuthScopes without sending the request
     */
    async listOAuthScopesRequestOpts(requestParameters: ListOAuthScopesRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['clientId'] == null) {
            throw new runtime.RequiredError(
                'clientId',
                'Required parameter "clientId" was null or undefined when calling listOAuthScopes().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['clientId'] != null) {
            queryParameters['client_id'] = requestParameters['clientId'];
        }

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/oauth/scopes`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Scope discovery: the scopes the OAuth client `client_id` may request, each with a human-readable description (the dashboard shows the same text on the approval page). The public client is `mkt-cli`, which may request every scope of the catalogue. A missing or unknown `client_id` answers `422 validation_error`. No credential needed.
     * List the scopes a client may request
     */
    async listOAuthScopesRaw(requestParameters: ListOAuthScopesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OAuthScopeList>> {
        const requestOptions = await this.listOAuthScopesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OAuthScopeListFromJSON(jsonValue));
    }

    /**
     * Scope discovery: the scopes the OAuth client `client_id` may request, each with a human-readable description (the dashboard shows the same text on the approval page). The public client is `mkt-cli`, which may request every scope of the catalogue. A missing or unknown `client_id` answers `422 validation_error`. No credential needed.
     * List the scopes a client may request
     */
    async listOAuthScopes(requestParameters: ListOAuthScopesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OAuthScopeList> {
        const response = await this.listOAuthScopesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for revokeToken without sending the request
     */
    async revokeTokenRequestOpts(requestParameters: RevokeTokenRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['token'] == null) {
            throw new runtime.RequiredError(
                'token',
                'Required parameter "token" was null or undefined when calling revokeToken().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        const consumes: runtime.Consume[] = [
            { contentType: 'application/x-www-form-urlencoded' },
            { contentType: 'application/json' },
        ];
        // @ts-ignore: canConsumeForm may be unused
        const canConsumeForm = runtime.canConsumeForm(consumes);

        let formParams: { append(param: string, value: any): any };
        let useForm = false;
        if (useForm) {
            formParams = new FormData();
        } else {
            formParams = new URLSearchParams();
        }

        if (requestParameters['token'] != null) {
            formParams.append('token', requestParameters['token'] as any);
        }

        if (requestParameters['tokenTypeHint'] != null) {
            formParams.append('token_type_hint', requestParameters['tokenTypeHint'] as any);
        }


        let urlPath = `/v1/oauth/revoke`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: formParams,
        };
    }

    /**
     * Token revocation (RFC 7009). `token` is an access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`); `token_type_hint` (`access_token` or `refresh_token`) is advisory: the server looks the token up under both types, and ignores a hint it does not know. Revoking a refresh token revokes its whole grant, including every access token issued under it; revoking an access token revokes that token only. Stream sockets the revoked tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). Always `200 {}`, also for an unknown, expired or already-revoked token, so the answer reveals nothing about the token. `client_id` is not required. `400 invalid_request` only when `token` is missing or empty. Body as `application/x-www-form-urlencoded` or `application/json`; further parameters are ignored.
     * Revoke a token
     */
    async revokeTokenRaw(requestParameters: RevokeTokenRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<object>> {
        const requestOptions = await this.revokeTokenRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse<any>(response);
    }

    /**
     * Token revocation (RFC 7009). `token` is an access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`); `token_type_hint` (`access_token` or `refresh_token`) is advisory: the server looks the token up under both types, and ignores a hint it does not know. Revoking a refresh token revokes its whole grant, including every access token issued under it; revoking an access token revokes that token only. Stream sockets the revoked tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). Always `200 {}`, also for an unknown, expired or already-revoked token, so the answer reveals nothing about the token. `client_id` is not required. `400 invalid_request` only when `token` is missing or empty. Body as `application/x-www-form-urlencoded` or `application/json`; further parameters are ignored.
     * Revoke a token
     */
    async revokeToken(requestParameters: RevokeTokenRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<object> {
        const response = await this.revokeTokenRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
