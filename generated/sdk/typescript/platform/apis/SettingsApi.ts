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
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type SetAccountModeRequest,
    SetAccountModeRequestFromJSON,
    SetAccountModeRequestToJSON,
} from '../models/SetAccountModeRequest.js';
import {
    type SystemSettingsResponse,
    SystemSettingsResponseFromJSON,
    SystemSettingsResponseToJSON,
} from '../models/SystemSettingsResponse.js';
import {
    type UpdateAutoBuyRequest,
    UpdateAutoBuyRequestFromJSON,
    UpdateAutoBuyRequestToJSON,
} from '../models/UpdateAutoBuyRequest.js';
import {
    type UpdateAutoReloadRequest,
    UpdateAutoReloadRequestFromJSON,
    UpdateAutoReloadRequestToJSON,
} from '../models/UpdateAutoReloadRequest.js';
import {
    type UpdateAutoTopUpRequest,
    UpdateAutoTopUpRequestFromJSON,
    UpdateAutoTopUpRequestToJSON,
} from '../models/UpdateAutoTopUpRequest.js';
import {
    type UpdateAutoTransferRequest,
    UpdateAutoTransferRequestFromJSON,
    UpdateAutoTransferRequestToJSON,
} from '../models/UpdateAutoTransferRequest.js';
import {
    type UpdateTradingSettingsRequest,
    UpdateTradingSettingsRequestFromJSON,
    UpdateTradingSettingsRequestToJSON,
} from '../models/UpdateTradingSettingsRequest.js';

export interface SetAccountModeOperationRequest {
    /**
     * 
     */
    setAccountModeRequest: SetAccountModeRequest;
}

export interface UpdateAutoBuyOperationRequest {
    /**
     * 
     */
    updateAutoBuyRequest: UpdateAutoBuyRequest;
}

export interface UpdateAutoReloadOperationRequest {
    /**
     * 
     */
    updateAutoReloadRequest: UpdateAutoReloadRequest;
}

export interface UpdateAutoTopUpOperationRequest {
    /**
     * 
     */
    updateAutoTopUpRequest: UpdateAutoTopUpRequest;
}

export interface UpdateAutoTransferOperationRequest {
    /**
     * 
     */
    updateAutoTransferRequest: UpdateAutoTransferRequest;
}

export interface UpdateTradingSettingsOperationRequest {
    /**
     * 
     */
    updateTradingSettingsRequest: UpdateTradingSettingsRequest;
}

/**
 * 
 */
export class SettingsApi extends runtime.BaseAPI {

    /**
     * Creates request options for getSystemSettings without sending the request
     */
    async getSystemSettingsRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The account mode, the mode-managed flags, the account\'s defaults for inference and orders, and the auto-reload and auto top-up settings, nested (`auto_reload`, `auto_top_up`) and flat (`auto_reload_enabled`, `auto_top_up_quantity`, …, the live service\'s names). Readable whatever the account\'s state (no email, legal-terms or active-account precondition).
     * Show account settings
     */
    async getSystemSettingsRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.getSystemSettingsRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * The account mode, the mode-managed flags, the account\'s defaults for inference and orders, and the auto-reload and auto top-up settings, nested (`auto_reload`, `auto_top_up`) and flat (`auto_reload_enabled`, `auto_top_up_quantity`, …, the live service\'s names). Readable whatever the account\'s state (no email, legal-terms or active-account precondition).
     * Show account settings
     */
    async getSystemSettings(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.getSystemSettingsRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for setAccountMode without sending the request
     */
    async setAccountModeRequestOpts(requestParameters: SetAccountModeOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['setAccountModeRequest'] == null) {
            throw new runtime.RequiredError(
                'setAccountModeRequest',
                'Required parameter "setAccountModeRequest" was null or undefined when calling setAccountMode().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/account-mode`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: SetAccountModeRequestToJSON(requestParameters['setAccountModeRequest']),
        };
    }

    /**
     * Switches between Auto Mode (`auto`, the default) and Advanced Mode (`advanced`).  - `auto`: the service buys capacity on the user\'s behalf; `auto_buy_enabled` and   `auto_transfer_enabled` become `true`; order create, amend and cancel on the trading API   answer `403 auto_mode_trading_restricted` (signed reads still work). Resting orders placed   in Advanced Mode stay on the book; switch back to Advanced Mode to amend or cancel them. - `advanced`: the user trades directly; `auto_buy_enabled` and `auto_transfer_enabled` take   the platform defaults (`false`).  Requesting the current mode changes nothing and answers `200` (`updated_at` unchanged). Preconditions, checked in this order after the request body: an active account (`403 account_inactive`), a verified email (`403 email_unverified`), accepted legal terms (`403 legal_terms_not_accepted`). A mode other than `auto` or `advanced` is `422 validation_error`.  The live service\'s spelling is accepted too: `{\"mode\": \"easy\" | \"advanced\"}`, where `easy` is Auto Mode (either field may say `easy`; responses say `auto`). `account_mode` and `mode` together must name the same mode, else `422 validation_error` naming both. 
     * Switch the account mode
     */
    async setAccountModeRaw(requestParameters: SetAccountModeOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.setAccountModeRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * Switches between Auto Mode (`auto`, the default) and Advanced Mode (`advanced`).  - `auto`: the service buys capacity on the user\'s behalf; `auto_buy_enabled` and   `auto_transfer_enabled` become `true`; order create, amend and cancel on the trading API   answer `403 auto_mode_trading_restricted` (signed reads still work). Resting orders placed   in Advanced Mode stay on the book; switch back to Advanced Mode to amend or cancel them. - `advanced`: the user trades directly; `auto_buy_enabled` and `auto_transfer_enabled` take   the platform defaults (`false`).  Requesting the current mode changes nothing and answers `200` (`updated_at` unchanged). Preconditions, checked in this order after the request body: an active account (`403 account_inactive`), a verified email (`403 email_unverified`), accepted legal terms (`403 legal_terms_not_accepted`). A mode other than `auto` or `advanced` is `422 validation_error`.  The live service\'s spelling is accepted too: `{\"mode\": \"easy\" | \"advanced\"}`, where `easy` is Auto Mode (either field may say `easy`; responses say `auto`). `account_mode` and `mode` together must name the same mode, else `422 validation_error` naming both. 
     * Switch the account mode
     */
    async setAccountMode(requestParameters: SetAccountModeOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.setAccountModeRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for toggleAutoTopUp without sending the request
     */
    async toggleAutoTopUpRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/auto-top-up/toggle`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Flips `auto_top_up.enabled`, as the live service\'s `grid account settings auto-top-up` does; no body. Turning it on while `quantity` or `trigger_threshold` is not set sets the missing one to 1 Unit (top up by 1 Unit when an account holds less than 1 Unit); change them with `PATCH /v1/self/system-settings/auto-top-up`. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order. 
     * Turn auto top-up on or off
     */
    async toggleAutoTopUpRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.toggleAutoTopUpRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * Flips `auto_top_up.enabled`, as the live service\'s `grid account settings auto-top-up` does; no body. Turning it on while `quantity` or `trigger_threshold` is not set sets the missing one to 1 Unit (top up by 1 Unit when an account holds less than 1 Unit); change them with `PATCH /v1/self/system-settings/auto-top-up`. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order. 
     * Turn auto top-up on or off
     */
    async toggleAutoTopUp(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.toggleAutoTopUpRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateAutoBuy without sending the request
     */
    async updateAutoBuyRequestOpts(requestParameters: UpdateAutoBuyOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['updateAutoBuyRequest'] == null) {
            throw new runtime.RequiredError(
                'updateAutoBuyRequest',
                'Required parameter "updateAutoBuyRequest" was null or undefined when calling updateAutoBuy().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/auto-buy`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateAutoBuyRequestToJSON(requestParameters['updateAutoBuyRequest']),
        };
    }

    /**
     * Takes `auto_buy_enabled`, `auto_buy_max_price` or both (at least one).  - `auto_buy_max_price` caps the price the service pays for Units on your behalf: it is the   `max_price` of every inference request that carries none (see the consumption API). In   Auto Mode the purchase becomes a limit order at this price that takes only what is   offered at or below it; a request that cannot be covered within the cap gets   `402 price_cap_exceeded` and nothing is bought or billed. USD per Unit, a positive   decimal string with at most four decimals, like order prices (`0.5`, `0.4200`); answered   with four. `null` removes the cap (buy at the market). It may be set in either mode. - `auto_buy_enabled` is mode-managed: Auto Mode dictates `true`, Advanced Mode the platform   default `false`. Writing the value the current mode dictates changes nothing; any other   value answers `403 mode_managed_setting` (change the account mode instead).  A price that is not a positive decimal with at most four decimals is `422 validation_error`, checked before the account preconditions. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked before the mode rule. When any check fails nothing changes; a request that changes nothing answers `200` with `updated_at` as it was. 
     * Set auto-buy and its price cap
     */
    async updateAutoBuyRaw(requestParameters: UpdateAutoBuyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.updateAutoBuyRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * Takes `auto_buy_enabled`, `auto_buy_max_price` or both (at least one).  - `auto_buy_max_price` caps the price the service pays for Units on your behalf: it is the   `max_price` of every inference request that carries none (see the consumption API). In   Auto Mode the purchase becomes a limit order at this price that takes only what is   offered at or below it; a request that cannot be covered within the cap gets   `402 price_cap_exceeded` and nothing is bought or billed. USD per Unit, a positive   decimal string with at most four decimals, like order prices (`0.5`, `0.4200`); answered   with four. `null` removes the cap (buy at the market). It may be set in either mode. - `auto_buy_enabled` is mode-managed: Auto Mode dictates `true`, Advanced Mode the platform   default `false`. Writing the value the current mode dictates changes nothing; any other   value answers `403 mode_managed_setting` (change the account mode instead).  A price that is not a positive decimal with at most four decimals is `422 validation_error`, checked before the account preconditions. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked before the mode rule. When any check fails nothing changes; a request that changes nothing answers `200` with `updated_at` as it was. 
     * Set auto-buy and its price cap
     */
    async updateAutoBuy(requestParameters: UpdateAutoBuyOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.updateAutoBuyRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateAutoReload without sending the request
     */
    async updateAutoReloadRequestOpts(requestParameters: UpdateAutoReloadOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['updateAutoReloadRequest'] == null) {
            throw new runtime.RequiredError(
                'updateAutoReloadRequest',
                'Required parameter "updateAutoReloadRequest" was null or undefined when calling updateAutoReload().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/auto_reload`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateAutoReloadRequestToJSON(requestParameters['updateAutoReloadRequest']),
        };
    }

    /**
     * Auto-reload tops up the USD balance: when a change (a trade, a fee, an inference settlement, a transfer) leaves the available USD balance below `threshold_usd`, the service deposits `amount_usd` through its payment path (`GET /v1/funds`: credited at once in `sandbox`, a request waiting for an operator in `manual`), as long as the reloads of the current calendar month (UTC) stay within `monthly_limit_usd` (`null`: no monthly limit). One reload at a time: none starts while another is pending. The reloads are deposits of origin `auto_reload` (`GET /v1/deposits`); `reloaded_this_month_usd` sums those of this month that are credited or pending. Auto-reload is not mode-managed.  The body changes only the fields it names (at least one). `null` clears `threshold_usd`, `amount_usd` or `monthly_limit_usd`. Amounts are decimal strings with at most two decimals (cents) and are answered with exactly two. After the change is applied to the current settings, `422 validation_error` when:  - `enabled` would be `true` while `threshold_usd` or `amount_usd` is `null`; - `threshold_usd`, `amount_usd` or `monthly_limit_usd` is zero; - `amount_usd` would exceed `monthly_limit_usd`.  Each field may also be spelled flat, as the live service does: `auto_reload_enabled`, `auto_reload_threshold_usd`, `auto_reload_amount_usd`, `auto_reload_monthly_limit_usd`. Both spellings of one field with different values are `422 validation_error` naming both.  Values may be set while auto-reload is disabled. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body\'s schema and before the rules above. 
     * Change auto-reload settings
     */
    async updateAutoReloadRaw(requestParameters: UpdateAutoReloadOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.updateAutoReloadRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * Auto-reload tops up the USD balance: when a change (a trade, a fee, an inference settlement, a transfer) leaves the available USD balance below `threshold_usd`, the service deposits `amount_usd` through its payment path (`GET /v1/funds`: credited at once in `sandbox`, a request waiting for an operator in `manual`), as long as the reloads of the current calendar month (UTC) stay within `monthly_limit_usd` (`null`: no monthly limit). One reload at a time: none starts while another is pending. The reloads are deposits of origin `auto_reload` (`GET /v1/deposits`); `reloaded_this_month_usd` sums those of this month that are credited or pending. Auto-reload is not mode-managed.  The body changes only the fields it names (at least one). `null` clears `threshold_usd`, `amount_usd` or `monthly_limit_usd`. Amounts are decimal strings with at most two decimals (cents) and are answered with exactly two. After the change is applied to the current settings, `422 validation_error` when:  - `enabled` would be `true` while `threshold_usd` or `amount_usd` is `null`; - `threshold_usd`, `amount_usd` or `monthly_limit_usd` is zero; - `amount_usd` would exceed `monthly_limit_usd`.  Each field may also be spelled flat, as the live service does: `auto_reload_enabled`, `auto_reload_threshold_usd`, `auto_reload_amount_usd`, `auto_reload_monthly_limit_usd`. Both spellings of one field with different values are `422 validation_error` naming both.  Values may be set while auto-reload is disabled. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body\'s schema and before the rules above. 
     * Change auto-reload settings
     */
    async updateAutoReload(requestParameters: UpdateAutoReloadOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.updateAutoReloadRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateAutoTopUp without sending the request
     */
    async updateAutoTopUpRequestOpts(requestParameters: UpdateAutoTopUpOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['updateAutoTopUpRequest'] == null) {
            throw new runtime.RequiredError(
                'updateAutoTopUpRequest',
                'Required parameter "updateAutoTopUpRequest" was null or undefined when calling updateAutoTopUp().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/auto-top-up`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateAutoTopUpRequestToJSON(requestParameters['updateAutoTopUpRequest']),
        };
    }

    /**
     * Auto top-up keeps the consumption accounts stocked: after an inference settlement leaves a consumption account holding fewer than `trigger_threshold` Units (its available tokens divided by the instrument\'s tokens per Unit), the service buys `quantity` Units of that instrument and moves them to the account. The buy takes the path of Auto Mode\'s purchases and the same limits: at market, or, when `auto_buy_max_price` is set, a fill-or-kill limit buy at the cap; the price collar, the largest order value and the order rate apply. It runs after the settlement has committed and never changes the inference that triggered it. One top-up at a time per account and instrument, in every process (Auto Mode\'s purchase claim): the balance is read again once the claim is held, so settlements at the same moment buy once. Without available USD nothing is bought (`insufficient_funds`); a market buy spends at most the available USD, so less may fill. Each attempt is recorded in `auto_top_up.last_outcome` and `last_attempt_at`; after one that bought less than `quantity`, settlements within the next 60 seconds do not try again (the book and the balance rarely change faster). Auto top-up works in both account modes and is not mode-managed.  The body changes only the fields it names (at least one), short (`enabled`, `quantity`, `trigger_threshold`) or flat as the live service spells them (`auto_top_up_enabled`, `auto_top_up_quantity`, `auto_top_up_trigger_threshold`); both spellings of one field with different values are `422 validation_error` naming both. Quantities are whole Units, from 1 to 1000000000. `null` clears `quantity` or `trigger_threshold`. After the change is applied to the current settings, `enabled` would be `true` while `quantity` or `trigger_threshold` is `null`: `422 validation_error`. Values may be set while auto top-up is disabled. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body\'s schema and before the rule above. A request that changes nothing answers `200` with `updated_at` as it was. 
     * Change auto top-up settings
     */
    async updateAutoTopUpRaw(requestParameters: UpdateAutoTopUpOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.updateAutoTopUpRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * Auto top-up keeps the consumption accounts stocked: after an inference settlement leaves a consumption account holding fewer than `trigger_threshold` Units (its available tokens divided by the instrument\'s tokens per Unit), the service buys `quantity` Units of that instrument and moves them to the account. The buy takes the path of Auto Mode\'s purchases and the same limits: at market, or, when `auto_buy_max_price` is set, a fill-or-kill limit buy at the cap; the price collar, the largest order value and the order rate apply. It runs after the settlement has committed and never changes the inference that triggered it. One top-up at a time per account and instrument, in every process (Auto Mode\'s purchase claim): the balance is read again once the claim is held, so settlements at the same moment buy once. Without available USD nothing is bought (`insufficient_funds`); a market buy spends at most the available USD, so less may fill. Each attempt is recorded in `auto_top_up.last_outcome` and `last_attempt_at`; after one that bought less than `quantity`, settlements within the next 60 seconds do not try again (the book and the balance rarely change faster). Auto top-up works in both account modes and is not mode-managed.  The body changes only the fields it names (at least one), short (`enabled`, `quantity`, `trigger_threshold`) or flat as the live service spells them (`auto_top_up_enabled`, `auto_top_up_quantity`, `auto_top_up_trigger_threshold`); both spellings of one field with different values are `422 validation_error` naming both. Quantities are whole Units, from 1 to 1000000000. `null` clears `quantity` or `trigger_threshold`. After the change is applied to the current settings, `enabled` would be `true` while `quantity` or `trigger_threshold` is `null`: `422 validation_error`. Values may be set while auto top-up is disabled. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body\'s schema and before the rule above. A request that changes nothing answers `200` with `updated_at` as it was. 
     * Change auto top-up settings
     */
    async updateAutoTopUp(requestParameters: UpdateAutoTopUpOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.updateAutoTopUpRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateAutoTransfer without sending the request
     */
    async updateAutoTransferRequestOpts(requestParameters: UpdateAutoTransferOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['updateAutoTransferRequest'] == null) {
            throw new runtime.RequiredError(
                'updateAutoTransferRequest',
                'Required parameter "updateAutoTransferRequest" was null or undefined when calling updateAutoTransfer().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/auto-transfer`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateAutoTransferRequestToJSON(requestParameters['updateAutoTransferRequest']),
        };
    }

    /**
     * `auto_transfer_enabled` (move Units bought by the service into the consumption account) is mode-managed: Auto Mode dictates `true`, Advanced Mode the platform default `false`. Writing the value the current mode dictates answers `200` and changes nothing; any other value answers `403 mode_managed_setting` (change the account mode instead). Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked before the mode rule. The live service\'s spelling is accepted too: `{\"auto_transfer_override\": null}` returns auto-transfer to the mode\'s default, which it always has here (nothing is stored, so it answers `200` and changes nothing); `auto_transfer_override: true|false` is read as `auto_transfer_enabled`. Both fields with different values are `422 validation_error` naming both.
     * Set auto-transfer
     */
    async updateAutoTransferRaw(requestParameters: UpdateAutoTransferOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.updateAutoTransferRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * `auto_transfer_enabled` (move Units bought by the service into the consumption account) is mode-managed: Auto Mode dictates `true`, Advanced Mode the platform default `false`. Writing the value the current mode dictates answers `200` and changes nothing; any other value answers `403 mode_managed_setting` (change the account mode instead). Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked before the mode rule. The live service\'s spelling is accepted too: `{\"auto_transfer_override\": null}` returns auto-transfer to the mode\'s default, which it always has here (nothing is stored, so it answers `200` and changes nothing); `auto_transfer_override: true|false` is read as `auto_transfer_enabled`. Both fields with different values are `422 validation_error` naming both.
     * Set auto-transfer
     */
    async updateAutoTransfer(requestParameters: UpdateAutoTransferOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.updateAutoTransferRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateTradingSettings without sending the request
     */
    async updateTradingSettingsRequestOpts(requestParameters: UpdateTradingSettingsOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['updateTradingSettingsRequest'] == null) {
            throw new runtime.RequiredError(
                'updateTradingSettingsRequest',
                'Required parameter "updateTradingSettingsRequest" was null or undefined when calling updateTradingSettings().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["account:write"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/v1/self/system-settings/trading`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateTradingSettingsRequestToJSON(requestParameters['updateTradingSettingsRequest']),
        };
    }

    /**
     * `self_trade_prevention` is what happens when one of your orders would trade with another of your own orders resting on the book, for orders that name no `self_trade_prevention` of their own (the taker\'s mode decides):  - `expire_taker` (the default): the incoming order\'s remainder is closed   (`closure_reason: self_trade_prevented`); the resting order stays. - `expire_maker`: the resting order is cancelled (`self_trade_prevented`) and the incoming   order goes on matching. - `expire_both`: both are closed. - `decrement`: both are reduced by the overlapping quantity, with no trade and no fee; an   order reduced to nothing ends `cancelled` with `self_trade_prevented`.  The new default applies to orders placed afterwards; resting orders keep their mode. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body. A value that is not one of the four modes is `422 validation_error`. Setting the current value answers `200` with `updated_at` as it was. 
     * Set the account\'s order defaults
     */
    async updateTradingSettingsRaw(requestParameters: UpdateTradingSettingsOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SystemSettingsResponse>> {
        const requestOptions = await this.updateTradingSettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SystemSettingsResponseFromJSON(jsonValue));
    }

    /**
     * `self_trade_prevention` is what happens when one of your orders would trade with another of your own orders resting on the book, for orders that name no `self_trade_prevention` of their own (the taker\'s mode decides):  - `expire_taker` (the default): the incoming order\'s remainder is closed   (`closure_reason: self_trade_prevented`); the resting order stays. - `expire_maker`: the resting order is cancelled (`self_trade_prevented`) and the incoming   order goes on matching. - `expire_both`: both are closed. - `decrement`: both are reduced by the overlapping quantity, with no trade and no fee; an   order reduced to nothing ends `cancelled` with `self_trade_prevented`.  The new default applies to orders placed afterwards; resting orders keep their mode. Preconditions as for every settings write: `403 account_inactive`, `403 email_unverified`, `403 legal_terms_not_accepted`, in that order, checked after the request body. A value that is not one of the four modes is `422 validation_error`. Setting the current value answers `200` with `updated_at` as it was. 
     * Set the account\'s order defaults
     */
    async updateTradingSettings(requestParameters: UpdateTradingSettingsOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SystemSettingsResponse> {
        const response = await this.updateTradingSettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
