// GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
/**
 * mkt platform API
 * The platform API of mkt, the real-time spot market for AI inference: OAuth 2.0 device-flow login for the `mkt` command line, management of consumption API keys and trading signing keys, account settings (account mode, auto-buy and its price cap, auto-transfer, auto-reload, self-trade prevention), money in (deposits) and diagnostics.  Every path below is served twice, identically: under `{platform_url}/v1/…` and under `{platform_url}/api/v1/…` (the two server entries). The one exception is the authorization server metadata, `GET /.well-known/oauth-authorization-server`, which lives at the root only.  ## Getting started  1. Start a device-flow login (RFC 8628): `POST /v1/oauth/device/code` with `client_id=mkt-cli`    and the scopes you need, e.g. `scope=keys:manage account:read account:write`    (`GET /v1/oauth/scopes?client_id=mkt-cli` lists them). 2. Show the user `verification_uri_complete` (or `verification_uri` and `user_code`). They sign in    on the dashboard and approve the request at `/device`. 3. Poll `POST /v1/oauth/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`    every `interval` seconds. While the user has not decided it answers `400 authorization_pending`;    then it returns an access token (`mkt_at_…`, valid one hour) and a refresh token (`mkt_rt_…`,    rotated on every refresh). 4. Create a consumption key: `POST /v1/api-keys` with `Authorization: Bearer <access token>`. The    raw `mkt_ck_…` key is in that response only; store it. 5. Call the consumption API with the consumption key. OAuth access tokens are not accepted there.    The trading API needs an Ed25519 signing key instead, registered with `POST /v1/signing-keys`.  ## Credentials  - **OAuth access token** (`mkt_at_…`) as `Authorization: Bearer <token>`. Each operation lists the   scope it needs. - **Dashboard session cookie** (`mkt_session`), accepted in place of a token, so the dashboard can   use this API. A session holds every scope. A request that changes state (`POST`, `PATCH`,   `DELETE`) authenticated by the cookie must also carry the dashboard\'s CSRF token in the   `x-csrf-token` header, else `403 csrf_token_invalid`. When a request carries both a bearer token   and the cookie, the token is used and the cookie is ignored. - A missing, malformed, expired or revoked credential answers `401 invalid_token` with   `WWW-Authenticate: Bearer error=\"invalid_token\"`. A valid token without the operation\'s scope   answers `403 insufficient_scope` with `WWW-Authenticate: Bearer error=\"insufficient_scope\",   scope=\"<needed scope>\"`. - The OAuth endpoints themselves (scope discovery, device code, token, revocation, metadata) take   no credential; `mkt-cli` is a public client (no client secret).  | Scope | Grants | |---|---| | `keys:manage` | Every API key and signing key endpoint, reads included (there is no read-only key scope). | | `account:read` | Account settings and OAuth grants, read. | | `account:write` | Changing account settings; revoking OAuth grants. | | `trade:read` | Every read of the trading API (`GET`: identity, instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics) with this token instead of a signature. | | `trade:write` | Every change on the trading API with this token: orders (create, batch, amend, cancel, bulk and batch cancel, the dead-man\'s switch) and transfers. | | `supply:read`, `supply:write` | The trading API\'s supply issuance with this token instead of a signature: `GET /v1/supply-issuances` (read), `POST /v1/supply-issuances` (write). |  Why these scopes open trading operations: a command line logs in once with the device flow and then sends its access token, not a signature, to the trading host (the live service\'s command line asks for `trade:read trade:write supply:read supply:write` at login by default). Every trading operation but `GET /v1/health` accepts either credential; bots and servers keep signing with an Ed25519 key, which needs no login.  ## Order of checks  A request is checked in this order, and the first failure answers:  1. body encoding: `400 malformed_json` for a body that is not valid JSON or form data    (`invalid_request` in the RFC body on the OAuth endpoints), `413` when too large, `415` for    another content type; 2. credential: `401 invalid_token`; 3. CSRF token, for state-changing requests authenticated by the session cookie: `403 csrf_token_invalid`; 4. scope: `403 insufficient_scope`; 5. request shape: `422 validation_error` for any value the schema refuses (wrong JSON type,    unknown field, missing field, out of range, bad pattern), each listed in `errors.context.errors`; 6. account preconditions, where an operation has them, in this order: `403 account_inactive`,    `403 email_unverified`, `403 legal_terms_not_accepted`; 7. the operation\'s own rules (`404`, `409`, `403 mode_managed_setting`, `422` with a specific code).  Account preconditions answer `403`, never `422`: the request itself is correct and succeeds unchanged once the account is put right on the dashboard (verify the email, accept the legal terms, have the account reactivated). `422` always means \"change the request\".  ## Errors  Errors use the envelope `{errors: {code, detail, message, server_time, context?}}`; branch on `code`, show `detail` to humans (`message` is the same text, as the live service\'s clients read it). Every response carries `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds). The OAuth endpoints `POST /v1/oauth/device/code`, `POST /v1/oauth/token` and `POST /v1/oauth/revoke` answer client errors in the RFC 6749 shape `{error, error_description}` instead, so that standard OAuth clients understand them; their `500` still uses the envelope.  ## Conventions  - Ids are opaque: `api_key_<uuid>`, `signing_key_<uuid>`, `grant_<uuid>`. An id that does not   exist, or belongs to another user, answers `404`. - Lists are ordered by creation time, oldest first, and paginate with `limit`, `next` and `prev`. - `last_used_at` fields are refreshed at most once a minute, so they may lag by up to a minute. - Timestamps are ISO 8601 UTC. Money is a decimal string of US dollars, never a JSON number. 
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
    type CreateDepositRequest,
    CreateDepositRequestFromJSON,
    CreateDepositRequestToJSON,
} from '../models/CreateDepositRequest.js';
import {
    type DepositList,
    DepositListFromJSON,
    DepositListToJSON,
} from '../models/DepositList.js';
import {
    type DepositResponse,
    DepositResponseFromJSON,
    DepositResponseToJSON,
} from '../models/DepositResponse.js';
import {
    type DepositStatus,
    DepositStatusFromJSON,
    DepositStatusToJSON,
} from '../models/DepositStatus.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type FundingResponse,
    FundingResponseFromJSON,
    FundingResponseToJSON,
} from '../models/FundingResponse.js';

export interface CreateDepositOperationRequest {
    /**
     * 
     */
    createDepositRequest: CreateDepositRequest;
    /**
     * Makes a retry return the first deposit instead of making a second one.
     */
    idempotencyKey?: string;
}

export interface GetDepositRequest {
    /**
     * 
     */
    depositId: string;
}

export interface ListDepositsRequest {
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
    /**
     * 
     */
    status?: DepositStatus;
}

/**
 * 
 */
export class FundsApi extends runtime.BaseAPI {

    /**
     * Creates request options for createDeposit without sending the request
     */
    async createDepositRequestOpts(requestParameters: CreateDepositOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createDepositRequest'] == null) {
            throw new runtime.RequiredError(
                'createDepositRequest',
                'Required parameter "createDepositRequest" was null or undefined when calling createDeposit().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['idempotencyKey'] != null) {
            headerParameters['Idempotency-Key'] = String(requestParameters['idempotencyKey']);
        }

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/deposits`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateDepositRequestToJSON(requestParameters['createDepositRequest']),
        };
    }

    /**
     * Deposits `amount_usd` into the caller\'s USD account through the service\'s payment path (`GET /v1/funds`):  - `sandbox`: credited at once, as one journal entry, and answered with status `credited`.   It is sandbox money: it counts as a deposit (it lifts the free daily request limit and   counts toward the concurrency tier) but no payment was taken. At most `daily_limit_usd`   per user per UTC day, auto-reloads included: more answers   `422 deposit_limit_exceeded`, whose context says what is left today. - `manual`: answered with status `pending`. Nothing is credited until an operator approves   the request (`mkt admin deposit approve ID`, which credits it in one journal entry) or   rejects it (`mkt admin deposit reject ID`). Poll `GET /v1/deposits/{deposit_id}`.  `amount_usd` has at most two decimals and lies between `min_amount_usd` and `max_amount_usd` (`422 validation_error` otherwise).  **Retries.** Send an `Idempotency-Key` header (any string of 1–128 visible ASCII characters) to make a retry safe: a second request with the same key and the same amount answers `200` with the deposit the first one made, and nothing more is deposited; the same key with another amount answers `409 idempotency_key_reused`.  Preconditions, in this order: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`. 
     * Add funds
     */
    async createDepositRaw(requestParameters: CreateDepositOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DepositResponse>> {
        const requestOptions = await this.createDepositRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => DepositResponseFromJSON(jsonValue));
    }

    /**
     * Deposits `amount_usd` into the caller\'s USD account through the service\'s payment path (`GET /v1/funds`):  - `sandbox`: credited at once, as one journal entry, and answered with status `credited`.   It is sandbox money: it counts as a deposit (it lifts the free daily request limit and   counts toward the concurrency tier) but no payment was taken. At most `daily_limit_usd`   per user per UTC day, auto-reloads included: more answers   `422 deposit_limit_exceeded`, whose context says what is left today. - `manual`: answered with status `pending`. Nothing is credited until an operator approves   the request (`mkt admin deposit approve ID`, which credits it in one journal entry) or   rejects it (`mkt admin deposit reject ID`). Poll `GET /v1/deposits/{deposit_id}`.  `amount_usd` has at most two decimals and lies between `min_amount_usd` and `max_amount_usd` (`422 validation_error` otherwise).  **Retries.** Send an `Idempotency-Key` header (any string of 1–128 visible ASCII characters) to make a retry safe: a second request with the same key and the same amount answers `200` with the deposit the first one made, and nothing more is deposited; the same key with another amount answers `409 idempotency_key_reused`.  Preconditions, in this order: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`. 
     * Add funds
     */
    async createDeposit(requestParameters: CreateDepositOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DepositResponse> {
        const response = await this.createDepositRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getDeposit without sending the request
     */
    async getDepositRequestOpts(requestParameters: GetDepositRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['depositId'] == null) {
            throw new runtime.RequiredError(
                'depositId',
                'Required parameter "depositId" was null or undefined when calling getDeposit().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/deposits/{deposit_id}`;
        urlPath = urlPath.replace('{deposit_id}', encodeURIComponent(String(requestParameters['depositId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s deposits; another user\'s, or none, answers `404`.
     * Get a deposit
     */
    async getDepositRaw(requestParameters: GetDepositRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DepositResponse>> {
        const requestOptions = await this.getDepositRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => DepositResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s deposits; another user\'s, or none, answers `404`.
     * Get a deposit
     */
    async getDeposit(requestParameters: GetDepositRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DepositResponse> {
        const response = await this.getDepositRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getFunding without sending the request
     */
    async getFundingRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/funds`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The payment path this service runs and what it allows the caller today. `sandbox`: a deposit is credited at once, as sandbox money (no real payment is taken), up to `daily_limit_usd` per user per UTC day. `manual`: a deposit is a request that waits until an operator approves or rejects it; `daily_limit_usd` is `null`. Auto-reload (see `PATCH /v1/self/system-settings/auto_reload`) deposits through the same path.
     * How money comes in
     */
    async getFundingRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<FundingResponse>> {
        const requestOptions = await this.getFundingRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => FundingResponseFromJSON(jsonValue));
    }

    /**
     * The payment path this service runs and what it allows the caller today. `sandbox`: a deposit is credited at once, as sandbox money (no real payment is taken), up to `daily_limit_usd` per user per UTC day. `manual`: a deposit is a request that waits until an operator approves or rejects it; `daily_limit_usd` is `null`. Auto-reload (see `PATCH /v1/self/system-settings/auto_reload`) deposits through the same path.
     * How money comes in
     */
    async getFunding(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<FundingResponse> {
        const response = await this.getFundingRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listDeposits without sending the request
     */
    async listDepositsRequestOpts(requestParameters: ListDepositsRequest): Promise<runtime.RequestOpts> {
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

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/deposits`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s deposits and deposit requests, newest first, whatever their status, including those made by auto-reload. `status` keeps only those in that state.
     * List deposits
     */
    async listDepositsRaw(requestParameters: ListDepositsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DepositList>> {
        const requestOptions = await this.listDepositsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => DepositListFromJSON(jsonValue));
    }

    /**
     * The caller\'s deposits and deposit requests, newest first, whatever their status, including those made by auto-reload. `status` keeps only those in that state.
     * List deposits
     */
    async listDeposits(requestParameters: ListDepositsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DepositList> {
        const response = await this.listDepositsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
