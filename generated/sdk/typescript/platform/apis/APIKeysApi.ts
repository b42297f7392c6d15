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
    type ApiKeyList,
    ApiKeyListFromJSON,
    ApiKeyListToJSON,
} from '../models/ApiKeyList.js';
import {
    type ApiKeyResponse,
    ApiKeyResponseFromJSON,
    ApiKeyResponseToJSON,
} from '../models/ApiKeyResponse.js';
import {
    type CreateApiKeyRequest,
    CreateApiKeyRequestFromJSON,
    CreateApiKeyRequestToJSON,
} from '../models/CreateApiKeyRequest.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type NewApiKeyResponse,
    NewApiKeyResponseFromJSON,
    NewApiKeyResponseToJSON,
} from '../models/NewApiKeyResponse.js';
import {
    type UpdateApiKeyRequest,
    UpdateApiKeyRequestFromJSON,
    UpdateApiKeyRequestToJSON,
} from '../models/UpdateApiKeyRequest.js';

export interface CreateApiKeyOperationRequest {
    /**
     * 
     */
    createApiKeyRequest: CreateApiKeyRequest;
}

export interface DeleteApiKeyRequest {
    /**
     * Id of the consumption API key (`api_key_<uuid>`), as returned.
     */
    apiKeyId: string;
}

export interface GetApiKeyRequest {
    /**
     * Id of the consumption API key (`api_key_<uuid>`), as returned.
     */
    apiKeyId: string;
}

export interface ListApiKeysRequest {
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

export interface UpdateApiKeyOperationRequest {
    /**
     * Id of the consumption API key (`api_key_<uuid>`), as returned.
     */
    apiKeyId: string;
    /**
     * 
     */
    updateApiKeyRequest: UpdateApiKeyRequest;
}

/**
 * 
 */
export class APIKeysApi extends runtime.BaseAPI {

    /**
     * Creates request options for createApiKey without sending the request
     */
    async createApiKeyRequestOpts(requestParameters: CreateApiKeyOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createApiKeyRequest'] == null) {
            throw new runtime.RequiredError(
                'createApiKeyRequest',
                'Required parameter "createApiKeyRequest" was null or undefined when calling createApiKey().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["keys:manage"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/api-keys`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateApiKeyRequestToJSON(requestParameters['createApiKeyRequest']),
        };
    }

    /**
     * Creates an active consumption API key. The response\'s `key` holds the raw `mkt_ck_…` key; this is the only time it is shown (only its hash is stored), so store it now. Names need not be unique. Requires an active account (`403 account_inactive`); email verification and legal terms are not required to create a key. The response is not cached (`Cache-Control: no-store`).  The key may be given limits at once (see \"Key limits\" above): `expires_at`, `limit_usd`, `limit_reset` and `allowed_models`; each is optional, and a missing or `null` field means no such limit. `422 validation_error` when:  - `limit_usd` is not a decimal string of US dollars from 0 to 999999999.99 with at most   two decimals (`0` is allowed: the key can make no paid request); - `limit_reset` is given without `limit_usd` (a period needs a budget to reset); - `expires_at` is not in the future, or more than 100 years ahead; - `allowed_models` is empty (send `null` for every model), names a model twice, or names a   model the consumption API does not know (`GET /v1/models` there lists them; the error   names each unknown one).  Nothing is created when the request is refused. 
     * Create a consumption API key
     */
    async createApiKeyRaw(requestParameters: CreateApiKeyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<NewApiKeyResponse>> {
        const requestOptions = await this.createApiKeyRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => NewApiKeyResponseFromJSON(jsonValue));
    }

    /**
     * Creates an active consumption API key. The response\'s `key` holds the raw `mkt_ck_…` key; this is the only time it is shown (only its hash is stored), so store it now. Names need not be unique. Requires an active account (`403 account_inactive`); email verification and legal terms are not required to create a key. The response is not cached (`Cache-Control: no-store`).  The key may be given limits at once (see \"Key limits\" above): `expires_at`, `limit_usd`, `limit_reset` and `allowed_models`; each is optional, and a missing or `null` field means no such limit. `422 validation_error` when:  - `limit_usd` is not a decimal string of US dollars from 0 to 999999999.99 with at most   two decimals (`0` is allowed: the key can make no paid request); - `limit_reset` is given without `limit_usd` (a period needs a budget to reset); - `expires_at` is not in the future, or more than 100 years ahead; - `allowed_models` is empty (send `null` for every model), names a model twice, or names a   model the consumption API does not know (`GET /v1/models` there lists them; the error   names each unknown one).  Nothing is created when the request is refused. 
     * Create a consumption API key
     */
    async createApiKey(requestParameters: CreateApiKeyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<NewApiKeyResponse> {
        const response = await this.createApiKeyRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for deleteApiKey without sending the request
     */
    async deleteApiKeyRequestOpts(requestParameters: DeleteApiKeyRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['apiKeyId'] == null) {
            throw new runtime.RequiredError(
                'apiKeyId',
                'Required parameter "apiKeyId" was null or undefined when calling deleteApiKey().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["keys:manage"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/api-keys/{api_key_id}`;
        urlPath = urlPath.replace('{api_key_id}', encodeURIComponent(String(requestParameters['apiKeyId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Deletes the key for good; the consumption API refuses it (`401 invalid_api_key`) from the next request on, and it is no longer listed. Deleting is allowed whatever the account\'s state.
     * Delete a consumption API key
     */
    async deleteApiKeyRaw(requestParameters: DeleteApiKeyRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.deleteApiKeyRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Deletes the key for good; the consumption API refuses it (`401 invalid_api_key`) from the next request on, and it is no longer listed. Deleting is allowed whatever the account\'s state.
     * Delete a consumption API key
     */
    async deleteApiKey(requestParameters: DeleteApiKeyRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.deleteApiKeyRaw(requestParameters, initOverrides);
    }

    /**
     * Creates request options for getApiKey without sending the request
     */
    async getApiKeyRequestOpts(requestParameters: GetApiKeyRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['apiKeyId'] == null) {
            throw new runtime.RequiredError(
                'apiKeyId',
                'Required parameter "apiKeyId" was null or undefined when calling getApiKey().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["keys:manage"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/api-keys/{api_key_id}`;
        urlPath = urlPath.replace('{api_key_id}', encodeURIComponent(String(requestParameters['apiKeyId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One consumption API key with its limits and its usage in the current budget period. `key` is `null`; `key_prefix` identifies the key.
     * Show a consumption API key
     */
    async getApiKeyRaw(requestParameters: GetApiKeyRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ApiKeyResponse>> {
        const requestOptions = await this.getApiKeyRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => ApiKeyResponseFromJSON(jsonValue));
    }

    /**
     * One consumption API key with its limits and its usage in the current budget period. `key` is `null`; `key_prefix` identifies the key.
     * Show a consumption API key
     */
    async getApiKey(requestParameters: GetApiKeyRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ApiKeyResponse> {
        const response = await this.getApiKeyRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listApiKeys without sending the request
     */
    async listApiKeysRequestOpts(requestParameters: ListApiKeysRequest): Promise<runtime.RequestOpts> {
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
            const tokenString = await token("oauthAccessToken", ["keys:manage"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/api-keys`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The user\'s consumption API keys, active and inactive, oldest first, each with its limits and its usage in the current budget period. `key` is always `null` here (the raw key is shown only when created); `key_prefix` identifies a key. Deleted keys are not listed.
     * List consumption API keys
     */
    async listApiKeysRaw(requestParameters: ListApiKeysRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ApiKeyList>> {
        const requestOptions = await this.listApiKeysRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => ApiKeyListFromJSON(jsonValue));
    }

    /**
     * The user\'s consumption API keys, active and inactive, oldest first, each with its limits and its usage in the current budget period. `key` is always `null` here (the raw key is shown only when created); `key_prefix` identifies a key. Deleted keys are not listed.
     * List consumption API keys
     */
    async listApiKeys(requestParameters: ListApiKeysRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ApiKeyList> {
        const response = await this.listApiKeysRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateApiKey without sending the request
     */
    async updateApiKeyRequestOpts(requestParameters: UpdateApiKeyOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['apiKeyId'] == null) {
            throw new runtime.RequiredError(
                'apiKeyId',
                'Required parameter "apiKeyId" was null or undefined when calling updateApiKey().'
            );
        }

        if (requestParameters['updateApiKeyRequest'] == null) {
            throw new runtime.RequiredError(
                'updateApiKeyRequest',
                'Required parameter "updateApiKeyRequest" was null or undefined when calling updateApiKey().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["keys:manage"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/api-keys/{api_key_id}`;
        urlPath = urlPath.replace('{api_key_id}', encodeURIComponent(String(requestParameters['apiKeyId'])));

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateApiKeyRequestToJSON(requestParameters['updateApiKeyRequest']),
        };
    }

    /**
     * Changes the fields it names, at least one: `name`, `active`, and the limits `expires_at`, `limit_usd`, `limit_reset` and `allowed_models` (see \"Key limits\" above). `null` removes a limit. An inactive key is refused by the consumption API (`401 invalid_api_key`) from the next request on, until it is reactivated. Reactivating a key (`active: true`) requires an active account (`403 account_inactive`). A request that changes nothing still answers `200` and leaves `updated_at` as it was. New limits hold from the consumption API\'s next admission on, on every process.  The limits are checked as for `POST /v1/api-keys`, on the key as it would be after the change: so a key with a `limit_reset` keeps it only with a `limit_usd`; to remove a resetting budget send `{limit_usd: null, limit_reset: null}`. `expires_at` is checked only when it is sent: renaming a key that has expired works, and a new `expires_at` revives it. Changing `limit_usd` or `limit_reset` does not reset `usage_usd`: the budget counts what the key spent in the current period, before and after the change. Nothing changes when the request is refused. 
     * Rename, deactivate, reactivate or limit a consumption API key
     */
    async updateApiKeyRaw(requestParameters: UpdateApiKeyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ApiKeyResponse>> {
        const requestOptions = await this.updateApiKeyRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => ApiKeyResponseFromJSON(jsonValue));
    }

    /**
     * Changes the fields it names, at least one: `name`, `active`, and the limits `expires_at`, `limit_usd`, `limit_reset` and `allowed_models` (see \"Key limits\" above). `null` removes a limit. An inactive key is refused by the consumption API (`401 invalid_api_key`) from the next request on, until it is reactivated. Reactivating a key (`active: true`) requires an active account (`403 account_inactive`). A request that changes nothing still answers `200` and leaves `updated_at` as it was. New limits hold from the consumption API\'s next admission on, on every process.  The limits are checked as for `POST /v1/api-keys`, on the key as it would be after the change: so a key with a `limit_reset` keeps it only with a `limit_usd`; to remove a resetting budget send `{limit_usd: null, limit_reset: null}`. `expires_at` is checked only when it is sent: renaming a key that has expired works, and a new `expires_at` revives it. Changing `limit_usd` or `limit_reset` does not reset `usage_usd`: the budget counts what the key spent in the current period, before and after the change. Nothing changes when the request is refused. 
     * Rename, deactivate, reactivate or limit a consumption API key
     */
    async updateApiKey(requestParameters: UpdateApiKeyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ApiKeyResponse> {
        const response = await this.updateApiKeyRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
