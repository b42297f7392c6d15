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


/**
 * Machine-readable error code. Branch on it; show `detail` to humans.
 * @export
 */
export const ErrorCode = {
    BadRequest: 'bad_request',
    MalformedJson: 'malformed_json',
    UnsupportedMediaType: 'unsupported_media_type',
    PayloadTooLarge: 'payload_too_large',
    ValidationError: 'validation_error',
    InvalidCursor: 'invalid_cursor',
    NotFound: 'not_found',
    MethodNotAllowed: 'method_not_allowed',
    Conflict: 'conflict',
    InvalidApiKey: 'invalid_api_key',
    KeyExpired: 'key_expired',
    TicketUsed: 'ticket_used',
    TicketExpired: 'ticket_expired',
    TicketInvalid: 'ticket_invalid',
    ModelNotAllowed: 'model_not_allowed',
    KeyLimitExceeded: 'key_limit_exceeded',
    MissingSignature: 'missing_signature',
    InvalidSignature: 'invalid_signature',
    UnknownFingerprint: 'unknown_fingerprint',
    TimestampOutOfRange: 'timestamp_out_of_range',
    SignatureReplayed: 'signature_replayed',
    InvalidToken: 'invalid_token',
    InsufficientScope: 'insufficient_scope',
    CsrfTokenInvalid: 'csrf_token_invalid',
    AccountInactive: 'account_inactive',
    EmailUnverified: 'email_unverified',
    LegalTermsNotAccepted: 'legal_terms_not_accepted',
    ModeManagedSetting: 'mode_managed_setting',
    InvalidPublicKey: 'invalid_public_key',
    DuplicateSigningKey: 'duplicate_signing_key',
    QuantityBelowMinOrderSize: 'quantity_below_min_order_size',
    QuantityAboveMaxOrderSize: 'quantity_above_max_order_size',
    NotionalAboveMax: 'notional_above_max',
    LotSizeViolation: 'lot_size_violation',
    TickSizeViolation: 'tick_size_violation',
    InsufficientAvailableBalance: 'insufficient_available_balance',
    ConsumptionUnitsNotResellable: 'consumption_units_not_resellable',
    InsufficientInventoryOrFunds: 'insufficient_inventory_or_funds',
    PriceCollarViolation: 'price_collar_violation',
    DuplicateClientOrderId: 'duplicate_client_order_id',
    PostOnlyWouldTake: 'post_only_would_take',
    StopWouldTrigger: 'stop_would_trigger',
    AutoModeTradingRestricted: 'auto_mode_trading_restricted',
    OrderNotOpen: 'order_not_open',
    OrderAlreadyCancelled: 'order_already_cancelled',
    MarketNotOpen: 'market_not_open',
    SupplierNotQualified: 'supplier_not_qualified',
    InsufficientIssuanceBalance: 'insufficient_issuance_balance',
    RateLimitExceeded: 'rate_limit_exceeded',
    DepositLimitExceeded: 'deposit_limit_exceeded',
    IdempotencyKeyReused: 'idempotency_key_reused',
    WithdrawalLimitExceeded: 'withdrawal_limit_exceeded',
    DestinationCoolingOff: 'destination_cooling_off',
    DestinationUnusable: 'destination_unusable',
    ReauthenticationRequired: 'reauthentication_required',
    ModelNotFound: 'model_not_found',
    ConcurrencyLimitExceeded: 'concurrency_limit_exceeded',
    DailyRequestLimitExceeded: 'daily_request_limit_exceeded',
    InsufficientBalance: 'insufficient_balance',
    InsufficientCapacity: 'insufficient_capacity',
    PriceCapExceeded: 'price_cap_exceeded',
    BalanceReplenishing: 'balance_replenishing',
    SupplierUnavailable: 'supplier_unavailable',
    SupplierError: 'supplier_error',
    InternalError: 'internal_error',
    NotImplemented: 'not_implemented',
    ServiceUnavailable: 'service_unavailable',
} as const;
export type ErrorCode = typeof ErrorCode[keyof typeof ErrorCode];


export function instanceOfErrorCode(value: any): boolean {
    for (const key in ErrorCode) {
        if (Object.prototype.hasOwnProperty.call(ErrorCode, key)) {
            if (ErrorCode[key as keyof typeof ErrorCode] === value) {
                return true;
            }
        }
    }
    return false;
}

export function ErrorCodeFromJSON(json: any): ErrorCode {
    return ErrorCodeFromJSONTyped(json, false);
}

export function ErrorCodeFromJSONTyped(json: any, ignoreDiscriminator: boolean): ErrorCode {
    return json as ErrorCode;
}

export function ErrorCodeToJSON(value?: ErrorCode | null): any {
    return value as any;
}

export function ErrorCodeToJSONTyped(value: any, ignoreDiscriminator: boolean): ErrorCode {
    return value as ErrorCode;
}

