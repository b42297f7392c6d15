// GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
/**
 * mkt trading API
 * The trading API of **mkt**, a real-time spot market for AI inference. Suppliers sell Units of standardised instruments (`text-standard` … `agent-max`) on one central limit order book per instrument; buyers place orders, receive Units in their trading account, and transfer them to a consumption account to run inference on the consumption API. One Unit is `tokens_per_unit` tokens of the instrument (1,000,000 by default); prices are USD per Unit.  ## Authentication  Every operation except `GET /v1/health` takes one of two credentials:  - an **Ed25519 signature** made with a trading signing key (below): the credential of bots and   servers, which need no login and no token refresh; - an **OAuth access token** of the platform API (`Authorization: Bearer mkt_at_…`, from the   device flow at `{platform_url}/v1/oauth/device/code`), as a command line sends it once   logged in. Each operation names the scope its token needs:    | Scope | Opens |   |---|---|   | `trade:read` | every read (`GET`): identity, instruments, markets, market data, orders, trades, accounts, transfers, limits, diagnostics |   | `trade:write` | every change: orders (create, batch, amend, cancel, cancel by market, bulk cancel, batch cancel, the dead-man\'s switch) and transfers |   | `supply:read`, `supply:write` | listing and issuing supply (`/v1/supply-issuances`), endpoints (`/v1/supply/endpoints`) |    A token without the operation\'s scope is refused with `403 insufficient_scope` before   anything is read or changed; `errors.detail` names the missing scope and `errors.context`   lists the needed and the granted ones. An unknown, expired or revoked token is   `401 invalid_token` (refresh it with the refresh token, or log in again).  A consumption API key is never accepted here. A request that carries a signature header is authenticated by its signature alone: an `Authorization` header beside it is ignored, and a bad signature is refused even if the token is good. Everything else works the same with either credential: the same user, limits, Auto Mode rule and answers. Where an answer describes the signing key (`signing_key` of `GET /v1/me`, the first check of `GET /v1/diagnostics`), a token\'s request gets `null` and a description of the token instead.  ## Signing requests  1. Generate an Ed25519 keypair on the client; the private key never leaves it (keep it as base64    of the raw 32-byte seed or the 64-byte secret key, not PEM). 2. Register the public key — base64 of its raw 32 bytes — in the dashboard or with    `POST {platform_url}/v1/signing-keys`. The answer carries the key\'s **fingerprint**: SHA-256    of the raw public key, base64 without padding. 3. For each request build the **signed string** by concatenating, with no separators:    1. the Unix time in whole seconds, as a decimal string;    2. the HTTP method in upper case (`GET`, `POST`, `PUT`, `DELETE`);    3. the request path only, without the query string (for `GET /v1/orders?status=filled`       sign `/v1/orders`), exactly as sent on the request line;    4. the raw request body exactly as sent, byte for byte; the empty string for `GET` and       `DELETE` without a body. Query parameters are never signed. 4. Sign the string with the private key and send three headers:     | Header | Value |    |---|---|    | `x-mkt-signature` | base64 of the 64-byte Ed25519 signature |    | `x-mkt-timestamp` | the same timestamp string that starts the signed string |    | `x-mkt-fingerprint` | the key\'s fingerprint |  The timestamp must lie **within 30 seconds** of server time, in either direction; otherwise the answer is `401` with code `timestamp_out_of_range` and `errors.context` = `{max_drift_seconds, observed_drift_seconds, request_timestamp, server_timestamp}` (`server_time` in the body tells you the server\'s clock). Sign each request, including each retry, with a fresh timestamp. On any `401`, check clock drift first, then the signed string (are you signing the raw body you send, and the path without the query?), then the fingerprint.  ### Each signature of a write is good once  The query string is not signed, and Ed25519 signatures are deterministic: a request captured on its way could otherwise be sent again, even with another query (a `DELETE /v1/orders?side=sell` resent as `DELETE /v1/orders`). So the signature of a `POST`, `PUT`, `PATCH` or `DELETE` is accepted **once**, by every server of the service: its second use inside the 30-second window is `401` with code `signature_replayed`, whatever the first use answered.  - Two identical writes signed in the same second carry the same signature, so the second is   refused. Make them differ: give each order its own `client_order_id`, which also makes a retry   after a lost answer safe (the retry, signed afresh, gets `422` naming the first order if it   was placed). - Sign every retry with a fresh timestamp; resending the same signed bytes is a replay. - Signed reads (`GET`) are not refused on a second use. They change nothing, so a replay can only   read again, within 30 seconds, what the key may read; and because the query is not signed,   `GET /v1/orders?status=open` and `GET /v1/orders?status=filled` signed in one second carry one   signature, which a client polling several lists at once must be able to send.  ### Worked example  The keypair of RFC 8032 test 1 (never use it for real):  | | | |---|---| | private key (base64 seed) | `nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=` | | public key (base64) | `11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=` | | fingerprint | `If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk` |  Placing an order at 2026-11-22T10:15:30Z (Unix `1795342530`) with the body `{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"}` signs the string  ``` 1795342530POST/v1/orders{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"} ```  and sends  ``` POST /v1/orders HTTP/1.1 Content-Type: application/json x-mkt-timestamp: 1795342530 x-mkt-fingerprint: If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk x-mkt-signature: zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ== ```  `GET /v1/orders?status=open` at the same second signs `1795342530GET/v1/orders` and sends `x-mkt-signature: N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==`.  ## Conventions  - **Envelopes.** One object is `{data: …}`; a list is `{data: […], paging: {has_more,   next_cursor, prev_cursor}}`. Errors are `{errors: {code, detail, message, server_time,   context?}}`: branch on `code`, show `detail` to people (`message` is the same text). - **Paging.** `limit` (default 50, at most 100), `next` = a previous `next_cursor`, `prev` = a   previous `prev_cursor`; `next` and `prev` are mutually exclusive. Cursors are opaque and   belong to the sort they were issued for. - **Numbers.** Prices (USD per Unit, at most 4 decimals) and USD amounts (at most 6 decimals)   are decimal strings, never JSON numbers. Quantities of Units are integers. - **Ids** are opaque; use them exactly as returned. Never derive a market or instrument id from   a symbol. Shapes: `instrument-<uuid>`, `market_<uuid>`, `order_<16 A-Z0-9>`, `trade_<uuid>`,   `user_<uuid>`, `trading_account_<hex>`, `consumption_account_<hex>`, `transfer_<uuid>`,   `supply_issuance_<uuid>`. An unknown or malformed id in a path answers `404`. - **Instrument symbols.** Wherever an instrument id is accepted (an `instrument_id` path or   query parameter, or an `instrument_id` body field), the instrument\'s symbol in any letter   case is accepted too (`TEXT-STANDARD`, `text-standard`), as is a model alias of   `GET /v1/models` (`mistral-latest`). A symbol that names no instrument answers `404`   in a path and `422` naming the parameter in a query or body. - **Time.** ISO 8601 UTC; trades carry microseconds. Time filters accept ISO 8601 or Unix   seconds. - **Unknown query parameters** are refused with `422 validation_error`. - **Filter spellings of the live service.** Every list also accepts the query spellings of   Phoenix Flop, which the live service\'s CLI sends:   `flop[filters][i][field]`, `flop[filters][i][op]`, `flop[filters][i][value]` (or   `filters[i][…]`) filter on the list\'s query parameter named `field`: `op` `==` (the default)   sets it; `>=` and `<=` set its `_min`/`_from` and `_max`/`_to` parameter where the list has   one. `order_by[]` and `order_directions[]` are `order_by` and `order_direction` (one sort   key), and `page_size` is `limit`. So   `GET /v1/orders?flop[filters][0][field]=status&flop[filters][0][value]=open&page_size=20`   is `GET /v1/orders?status=open&limit=20`. A field that is not a parameter of the list, or   another `op`, answers `422` naming it; two spellings of one parameter with different values   (`status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled`) answer `422`   naming both. - **Quantities as digits.** The `quantity` of an order (`POST /v1/orders`, its batch and   `PUT /v1/orders/{order_id}`) may also be sent as a string of decimal digits (`\"5\"`), as the   live service\'s CLI sends it; `\"1.5\"`, `\"-1\"`, `\"1e3\"`, `\"\"` or a leading zero answer `422`   naming `quantity`. - **Auto Mode.** In Auto Mode (the default for new accounts) the service buys capacity for you:   order create, amend and cancel answer `403 auto_mode_trading_restricted`; every read,   transfers and supply issuance still work. Switch to Advanced Mode with   `POST {platform_url}/v1/self/system-settings/account-mode`. - **Rate limits.** Order creation is limited per user and market (read the effective values   with `GET /v1/account/limits`); `201` answers carry `x-ratelimit-limit` and   `x-ratelimit-remaining`, a `429` carries `Retry-After`. Bulk cancellation has its own,   separate throttle. - **Retries.** Retry `429`, `500` and `503` with exponential backoff and jitter from 1 second;   never retry `400`, `401`, `404`, `409` or `422` unchanged. Use `client_order_id` to make   order submission retries idempotent. - Every response carries `x-request-id`; quote it to support. Every response also carries   `server-timing` (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…` in   milliseconds spent authenticating, in the operation, and in all up to the response\'s   headers. 
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
    type AccountStatus,
    AccountStatusFromJSON,
    AccountStatusToJSON,
} from '../models/AccountStatus.js';
import {
    type ConsumptionAccountList,
    ConsumptionAccountListFromJSON,
    ConsumptionAccountListToJSON,
} from '../models/ConsumptionAccountList.js';
import {
    type ConsumptionAccountResponse,
    ConsumptionAccountResponseFromJSON,
    ConsumptionAccountResponseToJSON,
} from '../models/ConsumptionAccountResponse.js';
import {
    type CurrencyTradingAccountList,
    CurrencyTradingAccountListFromJSON,
    CurrencyTradingAccountListToJSON,
} from '../models/CurrencyTradingAccountList.js';
import {
    type CurrencyTradingAccountResponse,
    CurrencyTradingAccountResponseFromJSON,
    CurrencyTradingAccountResponseToJSON,
} from '../models/CurrencyTradingAccountResponse.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type OrderDirection,
    OrderDirectionFromJSON,
    OrderDirectionToJSON,
} from '../models/OrderDirection.js';
import {
    type PositionList,
    PositionListFromJSON,
    PositionListToJSON,
} from '../models/PositionList.js';
import {
    type PositionStatus,
    PositionStatusFromJSON,
    PositionStatusToJSON,
} from '../models/PositionStatus.js';
import {
    type TradingAccountList,
    TradingAccountListFromJSON,
    TradingAccountListToJSON,
} from '../models/TradingAccountList.js';
import {
    type TradingAccountResponse,
    TradingAccountResponseFromJSON,
    TradingAccountResponseToJSON,
} from '../models/TradingAccountResponse.js';

export interface GetConsumptionAccountRequest {
    /**
     * The consumption account's id, `consumption_account_<hex>`.
     */
    accountId: string;
}

export interface GetCurrencyTradingAccountRequest {
    /**
     * The currency account's id, `trading_account_<hex>`.
     */
    accountId: string;
}

export interface GetTradingAccountRequest {
    /**
     * The trading account's id, `trading_account_<hex>`.
     */
    accountId: string;
}

export interface ListConsumptionAccountsRequest {
    /**
     * Only this account.
     */
    accountId?: string;
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
    /**
     * Only accounts in this status.
     */
    status?: AccountStatus;
    /**
     * Sort key; ties are broken by `account_id`.
     */
    orderBy?: ListConsumptionAccountsOrderByEnum;
    /**
     * Sort direction.
     */
    orderDirection?: OrderDirection;
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
}

export interface ListCurrencyTradingAccountsRequest {
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
}

export interface ListPositionsRequest {
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * Only `open` (quantity above 0) or only `closed` positions.
     */
    status?: PositionStatus;
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
}

export interface ListTradingAccountsRequest {
    /**
     * Only this account.
     */
    accountId?: string;
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
    /**
     * Only accounts in this status.
     */
    status?: AccountStatus;
    /**
     * Sort key; ties are broken by `account_id`.
     */
    orderBy?: ListTradingAccountsOrderByEnum;
    /**
     * Sort direction.
     */
    orderDirection?: OrderDirection;
    /**
     * The `next_cursor` of a previous page, to read the following page. Not with `prev`.
     */
    next?: string;
    /**
     * The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
     */
    prev?: string;
    /**
     * Page size. Also accepted as `page_size`, the live service's spelling.
     */
    limit?: number;
}

/**
 * 
 */
export class AccountsApi extends runtime.BaseAPI {

    /**
     * Creates request options for getConsumptionAccount without sending the request
     */
    async getConsumptionAccountRequestOpts(requestParameters: GetConsumptionAccountRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['accountId'] == null) {
            throw new runtime.RequiredError(
                'accountId',
                'Required parameter "accountId" was null or undefined when calling getConsumptionAccount().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/consumption-accounts/{account_id}`;
        urlPath = urlPath.replace('{account_id}', encodeURIComponent(String(requestParameters['accountId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s consumption accounts by `account_id` (`consumption_account_<hex>`); `404` if unknown.
     * Read one of my consumption accounts
     */
    async getConsumptionAccountRaw(requestParameters: GetConsumptionAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ConsumptionAccountResponse>> {
        const requestOptions = await this.getConsumptionAccountRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => ConsumptionAccountResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s consumption accounts by `account_id` (`consumption_account_<hex>`); `404` if unknown.
     * Read one of my consumption accounts
     */
    async getConsumptionAccount(requestParameters: GetConsumptionAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ConsumptionAccountResponse> {
        const response = await this.getConsumptionAccountRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getCurrencyTradingAccount without sending the request
     */
    async getCurrencyTradingAccountRequestOpts(requestParameters: GetCurrencyTradingAccountRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['accountId'] == null) {
            throw new runtime.RequiredError(
                'accountId',
                'Required parameter "accountId" was null or undefined when calling getCurrencyTradingAccount().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/currency-trading-accounts/{account_id}`;
        urlPath = urlPath.replace('{account_id}', encodeURIComponent(String(requestParameters['accountId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s currency trading account by `account_id` (as listed by `GET /v1/currency-trading-accounts`); `404` if unknown or another user\'s, as for every account read by id.
     * Read my USD balance by id
     */
    async getCurrencyTradingAccountRaw(requestParameters: GetCurrencyTradingAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CurrencyTradingAccountResponse>> {
        const requestOptions = await this.getCurrencyTradingAccountRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CurrencyTradingAccountResponseFromJSON(jsonValue));
    }

    /**
     * The caller\'s currency trading account by `account_id` (as listed by `GET /v1/currency-trading-accounts`); `404` if unknown or another user\'s, as for every account read by id.
     * Read my USD balance by id
     */
    async getCurrencyTradingAccount(requestParameters: GetCurrencyTradingAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CurrencyTradingAccountResponse> {
        const response = await this.getCurrencyTradingAccountRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getTradingAccount without sending the request
     */
    async getTradingAccountRequestOpts(requestParameters: GetTradingAccountRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['accountId'] == null) {
            throw new runtime.RequiredError(
                'accountId',
                'Required parameter "accountId" was null or undefined when calling getTradingAccount().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/trading-accounts/{account_id}`;
        urlPath = urlPath.replace('{account_id}', encodeURIComponent(String(requestParameters['accountId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s trading accounts by `account_id` (`trading_account_<hex>`); `404` if unknown.
     * Read one of my trading accounts
     */
    async getTradingAccountRaw(requestParameters: GetTradingAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TradingAccountResponse>> {
        const requestOptions = await this.getTradingAccountRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TradingAccountResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s trading accounts by `account_id` (`trading_account_<hex>`); `404` if unknown.
     * Read one of my trading accounts
     */
    async getTradingAccount(requestParameters: GetTradingAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TradingAccountResponse> {
        const response = await this.getTradingAccountRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listConsumptionAccounts without sending the request
     */
    async listConsumptionAccountsRequestOpts(requestParameters: ListConsumptionAccountsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['accountId'] != null) {
            queryParameters['account_id'] = requestParameters['accountId'];
        }

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        if (requestParameters['orderBy'] != null) {
            queryParameters['order_by'] = requestParameters['orderBy'];
        }

        if (requestParameters['orderDirection'] != null) {
            queryParameters['order_direction'] = requestParameters['orderDirection'];
        }

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/consumption-accounts`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s consumption accounts, one per instrument: Units locked for inference on the consumption API. Units arrive by transfer, expire 4 hours after arrival and are consumed oldest first; they cannot be resold. `committed_balance` is held by inference requests in flight; `uncommitted_balance` = `total_balance` − `committed_balance`.
     * List my consumption accounts
     */
    async listConsumptionAccountsRaw(requestParameters: ListConsumptionAccountsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ConsumptionAccountList>> {
        const requestOptions = await this.listConsumptionAccountsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => ConsumptionAccountListFromJSON(jsonValue));
    }

    /**
     * The caller\'s consumption accounts, one per instrument: Units locked for inference on the consumption API. Units arrive by transfer, expire 4 hours after arrival and are consumed oldest first; they cannot be resold. `committed_balance` is held by inference requests in flight; `uncommitted_balance` = `total_balance` − `committed_balance`.
     * List my consumption accounts
     */
    async listConsumptionAccounts(requestParameters: ListConsumptionAccountsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ConsumptionAccountList> {
        const response = await this.listConsumptionAccountsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listCurrencyTradingAccounts without sending the request
     */
    async listCurrencyTradingAccountsRequestOpts(requestParameters: ListCurrencyTradingAccountsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/currency-trading-accounts`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s currency trading accounts (one, in `usd`): the USD that funds buy orders and receives the proceeds of sales. `locked_balance` is reserved by open buy orders (price × quantity plus fee); `available_balance` = `total_balance` − `locked_balance`. `deposited_total` counts real deposits only (not bonuses) and sets the inference concurrency tier.
     * List my USD balances
     */
    async listCurrencyTradingAccountsRaw(requestParameters: ListCurrencyTradingAccountsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CurrencyTradingAccountList>> {
        const requestOptions = await this.listCurrencyTradingAccountsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CurrencyTradingAccountListFromJSON(jsonValue));
    }

    /**
     * The caller\'s currency trading accounts (one, in `usd`): the USD that funds buy orders and receives the proceeds of sales. `locked_balance` is reserved by open buy orders (price × quantity plus fee); `available_balance` = `total_balance` − `locked_balance`. `deposited_total` counts real deposits only (not bonuses) and sets the inference concurrency tier.
     * List my USD balances
     */
    async listCurrencyTradingAccounts(requestParameters: ListCurrencyTradingAccountsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CurrencyTradingAccountList> {
        const response = await this.listCurrencyTradingAccountsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listPositions without sending the request
     */
    async listPositionsRequestOpts(requestParameters: ListPositionsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/positions`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One position per instrument the caller holds or has held (bought, sold or issued), by `instrument_symbol`. A position is worked out from the caller\'s own records when asked: fills, supply issuances and transfers to consumption, in the order they happened, and the balances of the ledger.  - **Quantity** is what the caller holds now: `trading_quantity` (Units in the trading   account, including those reserved by open sell orders) plus `consumption_quantity`   (Units in the consumption account, a part-used Unit counting as one, as   `total_balance` does there). - **Cost** follows FIFO. A buy fill opens a lot at its price times quantity **plus its   fee**; a sell fill closes the oldest lots of the trading account first; a transfer to   consumption moves the oldest trading lots to the consumption side at their cost, and   consumption draws (inference, expiry) use up the oldest of those, at cost, with no gain   or loss. Units issued as a supplier open a lot at **cost 0**, so they count in   `average_cost` and their sale is all gain. Units that arrived with no record of a   price (for example a credit by an operator) also count at cost 0. - **`realized_pnl`** is the sum, over sell fills, of the proceeds (price × quantity   **minus the sell fee**) less the cost of the lots they closed. Fees are therefore in   both: in cost on the buy side, in proceeds on the sell side. `fees_paid` totals them. - **`unrealized_pnl`** = `current_market_value` − `total_cost`, where   `current_market_value` = `quantity` × `last_trade_price` of the instrument\'s market   (consumption Units included, at the same price, though they cannot be resold); both are   null until the market has traded.  USD amounts are decimal strings with 6 decimals; `realized_pnl` and `unrealized_pnl` may be negative. A position is `open` while `quantity` > 0 and `closed` at 0. 
     * List my positions
     */
    async listPositionsRaw(requestParameters: ListPositionsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<PositionList>> {
        const requestOptions = await this.listPositionsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => PositionListFromJSON(jsonValue));
    }

    /**
     * One position per instrument the caller holds or has held (bought, sold or issued), by `instrument_symbol`. A position is worked out from the caller\'s own records when asked: fills, supply issuances and transfers to consumption, in the order they happened, and the balances of the ledger.  - **Quantity** is what the caller holds now: `trading_quantity` (Units in the trading   account, including those reserved by open sell orders) plus `consumption_quantity`   (Units in the consumption account, a part-used Unit counting as one, as   `total_balance` does there). - **Cost** follows FIFO. A buy fill opens a lot at its price times quantity **plus its   fee**; a sell fill closes the oldest lots of the trading account first; a transfer to   consumption moves the oldest trading lots to the consumption side at their cost, and   consumption draws (inference, expiry) use up the oldest of those, at cost, with no gain   or loss. Units issued as a supplier open a lot at **cost 0**, so they count in   `average_cost` and their sale is all gain. Units that arrived with no record of a   price (for example a credit by an operator) also count at cost 0. - **`realized_pnl`** is the sum, over sell fills, of the proceeds (price × quantity   **minus the sell fee**) less the cost of the lots they closed. Fees are therefore in   both: in cost on the buy side, in proceeds on the sell side. `fees_paid` totals them. - **`unrealized_pnl`** = `current_market_value` − `total_cost`, where   `current_market_value` = `quantity` × `last_trade_price` of the instrument\'s market   (consumption Units included, at the same price, though they cannot be resold); both are   null until the market has traded.  USD amounts are decimal strings with 6 decimals; `realized_pnl` and `unrealized_pnl` may be negative. A position is `open` while `quantity` > 0 and `closed` at 0. 
     * List my positions
     */
    async listPositions(requestParameters: ListPositionsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<PositionList> {
        const response = await this.listPositionsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listTradingAccounts without sending the request
     */
    async listTradingAccountsRequestOpts(requestParameters: ListTradingAccountsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['accountId'] != null) {
            queryParameters['account_id'] = requestParameters['accountId'];
        }

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        if (requestParameters['orderBy'] != null) {
            queryParameters['order_by'] = requestParameters['orderBy'];
        }

        if (requestParameters['orderDirection'] != null) {
            queryParameters['order_direction'] = requestParameters['orderDirection'];
        }

        if (requestParameters['next'] != null) {
            queryParameters['next'] = requestParameters['next'];
        }

        if (requestParameters['prev'] != null) {
            queryParameters['prev'] = requestParameters['prev'];
        }

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:read"]);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }
        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-fingerprint"] = await this.configuration.apiKey("x-mkt-fingerprint"); // signingKeyFingerprint authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-signature"] = await this.configuration.apiKey("x-mkt-signature"); // signature authentication
        }

        if (this.configuration && this.configuration.apiKey) {
            headerParameters["x-mkt-timestamp"] = await this.configuration.apiKey("x-mkt-timestamp"); // signatureTimestamp authentication
        }


        let urlPath = `/v1/trading-accounts`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s trading accounts, one per instrument held: Units that can be sold or transferred to consumption. `locked_balance` is reserved by open sell orders; `available_balance` = `total_balance` − `locked_balance`. The USD balance is listed by `GET /v1/currency-trading-accounts`.
     * List my trading accounts
     */
    async listTradingAccountsRaw(requestParameters: ListTradingAccountsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TradingAccountList>> {
        const requestOptions = await this.listTradingAccountsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TradingAccountListFromJSON(jsonValue));
    }

    /**
     * The caller\'s trading accounts, one per instrument held: Units that can be sold or transferred to consumption. `locked_balance` is reserved by open sell orders; `available_balance` = `total_balance` − `locked_balance`. The USD balance is listed by `GET /v1/currency-trading-accounts`.
     * List my trading accounts
     */
    async listTradingAccounts(requestParameters: ListTradingAccountsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TradingAccountList> {
        const response = await this.listTradingAccountsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}

/**
 * @export
 */
export const ListConsumptionAccountsOrderByEnum = {
    AccountId: 'account_id',
    TotalBalance: 'total_balance',
    CommittedBalance: 'committed_balance',
    UncommittedBalance: 'uncommitted_balance',
    Status: 'status',
    CreatedAt: 'created_at',
    UpdatedAt: 'updated_at',
} as const;
export type ListConsumptionAccountsOrderByEnum = typeof ListConsumptionAccountsOrderByEnum[keyof typeof ListConsumptionAccountsOrderByEnum];
/**
 * @export
 */
export const ListTradingAccountsOrderByEnum = {
    AccountId: 'account_id',
    TotalBalance: 'total_balance',
    AvailableBalance: 'available_balance',
    LockedBalance: 'locked_balance',
    Status: 'status',
    CreatedAt: 'created_at',
    UpdatedAt: 'updated_at',
} as const;
export type ListTradingAccountsOrderByEnum = typeof ListTradingAccountsOrderByEnum[keyof typeof ListTradingAccountsOrderByEnum];
