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
    type CreateTransferRequest,
    CreateTransferRequestFromJSON,
    CreateTransferRequestToJSON,
} from '../models/CreateTransferRequest.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type TransferHistoryList,
    TransferHistoryListFromJSON,
    TransferHistoryListToJSON,
} from '../models/TransferHistoryList.js';
import {
    type TransferList,
    TransferListFromJSON,
    TransferListToJSON,
} from '../models/TransferList.js';
import {
    type TransferResponse,
    TransferResponseFromJSON,
    TransferResponseToJSON,
} from '../models/TransferResponse.js';

export interface CreateConsumptionToTradingTransferRequest {
    /**
     * 
     */
    createTransferRequest: CreateTransferRequest;
}

export interface CreateTransferOperationRequest {
    /**
     * 
     */
    createTransferRequest: CreateTransferRequest;
}

export interface GetTransferRequest {
    /**
     * The transfer's id, `transfer_<uuid>`.
     */
    transferId: string;
}

export interface ListTransferHistoriesRequest {
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * Only transfers into this account (the receiving `account_id`).
     */
    accountId?: string;
    /**
     * Only transfers out of this account.
     */
    senderAccountId?: string;
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

export interface ListTransfersRequest {
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
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
export class TransfersApi extends runtime.BaseAPI {

    /**
     * Creates request options for createConsumptionToTradingTransfer without sending the request
     */
    async createConsumptionToTradingTransferRequestOpts(requestParameters: CreateConsumptionToTradingTransferRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createTransferRequest'] == null) {
            throw new runtime.RequiredError(
                'createTransferRequest',
                'Required parameter "createTransferRequest" was null or undefined when calling createConsumptionToTradingTransfer().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:write"]);

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


        let urlPath = `/v1/transfers/consumption-to-trading`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateTransferRequestToJSON(requestParameters['createTransferRequest']),
        };
    }

    /**
     * Always refused, by design: Units in a consumption account cannot be resold, so they never move back to a trading account. A well-formed request for a known instrument answers `422 consumption_units_not_resellable` and changes nothing; spend the Units on inference before they expire, and next time move only what you will use (`POST /v1/transfers/trading-to-consumption`). The body is checked first, as for the transfer to consumption (`422 validation_error` naming the field, `404` for an unknown instrument).
     * Transfer Units back to trading (refused)
     */
    async createConsumptionToTradingTransferRaw(requestParameters: CreateConsumptionToTradingTransferRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.createConsumptionToTradingTransferRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Always refused, by design: Units in a consumption account cannot be resold, so they never move back to a trading account. A well-formed request for a known instrument answers `422 consumption_units_not_resellable` and changes nothing; spend the Units on inference before they expire, and next time move only what you will use (`POST /v1/transfers/trading-to-consumption`). The body is checked first, as for the transfer to consumption (`422 validation_error` naming the field, `404` for an unknown instrument).
     * Transfer Units back to trading (refused)
     */
    async createConsumptionToTradingTransfer(requestParameters: CreateConsumptionToTradingTransferRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.createConsumptionToTradingTransferRaw(requestParameters, initOverrides);
    }

    /**
     * Creates request options for createTransfer without sending the request
     */
    async createTransferRequestOpts(requestParameters: CreateTransferOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createTransferRequest'] == null) {
            throw new runtime.RequiredError(
                'createTransferRequest',
                'Required parameter "createTransferRequest" was null or undefined when calling createTransfer().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["trade:write"]);

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


        let urlPath = `/v1/transfers/trading-to-consumption`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateTransferRequestToJSON(requestParameters['createTransferRequest']),
        };
    }

    /**
     * Moves `quantity` Units of an instrument from the caller\'s trading account to the caller\'s consumption account of the same instrument (created on first use), where they can be spent on inference and expire 4 hours after arrival. The Units must be available (not reserved by open sell orders), else `422 insufficient_available_balance`. Allowed in both account modes. One-way: there is no route back. Not idempotent — a retry after an unanswered request may transfer twice; check `GET /v1/transfers` first.
     * Transfer Units to consumption
     */
    async createTransferRaw(requestParameters: CreateTransferOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TransferResponse>> {
        const requestOptions = await this.createTransferRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TransferResponseFromJSON(jsonValue));
    }

    /**
     * Moves `quantity` Units of an instrument from the caller\'s trading account to the caller\'s consumption account of the same instrument (created on first use), where they can be spent on inference and expire 4 hours after arrival. The Units must be available (not reserved by open sell orders), else `422 insufficient_available_balance`. Allowed in both account modes. One-way: there is no route back. Not idempotent — a retry after an unanswered request may transfer twice; check `GET /v1/transfers` first.
     * Transfer Units to consumption
     */
    async createTransfer(requestParameters: CreateTransferOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TransferResponse> {
        const response = await this.createTransferRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getTransfer without sending the request
     */
    async getTransferRequestOpts(requestParameters: GetTransferRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['transferId'] == null) {
            throw new runtime.RequiredError(
                'transferId',
                'Required parameter "transferId" was null or undefined when calling getTransfer().'
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


        let urlPath = `/v1/transfers/{transfer_id}`;
        urlPath = urlPath.replace('{transfer_id}', encodeURIComponent(String(requestParameters['transferId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s transfers by `transfer_id` (`transfer_<uuid>`); `404` if unknown.
     * Read one of my transfers
     */
    async getTransferRaw(requestParameters: GetTransferRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TransferResponse>> {
        const requestOptions = await this.getTransferRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TransferResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s transfers by `transfer_id` (`transfer_<uuid>`); `404` if unknown.
     * Read one of my transfers
     */
    async getTransfer(requestParameters: GetTransferRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TransferResponse> {
        const response = await this.getTransferRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listTransferHistories without sending the request
     */
    async listTransferHistoriesRequestOpts(requestParameters: ListTransferHistoriesRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['accountId'] != null) {
            queryParameters['account_id'] = requestParameters['accountId'];
        }

        if (requestParameters['senderAccountId'] != null) {
            queryParameters['sender_account_id'] = requestParameters['senderAccountId'];
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


        let urlPath = `/v1/transfer-histories`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Every movement of the caller\'s Units between their own accounts, newest first, in the shape of the live service\'s transfer history: `sender_account_id` is the account the Units left, `account_id` the one they reached, `transferred_at` when. Today that is each transfer from trading to consumption (`kind` `trading_to_consumption`, asked for or automatic after a buy fill; the same transfers `GET /v1/transfers` lists in its own shape). Other kinds of transfer join this list as they are added, each with its own `kind`.
     * List my transfer history
     */
    async listTransferHistoriesRaw(requestParameters: ListTransferHistoriesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TransferHistoryList>> {
        const requestOptions = await this.listTransferHistoriesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TransferHistoryListFromJSON(jsonValue));
    }

    /**
     * Every movement of the caller\'s Units between their own accounts, newest first, in the shape of the live service\'s transfer history: `sender_account_id` is the account the Units left, `account_id` the one they reached, `transferred_at` when. Today that is each transfer from trading to consumption (`kind` `trading_to_consumption`, asked for or automatic after a buy fill; the same transfers `GET /v1/transfers` lists in its own shape). Other kinds of transfer join this list as they are added, each with its own `kind`.
     * List my transfer history
     */
    async listTransferHistories(requestParameters: ListTransferHistoriesRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TransferHistoryList> {
        const response = await this.listTransferHistoriesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listTransfers without sending the request
     */
    async listTransfersRequestOpts(requestParameters: ListTransfersRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
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


        let urlPath = `/v1/transfers`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s transfers from trading to consumption, newest first, including the automatic ones that followed fills of buy orders with `should_autotransfer` (those carry the `order_id`).
     * List my transfers
     */
    async listTransfersRaw(requestParameters: ListTransfersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TransferList>> {
        const requestOptions = await this.listTransfersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TransferListFromJSON(jsonValue));
    }

    /**
     * The caller\'s transfers from trading to consumption, newest first, including the automatic ones that followed fills of buy orders with `should_autotransfer` (those carry the `order_id`).
     * List my transfers
     */
    async listTransfers(requestParameters: ListTransfersRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TransferList> {
        const response = await this.listTransfersRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
