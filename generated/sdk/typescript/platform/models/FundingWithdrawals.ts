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

import { mapValues } from '../runtime.js';
/**
 * What withdrawals allow the caller now (`POST /v1/withdrawals`). `daily_limit_usd` is the most a user may withdraw per UTC day, pending and paid together; `withdrawable_usd` the available USD less what is not withdrawable (bonuses, and sandbox money when payments are manual), before today's limit; `pending_usd` what withdrawals waiting for an operator hold.
 * @export
 * @interface FundingWithdrawals
 */
export interface FundingWithdrawals {
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    minAmountUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    maxAmountUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    dailyLimitUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    withdrawnTodayUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    remainingTodayUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    withdrawableUsd: string;
    /**
     * US dollars as a decimal string with exactly two decimals.
     */
    pendingUsd: string;
    /**
     * How long a new payout destination waits before it can receive a withdrawal.
     */
    coolingOffSeconds: number;
    /**
     * How recent a dashboard session's sign-in must be to withdraw or change destinations.
     */
    reauthenticationSeconds: number;
}

/**
 * Check if a given object implements the FundingWithdrawals interface.
 */
export function instanceOfFundingWithdrawals(value: object): value is FundingWithdrawals {
    if ((!('minAmountUsd' in (value as Record<string, any>)) && !('min_amount_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['minAmountUsd'] === undefined && (value as Record<string, any>)['min_amount_usd'] === undefined)) return false;
    if ((!('maxAmountUsd' in (value as Record<string, any>)) && !('max_amount_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['maxAmountUsd'] === undefined && (value as Record<string, any>)['max_amount_usd'] === undefined)) return false;
    if ((!('dailyLimitUsd' in (value as Record<string, any>)) && !('daily_limit_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['dailyLimitUsd'] === undefined && (value as Record<string, any>)['daily_limit_usd'] === undefined)) return false;
    if ((!('withdrawnTodayUsd' in (value as Record<string, any>)) && !('withdrawn_today_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['withdrawnTodayUsd'] === undefined && (value as Record<string, any>)['withdrawn_today_usd'] === undefined)) return false;
    if ((!('remainingTodayUsd' in (value as Record<string, any>)) && !('remaining_today_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['remainingTodayUsd'] === undefined && (value as Record<string, any>)['remaining_today_usd'] === undefined)) return false;
    if ((!('withdrawableUsd' in (value as Record<string, any>)) && !('withdrawable_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['withdrawableUsd'] === undefined && (value as Record<string, any>)['withdrawable_usd'] === undefined)) return false;
    if ((!('pendingUsd' in (value as Record<string, any>)) && !('pending_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['pendingUsd'] === undefined && (value as Record<string, any>)['pending_usd'] === undefined)) return false;
    if ((!('coolingOffSeconds' in (value as Record<string, any>)) && !('cooling_off_seconds' in (value as Record<string, any>))) || ((value as Record<string, any>)['coolingOffSeconds'] === undefined && (value as Record<string, any>)['cooling_off_seconds'] === undefined)) return false;
    if ((!('reauthenticationSeconds' in (value as Record<string, any>)) && !('reauthentication_seconds' in (value as Record<string, any>))) || ((value as Record<string, any>)['reauthenticationSeconds'] === undefined && (value as Record<string, any>)['reauthentication_seconds'] === undefined)) return false;
    return true;
}

export function FundingWithdrawalsFromJSON(json: any): FundingWithdrawals {
    return FundingWithdrawalsFromJSONTyped(json, false);
}

export function FundingWithdrawalsFromJSONTyped(json: any, ignoreDiscriminator: boolean): FundingWithdrawals {
    if (json == null) {
        return json;
    }
    return {
        
        'minAmountUsd': json['min_amount_usd'],
        'maxAmountUsd': json['max_amount_usd'],
        'dailyLimitUsd': json['daily_limit_usd'],
        'withdrawnTodayUsd': json['withdrawn_today_usd'],
        'remainingTodayUsd': json['remaining_today_usd'],
        'withdrawableUsd': json['withdrawable_usd'],
        'pendingUsd': json['pending_usd'],
        'coolingOffSeconds': json['cooling_off_seconds'],
        'reauthenticationSeconds': json['reauthentication_seconds'],
    };
}

export function FundingWithdrawalsToJSON(json: any): FundingWithdrawals {
    return FundingWithdrawalsToJSONTyped(json, false);
}

export function FundingWithdrawalsToJSONTyped(value?: FundingWithdrawals | null, ignoreDiscriminator: boolean = false): any {
    if (value == null) {
        return value;
    }

    return {
        
        'min_amount_usd': value['minAmountUsd'],
        'max_amount_usd': value['maxAmountUsd'],
        'daily_limit_usd': value['dailyLimitUsd'],
        'withdrawn_today_usd': value['withdrawnTodayUsd'],
        'remaining_today_usd': value['remainingTodayUsd'],
        'withdrawable_usd': value['withdrawableUsd'],
        'pending_usd': value['pendingUsd'],
        'cooling_off_seconds': value['coolingOffSeconds'],
        'reauthentication_seconds': value['reauthenticationSeconds'],
    };
}

