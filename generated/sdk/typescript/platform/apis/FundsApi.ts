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
    type CreateDepositRequest,
    CreateDepositRequestFromJSON,
    CreateDepositRequestToJSON,
} from '../models/CreateDepositRequest.js';
import {
    type CreatePayoutDestinationRequest,
    CreatePayoutDestinationRequestFromJSON,
    CreatePayoutDestinationRequestToJSON,
} from '../models/CreatePayoutDestinationRequest.js';
import {
    type CreateWithdrawalRequest,
    CreateWithdrawalRequestFromJSON,
    CreateWithdrawalRequestToJSON,
} from '../models/CreateWithdrawalRequest.js';
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
import {
    type PayoutDestinationList,
    PayoutDestinationListFromJSON,
    PayoutDestinationListToJSON,
} from '../models/PayoutDestinationList.js';
import {
    type PayoutDestinationResponse,
    PayoutDestinationResponseFromJSON,
    PayoutDestinationResponseToJSON,
} from '../models/PayoutDestinationResponse.js';
import {
    type WithdrawalList,
    WithdrawalListFromJSON,
    WithdrawalListToJSON,
} from '../models/WithdrawalList.js';
import {
    type WithdrawalResponse,
    WithdrawalResponseFromJSON,
    WithdrawalResponseToJSON,
} from '../models/WithdrawalResponse.js';
import {
    type WithdrawalStatus,
    WithdrawalStatusFromJSON,
    WithdrawalStatusToJSON,
} from '../models/WithdrawalStatus.js';

export interface CancelWithdrawalRequest {
    /**
     * 
     */
    withdrawalId: string;
}

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

export interface CreatePayoutDestinationOperationRequest {
    /**
     * 
     */
    createPayoutDestinationRequest: CreatePayoutDestinationRequest;
}

export interface CreateWithdrawalOperationRequest {
    /**
     * 
     */
    createWithdrawalRequest: CreateWithdrawalRequest;
    /**
     * Makes a retry return the first withdrawal instead of making a second one.
     */
    idempotencyKey?: string;
}

export interface DeletePayoutDestinationRequest {
    /**
     * 
     */
    destinationId: string;
}

export interface GetDepositRequest {
    /**
     * 
     */
    depositId: string;
}

export interface GetWithdrawalRequest {
    /**
     * 
     */
    withdrawalId: string;
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

export interface ListWithdrawalsRequest {
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
    status?: WithdrawalStatus;
}

/**
 * 
 */
export class FundsApi extends runtime.BaseAPI {

    /**
     * Creates request options for cancelWithdrawal without sending the request
     */
    async cancelWithdrawalRequestOpts(requestParameters: CancelWithdrawalRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['withdrawalId'] == null) {
            throw new runtime.RequiredError(
                'withdrawalId',
                'Required parameter "withdrawalId" was null or undefined when calling cancelWithdrawal().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["funds:withdraw"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/withdrawals/{withdrawal_id}/cancel`;
        urlPath = urlPath.replace('{withdrawal_id}', encodeURIComponent(String(requestParameters['withdrawalId'])));

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Cancels one of the caller\'s pending withdrawals: the hold returns to the available balance in one journal entry (`withdrawal_void`) and the status becomes `cancelled`. A withdrawal already paid, rejected or cancelled answers `409 conflict` and nothing changes. Needs `funds:withdraw` (no recent sign-in: cancelling only keeps money in).
     * Cancel a pending withdrawal
     */
    async cancelWithdrawalRaw(requestParameters: CancelWithdrawalRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<WithdrawalResponse>> {
        const requestOptions = await this.cancelWithdrawalRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => WithdrawalResponseFromJSON(jsonValue));
    }

    /**
     * Cancels one of the caller\'s pending withdrawals: the hold returns to the available balance in one journal entry (`withdrawal_void`) and the status becomes `cancelled`. A withdrawal already paid, rejected or cancelled answers `409 conflict` and nothing changes. Needs `funds:withdraw` (no recent sign-in: cancelling only keeps money in).
     * Cancel a pending withdrawal
     */
    async cancelWithdrawal(requestParameters: CancelWithdrawalRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<WithdrawalResponse> {
        const response = await this.cancelWithdrawalRaw(requestParameters, initOverrides);
        return await response.value();
    }

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
     * Creates request options for createPayoutDestination without sending the request
     */
    async createPayoutDestinationRequestOpts(requestParameters: CreatePayoutDestinationOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createPayoutDestinationRequest'] == null) {
            throw new runtime.RequiredError(
                'createPayoutDestinationRequest',
                'Required parameter "createPayoutDestinationRequest" was null or undefined when calling createPayoutDestination().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["funds:withdraw"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/payout-destinations`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreatePayoutDestinationRequestToJSON(requestParameters['createPayoutDestinationRequest']),
        };
    }

    /**
     * Registers where withdrawals may be paid. What it is follows the payment path (`GET /v1/funds`):  - `sandbox`: a labelled sandbox destination; a withdrawal to it settles at once and no money   moves outside. `bank_reference` is refused. - `manual`: a bank transfer the operator makes by hand; `bank_reference` (the account to pay,   as the operator needs it: IBAN, account and routing number…) is required. Only its last four   characters are shown back.  The destination can receive withdrawals from `usable_from` on (`cooling_off_seconds` after now), and an email tells the account\'s address that it was added. At most 10 destinations per user. Needs `funds:withdraw` and, with the dashboard session, a recent sign-in. 
     * Add a payout destination
     */
    async createPayoutDestinationRaw(requestParameters: CreatePayoutDestinationOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<PayoutDestinationResponse>> {
        const requestOptions = await this.createPayoutDestinationRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => PayoutDestinationResponseFromJSON(jsonValue));
    }

    /**
     * Registers where withdrawals may be paid. What it is follows the payment path (`GET /v1/funds`):  - `sandbox`: a labelled sandbox destination; a withdrawal to it settles at once and no money   moves outside. `bank_reference` is refused. - `manual`: a bank transfer the operator makes by hand; `bank_reference` (the account to pay,   as the operator needs it: IBAN, account and routing number…) is required. Only its last four   characters are shown back.  The destination can receive withdrawals from `usable_from` on (`cooling_off_seconds` after now), and an email tells the account\'s address that it was added. At most 10 destinations per user. Needs `funds:withdraw` and, with the dashboard session, a recent sign-in. 
     * Add a payout destination
     */
    async createPayoutDestination(requestParameters: CreatePayoutDestinationOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<PayoutDestinationResponse> {
        const response = await this.createPayoutDestinationRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for createWithdrawal without sending the request
     */
    async createWithdrawalRequestOpts(requestParameters: CreateWithdrawalOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createWithdrawalRequest'] == null) {
            throw new runtime.RequiredError(
                'createWithdrawalRequest',
                'Required parameter "createWithdrawalRequest" was null or undefined when calling createWithdrawal().'
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
            const tokenString = await token("oauthAccessToken", ["funds:withdraw"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/withdrawals`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateWithdrawalRequestToJSON(requestParameters['createWithdrawalRequest']),
        };
    }

    /**
     * Withdraws `amount_usd` of the caller\'s USD to one of their payout destinations. The amount is held at once: it moves from the USD account\'s available balance to its locked balance in one journal entry (`withdrawal_hold`), so no order or other withdrawal can spend it. Then, by the payment path (`GET /v1/funds`):  - `sandbox`: paid at once, in the same transaction (`withdrawal_paid`: the locked USD leaves   for the payouts account); answered with status `paid`. No money moves outside. - `manual`: answered with status `pending`. An operator pays it (`mkt admin withdrawal approve   ID --reference R`, which records the payment\'s reference and posts `withdrawal_paid`) or   rejects it (`mkt admin withdrawal reject ID --reason T`, which returns the hold:   `withdrawal_void`). While it is pending the caller may cancel it. Each is decided once.  **What can be withdrawn** (`withdrawable_usd` of `GET /v1/funds`): the available USD (what open orders hold is locked, not available), less what is not withdrawable: bonuses (spent last, so they are the last USD to go), and, to a bank destination, sandbox money. More answers `422 insufficient_balance`, whose context says what is available, held by orders and not withdrawable, and nothing is held.  **Limits.** `amount_usd` has at most two decimals and lies between `min_amount_usd` and `max_amount_usd` of the funds\' `withdrawals` (`422 validation_error`); the withdrawals of a UTC day, pending and paid, add up to at most `daily_limit_usd` (`422 withdrawal_limit_exceeded`).  **Retries.** Send an `Idempotency-Key` header to make a retry safe: the same key with the same amount and destination answers `200` with the first withdrawal; with anything else, `409 idempotency_key_reused`.  Preconditions, in this order: the scope `funds:withdraw` (never granted by default: log in asking for it) and, with the dashboard session, the CSRF token and a sign-in within `reauthentication_seconds` (`403 reauthentication_required`); `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`; a known destination (`422 validation_error`) that has cooled off (`403 destination_cooling_off`, naming when it can be used) and suits the payment path (`422 destination_unusable`). 
     * Withdraw USD
     */
    async createWithdrawalRaw(requestParameters: CreateWithdrawalOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<WithdrawalResponse>> {
        const requestOptions = await this.createWithdrawalRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => WithdrawalResponseFromJSON(jsonValue));
    }

    /**
     * Withdraws `amount_usd` of the caller\'s USD to one of their payout destinations. The amount is held at once: it moves from the USD account\'s available balance to its locked balance in one journal entry (`withdrawal_hold`), so no order or other withdrawal can spend it. Then, by the payment path (`GET /v1/funds`):  - `sandbox`: paid at once, in the same transaction (`withdrawal_paid`: the locked USD leaves   for the payouts account); answered with status `paid`. No money moves outside. - `manual`: answered with status `pending`. An operator pays it (`mkt admin withdrawal approve   ID --reference R`, which records the payment\'s reference and posts `withdrawal_paid`) or   rejects it (`mkt admin withdrawal reject ID --reason T`, which returns the hold:   `withdrawal_void`). While it is pending the caller may cancel it. Each is decided once.  **What can be withdrawn** (`withdrawable_usd` of `GET /v1/funds`): the available USD (what open orders hold is locked, not available), less what is not withdrawable: bonuses (spent last, so they are the last USD to go), and, to a bank destination, sandbox money. More answers `422 insufficient_balance`, whose context says what is available, held by orders and not withdrawable, and nothing is held.  **Limits.** `amount_usd` has at most two decimals and lies between `min_amount_usd` and `max_amount_usd` of the funds\' `withdrawals` (`422 validation_error`); the withdrawals of a UTC day, pending and paid, add up to at most `daily_limit_usd` (`422 withdrawal_limit_exceeded`).  **Retries.** Send an `Idempotency-Key` header to make a retry safe: the same key with the same amount and destination answers `200` with the first withdrawal; with anything else, `409 idempotency_key_reused`.  Preconditions, in this order: the scope `funds:withdraw` (never granted by default: log in asking for it) and, with the dashboard session, the CSRF token and a sign-in within `reauthentication_seconds` (`403 reauthentication_required`); `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`; a known destination (`422 validation_error`) that has cooled off (`403 destination_cooling_off`, naming when it can be used) and suits the payment path (`422 destination_unusable`). 
     * Withdraw USD
     */
    async createWithdrawal(requestParameters: CreateWithdrawalOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<WithdrawalResponse> {
        const response = await this.createWithdrawalRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for deletePayoutDestination without sending the request
     */
    async deletePayoutDestinationRequestOpts(requestParameters: DeletePayoutDestinationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['destinationId'] == null) {
            throw new runtime.RequiredError(
                'destinationId',
                'Required parameter "destinationId" was null or undefined when calling deletePayoutDestination().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["funds:withdraw"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/payout-destinations/{destination_id}`;
        urlPath = urlPath.replace('{destination_id}', encodeURIComponent(String(requestParameters['destinationId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Removes the destination: it receives no new withdrawal, and an email says so. Withdrawals already made to it keep naming it, and a pending one is still paid there unless cancelled. Needs `funds:withdraw` and, with the dashboard session, a recent sign-in.
     * Remove a payout destination
     */
    async deletePayoutDestinationRaw(requestParameters: DeletePayoutDestinationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.deletePayoutDestinationRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Removes the destination: it receives no new withdrawal, and an email says so. Withdrawals already made to it keep naming it, and a pending one is still paid there unless cancelled. Needs `funds:withdraw` and, with the dashboard session, a recent sign-in.
     * Remove a payout destination
     */
    async deletePayoutDestination(requestParameters: DeletePayoutDestinationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.deletePayoutDestinationRaw(requestParameters, initOverrides);
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
     * The payment path this service runs and what it allows the caller today. `sandbox`: a deposit is credited at once, as sandbox money (no real payment is taken), up to `daily_limit_usd` per user per UTC day. `manual`: a deposit is a request that waits until an operator approves or rejects it; `daily_limit_usd` is `null`. Auto-reload (see `PATCH /v1/self/system-settings/auto_reload`) deposits through the same path. `withdrawals` says what withdrawals allow today (`POST /v1/withdrawals`), by the same path.
     * How money comes in
     */
    async getFundingRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<FundingResponse>> {
        const requestOptions = await this.getFundingRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => FundingResponseFromJSON(jsonValue));
    }

    /**
     * The payment path this service runs and what it allows the caller today. `sandbox`: a deposit is credited at once, as sandbox money (no real payment is taken), up to `daily_limit_usd` per user per UTC day. `manual`: a deposit is a request that waits until an operator approves or rejects it; `daily_limit_usd` is `null`. Auto-reload (see `PATCH /v1/self/system-settings/auto_reload`) deposits through the same path. `withdrawals` says what withdrawals allow today (`POST /v1/withdrawals`), by the same path.
     * How money comes in
     */
    async getFunding(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<FundingResponse> {
        const response = await this.getFundingRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getWithdrawal without sending the request
     */
    async getWithdrawalRequestOpts(requestParameters: GetWithdrawalRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['withdrawalId'] == null) {
            throw new runtime.RequiredError(
                'withdrawalId',
                'Required parameter "withdrawalId" was null or undefined when calling getWithdrawal().'
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

        let urlPath = `/v1/withdrawals/{withdrawal_id}`;
        urlPath = urlPath.replace('{withdrawal_id}', encodeURIComponent(String(requestParameters['withdrawalId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s withdrawals; another user\'s, or none, answers `404`.
     * Get a withdrawal
     */
    async getWithdrawalRaw(requestParameters: GetWithdrawalRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<WithdrawalResponse>> {
        const requestOptions = await this.getWithdrawalRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => WithdrawalResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s withdrawals; another user\'s, or none, answers `404`.
     * Get a withdrawal
     */
    async getWithdrawal(requestParameters: GetWithdrawalRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<WithdrawalResponse> {
        const response = await this.getWithdrawalRaw(requestParameters, initOverrides);
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

    /**
     * Creates request options for listPayoutDestinations without sending the request
     */
    async listPayoutDestinationsRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/payout-destinations`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Where the caller\'s withdrawals may go, newest first. A destination added (or added again after a removal) cannot receive a withdrawal until `usable_from`, the end of its cooling-off period (`cooling_off_seconds` of `GET /v1/funds`), so that someone who takes over the account cannot send its money somewhere new at once. Removed destinations are not listed.
     * List payout destinations
     */
    async listPayoutDestinationsRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<PayoutDestinationList>> {
        const requestOptions = await this.listPayoutDestinationsRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => PayoutDestinationListFromJSON(jsonValue));
    }

    /**
     * Where the caller\'s withdrawals may go, newest first. A destination added (or added again after a removal) cannot receive a withdrawal until `usable_from`, the end of its cooling-off period (`cooling_off_seconds` of `GET /v1/funds`), so that someone who takes over the account cannot send its money somewhere new at once. Removed destinations are not listed.
     * List payout destinations
     */
    async listPayoutDestinations(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<PayoutDestinationList> {
        const response = await this.listPayoutDestinationsRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listWithdrawals without sending the request
     */
    async listWithdrawalsRequestOpts(requestParameters: ListWithdrawalsRequest): Promise<runtime.RequestOpts> {
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

        let urlPath = `/v1/withdrawals`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s withdrawals, newest first, whatever their status; `status` keeps only those in that state.
     * List withdrawals
     */
    async listWithdrawalsRaw(requestParameters: ListWithdrawalsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<WithdrawalList>> {
        const requestOptions = await this.listWithdrawalsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => WithdrawalListFromJSON(jsonValue));
    }

    /**
     * The caller\'s withdrawals, newest first, whatever their status; `status` keeps only those in that state.
     * List withdrawals
     */
    async listWithdrawals(requestParameters: ListWithdrawalsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<WithdrawalList> {
        const response = await this.listWithdrawalsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
