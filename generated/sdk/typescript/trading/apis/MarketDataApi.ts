// GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
/**
 * mkt trading API
 * The trading API of **mkt**, a real-time spot market for AI inference. Suppliers sell Units of standardised instruments (`text-standard` … `agent-max`) on one central limit order book per instrument; buyers place orders, receive Units in their trading account, and transfer them to a consumption account to run inference on the consumption API. One Unit is `tokens_per_unit` tokens of the instrument (1,000,000 by default); prices are USD per Unit.  ## Authentication  Every operation except `GET /v1/health` takes one of two credentials:  - an **Ed25519 signature** made with a trading signing key (below): the credential of bots and   servers, which need no login and no token refresh; - an **OAuth access token** of the platform API (`Authorization: Bearer mkt_at_…`, from the   device flow at `{platform_url}/v1/oauth/device/code`), as a command line sends it once   logged in. Each operation names the scope its token needs:    | Scope | Opens |   |---|---|   | `trade:read` | every read (`GET`): identity, instruments, markets, market data, orders, trades, accounts, transfers, limits, diagnostics |   | `trade:write` | every change: orders (create, batch, amend, cancel, cancel by market, bulk cancel, batch cancel, the dead-man\'s switch) and transfers |   | `supply:read`, `supply:write` | listing and issuing supply (`/v1/supply-issuances`), endpoints (`/v1/supply/endpoints`) |    A token without the operation\'s scope is refused with `403 insufficient_scope` before   anything is read or changed; `errors.detail` names the missing scope and `errors.context`   lists the needed and the granted ones. An unknown, expired or revoked token is   `401 invalid_token` (refresh it with the refresh token, or log in again).  A consumption API key is never accepted here. A request that carries a signature header is authenticated by its signature alone: an `Authorization` header beside it is ignored, and a bad signature is refused even if the token is good. Everything else works the same with either credential: the same user, limits, Auto Mode rule and answers. Where an answer describes the signing key (`signing_key` of `GET /v1/me`, the first check of `GET /v1/diagnostics`), a token\'s request gets `null` and a description of the token instead.  ## Signing requests  1. Generate an Ed25519 keypair on the client; the private key never leaves it (keep it as base64    of the raw 32-byte seed or the 64-byte secret key, not PEM). 2. Register the public key — base64 of its raw 32 bytes — in the dashboard or with    `POST {platform_url}/v1/signing-keys`. The answer carries the key\'s **fingerprint**: SHA-256    of the raw public key, base64 without padding. 3. For each request build the **signed string** by concatenating, with no separators:    1. the Unix time in whole seconds, as a decimal string;    2. the HTTP method in upper case (`GET`, `POST`, `PUT`, `DELETE`);    3. the request path only, without the query string (for `GET /v1/orders?status=filled`       sign `/v1/orders`), exactly as sent on the request line;    4. the raw request body exactly as sent, byte for byte; the empty string for `GET` and       `DELETE` without a body. Query parameters are never signed. 4. Sign the string with the private key and send three headers:     | Header | Value |    |---|---|    | `x-mkt-signature` | base64 of the 64-byte Ed25519 signature |    | `x-mkt-timestamp` | the same timestamp string that starts the signed string |    | `x-mkt-fingerprint` | the key\'s fingerprint |  The timestamp must lie **within 30 seconds** of server time, in either direction; otherwise the answer is `401` with code `timestamp_out_of_range` and `errors.context` = `{max_drift_seconds, observed_drift_seconds, request_timestamp, server_timestamp}` (`server_time` in the body tells you the server\'s clock). Sign each request, including each retry, with a fresh timestamp. On any `401`, check clock drift first, then the signed string (are you signing the raw body you send, and the path without the query?), then the fingerprint.  ### Each signature of a write is good once  The query string is not signed, and Ed25519 signatures are deterministic: a request captured on its way could otherwise be sent again, even with another query (a `DELETE /v1/orders?side=sell` resent as `DELETE /v1/orders`). So the signature of a `POST`, `PUT`, `PATCH` or `DELETE` is accepted **once**, by every server of the service: its second use inside the 30-second window is `401` with code `signature_replayed`, whatever the first use answered.  - Two identical writes signed in the same second carry the same signature, so the second is   refused. Make them differ: give each order its own `client_order_id`, which also makes a retry   after a lost answer safe (the retry, signed afresh, gets `422` naming the first order if it   was placed). - Sign every retry with a fresh timestamp; resending the same signed bytes is a replay. - Signed reads (`GET`) are not refused on a second use. They change nothing, so a replay can only   read again, within 30 seconds, what the key may read; and because the query is not signed,   `GET /v1/orders?status=open` and `GET /v1/orders?status=filled` signed in one second carry one   signature, which a client polling several lists at once must be able to send.  ### Worked example  The keypair of RFC 8032 test 1 (never use it for real):  | | | |---|---| | private key (base64 seed) | `nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=` | | public key (base64) | `11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=` | | fingerprint | `If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk` |  Placing an order at 2026-11-22T10:15:30Z (Unix `1795342530`) with the body `{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"}` signs the string  ``` 1795342530POST/v1/orders{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"} ```  and sends  ``` POST /v1/orders HTTP/1.1 Content-Type: application/json x-mkt-timestamp: 1795342530 x-mkt-fingerprint: If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk x-mkt-signature: zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ== ```  `GET /v1/orders?status=open` at the same second signs `1795342530GET/v1/orders` and sends `x-mkt-signature: N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==`.  ## Conventions  - **Envelopes.** One object is `{data: …}`; a list is `{data: […], paging: {has_more,   next_cursor, prev_cursor}}`. Errors are `{errors: {code, detail, message, server_time,   context?}}`: branch on `code`, show `detail` to people (`message` is the same text). - **Paging.** `limit` (default 50, at most 100), `next` = a previous `next_cursor`, `prev` = a   previous `prev_cursor`; `next` and `prev` are mutually exclusive. Cursors are opaque and   belong to the sort they were issued for. - **Numbers.** Prices (USD per Unit, at most 4 decimals) and USD amounts (at most 6 decimals)   are decimal strings, never JSON numbers. Quantities of Units are integers. - **Ids** are opaque; use them exactly as returned. Never derive a market or instrument id from   a symbol. Shapes: `instrument-<uuid>`, `market_<uuid>`, `order_<16 A-Z0-9>`, `trade_<uuid>`,   `user_<uuid>`, `trading_account_<hex>`, `consumption_account_<hex>`, `transfer_<uuid>`,   `supply_issuance_<uuid>`. An unknown or malformed id in a path answers `404`. - **Instrument symbols.** Wherever an instrument id is accepted (an `instrument_id` path or   query parameter, or an `instrument_id` body field), the instrument\'s symbol in any letter   case is accepted too (`TEXT-STANDARD`, `text-standard`), as is a model alias of   `GET /v1/models` (`mistral-latest`). A symbol that names no instrument answers `404`   in a path and `422` naming the parameter in a query or body. - **Time.** ISO 8601 UTC; trades carry microseconds. Time filters accept ISO 8601 or Unix   seconds. - **Unknown query parameters** are refused with `422 validation_error`. - **Filter spellings of the live service.** Every list also accepts the query spellings of   Phoenix Flop, which the live service\'s CLI sends:   `flop[filters][i][field]`, `flop[filters][i][op]`, `flop[filters][i][value]` (or   `filters[i][…]`) filter on the list\'s query parameter named `field`: `op` `==` (the default)   sets it; `>=` and `<=` set its `_min`/`_from` and `_max`/`_to` parameter where the list has   one. `order_by[]` and `order_directions[]` are `order_by` and `order_direction` (one sort   key), and `page_size` is `limit`. So   `GET /v1/orders?flop[filters][0][field]=status&flop[filters][0][value]=open&page_size=20`   is `GET /v1/orders?status=open&limit=20`. A field that is not a parameter of the list, or   another `op`, answers `422` naming it; two spellings of one parameter with different values   (`status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled`) answer `422`   naming both. - **Quantities as digits.** The `quantity` of an order (`POST /v1/orders`, its batch and   `PUT /v1/orders/{order_id}`) may also be sent as a string of decimal digits (`\"5\"`), as the   live service\'s CLI sends it; `\"1.5\"`, `\"-1\"`, `\"1e3\"`, `\"\"` or a leading zero answer `422`   naming `quantity`. - **Auto Mode.** In Auto Mode (the default for new accounts) the service buys capacity for you:   order create, amend and cancel answer `403 auto_mode_trading_restricted`; every read,   transfers and supply issuance still work. Switch to Advanced Mode with   `POST {platform_url}/v1/self/system-settings/account-mode`. - **Rate limits.** Order creation is limited per user and market (read the effective values   with `GET /v1/account/limits`); `201` answers carry `x-ratelimit-limit` (the bucket\'s   capacity) and `x-ratelimit-remaining` (what it still holds), a `429` carries `Retry-After`. Bulk cancellation has its own,   separate throttle. - **Retries.** Retry `429`, `500` and `503` with exponential backoff and jitter from 1 second;   never retry `400`, `401`, `404`, `409` or `422` unchanged. Use `client_order_id` to make   order submission retries idempotent. - Every response carries `x-request-id`; quote it to support. Every response also carries   `server-timing` (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…` in   milliseconds spent authenticating, in the operation, and in all up to the response\'s   headers. 
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
    type MarketStatsResponse,
    MarketStatsResponseFromJSON,
    MarketStatsResponseToJSON,
} from '../models/MarketStatsResponse.js';
import {
    type MarketTradeList,
    MarketTradeListFromJSON,
    MarketTradeListToJSON,
} from '../models/MarketTradeList.js';
import {
    type OrderBookResponse,
    OrderBookResponseFromJSON,
    OrderBookResponseToJSON,
} from '../models/OrderBookResponse.js';
import {
    type OrderDirection,
    OrderDirectionFromJSON,
    OrderDirectionToJSON,
} from '../models/OrderDirection.js';
import {
    type OrderSide,
    OrderSideFromJSON,
    OrderSideToJSON,
} from '../models/OrderSide.js';
import {
    type PriceHistoryList,
    PriceHistoryListFromJSON,
    PriceHistoryListToJSON,
} from '../models/PriceHistoryList.js';
import {
    type PriceHistoryResolution,
    PriceHistoryResolutionFromJSON,
    PriceHistoryResolutionToJSON,
} from '../models/PriceHistoryResolution.js';
import {
    type PublicScorecardList,
    PublicScorecardListFromJSON,
    PublicScorecardListToJSON,
} from '../models/PublicScorecardList.js';
import {
    type TickerResponse,
    TickerResponseFromJSON,
    TickerResponseToJSON,
} from '../models/TickerResponse.js';
import {
    type TradeStatus,
    TradeStatusFromJSON,
    TradeStatusToJSON,
} from '../models/TradeStatus.js';

export interface GetMarketOrderBookRequest {
    /**
     * The market's id, `market_<uuid>`.
     */
    marketId: string;
    /**
     * Price levels per side.
     */
    limit?: number;
    /**
     * The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.
     */
    depth?: number;
}

export interface GetMarketStatsRequest {
    /**
     * The market's id, `market_<uuid>`.
     */
    marketId: string;
}

export interface GetMarketTickerRequest {
    /**
     * The market's id, `market_<uuid>`.
     */
    marketId: string;
}

export interface ListInstrumentScorecardsRequest {
    /**
     * The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument.
     */
    instrumentId: string;
}

export interface ListMarketTradesRequest {
    /**
     * The market's id, `market_<uuid>`.
     */
    marketId: string;
    /**
     * Only trades in this status.
     */
    status?: TradeStatus;
    /**
     * Only trades whose taker (incoming order) was on this side.
     */
    takerSide?: OrderSide;
    /**
     * Only trades of at least this many Units.
     */
    quantityMin?: number;
    /**
     * Only trades of at most this many Units.
     */
    quantityMax?: number;
    /**
     * Only trades at or above this price (decimal string).
     */
    priceMin?: string;
    /**
     * Only trades at or below this price (decimal string).
     */
    priceMax?: string;
    /**
     * Only trades executed at or after this time (ISO 8601 or Unix seconds).
     */
    executedFrom?: string;
    /**
     * Only trades executed before this time (ISO 8601 or Unix seconds).
     */
    executedTo?: string;
    /**
     * Sort key; ties are broken by `trade_id`.
     */
    orderBy?: ListMarketTradesOrderByEnum;
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

export interface ListPriceHistoriesRequest {
    /**
     * The market (`market_<uuid>`); `404` if unknown.
     */
    marketId: string;
    /**
     * Candle width.
     */
    resolution: PriceHistoryResolution;
    /**
     * Start of the range, inclusive (ISO 8601 or Unix seconds).
     */
    from?: string;
    /**
     * End of the range, exclusive (ISO 8601 or Unix seconds).
     */
    to?: string;
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
export class MarketDataApi extends runtime.BaseAPI {

    /**
     * Creates request options for getMarketOrderBook without sending the request
     */
    async getMarketOrderBookRequestOpts(requestParameters: GetMarketOrderBookRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling getMarketOrderBook().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        if (requestParameters['depth'] != null) {
            queryParameters['depth'] = requestParameters['depth'];
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


        let urlPath = `/v1/markets/{market_id}/orderbook`;
        urlPath = urlPath.replace('{market_id}', encodeURIComponent(String(requestParameters['marketId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Aggregated price levels of the resting orders: `buy` from the highest bid down, `sell` from the lowest ask up, at most `limit` levels per side. `total` is the cumulative quantity from the best price to this level inclusive.
     * Read a market\'s order book
     */
    async getMarketOrderBookRaw(requestParameters: GetMarketOrderBookRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OrderBookResponse>> {
        const requestOptions = await this.getMarketOrderBookRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OrderBookResponseFromJSON(jsonValue));
    }

    /**
     * Aggregated price levels of the resting orders: `buy` from the highest bid down, `sell` from the lowest ask up, at most `limit` levels per side. `total` is the cumulative quantity from the best price to this level inclusive.
     * Read a market\'s order book
     */
    async getMarketOrderBook(requestParameters: GetMarketOrderBookRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OrderBookResponse> {
        const response = await this.getMarketOrderBookRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getMarketStats without sending the request
     */
    async getMarketStatsRequestOpts(requestParameters: GetMarketStatsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling getMarketStats().'
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


        let urlPath = `/v1/markets/{market_id}/stats`;
        urlPath = urlPath.replace('{market_id}', encodeURIComponent(String(requestParameters['marketId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Last price and the rolling 24-hour open, high, low, change, volume and trade count, as of `as_of`. `open_24h` is the price of the first trade in the window. Price fields are `null` when there was no trade in the window (`last_price`: when the market never traded). `change_pct_24h` is a percentage (`\"2.44\"` = +2.44 %). The same window is also given under the live service\'s names: `open`, `high`, `low` and `close` (the last trade in the window; `null`, like the others, without one), `volume` (Units, = `volume_24h`), `quote_volume` (USD paid for them: Σ price × quantity, `\"0.000000\"` without trades), `num_trades` (= `trade_count_24h`), and the window\'s bounds `period_start` (`as_of` − 24 h) and `period_end` (= `as_of`), both inclusive.
     * Read a market\'s 24-hour statistics
     */
    async getMarketStatsRaw(requestParameters: GetMarketStatsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<MarketStatsResponse>> {
        const requestOptions = await this.getMarketStatsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => MarketStatsResponseFromJSON(jsonValue));
    }

    /**
     * Last price and the rolling 24-hour open, high, low, change, volume and trade count, as of `as_of`. `open_24h` is the price of the first trade in the window. Price fields are `null` when there was no trade in the window (`last_price`: when the market never traded). `change_pct_24h` is a percentage (`\"2.44\"` = +2.44 %). The same window is also given under the live service\'s names: `open`, `high`, `low` and `close` (the last trade in the window; `null`, like the others, without one), `volume` (Units, = `volume_24h`), `quote_volume` (USD paid for them: Σ price × quantity, `\"0.000000\"` without trades), `num_trades` (= `trade_count_24h`), and the window\'s bounds `period_start` (`as_of` − 24 h) and `period_end` (= `as_of`), both inclusive.
     * Read a market\'s 24-hour statistics
     */
    async getMarketStats(requestParameters: GetMarketStatsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<MarketStatsResponse> {
        const response = await this.getMarketStatsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getMarketTicker without sending the request
     */
    async getMarketTickerRequestOpts(requestParameters: GetMarketTickerRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling getMarketTicker().'
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


        let urlPath = `/v1/markets/{market_id}/ticker`;
        urlPath = urlPath.replace('{market_id}', encodeURIComponent(String(requestParameters['marketId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Best bid and ask, the last trade and the 24-hour volume. Prices are `null` when the side of the book is empty or the market has never traded.
     * Read a market\'s ticker
     */
    async getMarketTickerRaw(requestParameters: GetMarketTickerRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<TickerResponse>> {
        const requestOptions = await this.getMarketTickerRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => TickerResponseFromJSON(jsonValue));
    }

    /**
     * Best bid and ask, the last trade and the 24-hour volume. Prices are `null` when the side of the book is empty or the market has never traded.
     * Read a market\'s ticker
     */
    async getMarketTicker(requestParameters: GetMarketTickerRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<TickerResponse> {
        const response = await this.getMarketTickerRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listInstrumentScorecards without sending the request
     */
    async listInstrumentScorecardsRequestOpts(requestParameters: ListInstrumentScorecardsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['instrumentId'] == null) {
            throw new runtime.RequiredError(
                'instrumentId',
                'Required parameter "instrumentId" was null or undefined when calling listInstrumentScorecards().'
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


        let urlPath = `/v1/instruments/{instrument_id}/scorecards`;
        urlPath = urlPath.replace('{instrument_id}', encodeURIComponent(String(requestParameters['instrumentId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * How every endpoint that is `qualified` or `suspended` for the instrument performs, measured from the receipts of the requests it answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec rate by guarantee, time to first token p50/p95, output rate p50/p5, tool-call errors by kind and failures, with its qualification and last Quality Score. Each endpoint is named by a pseudonym (`sup_` and 12 hex digits, a keyed hash stable for the deployment), never by its id or its supplier. At most the latest 5,000 receipts of an endpoint in the window are read (`capped` says when more were left out). The list is always one page. `404` if neither an id nor a symbol names an instrument.
     * Read the suppliers\' scorecards of an instrument
     */
    async listInstrumentScorecardsRaw(requestParameters: ListInstrumentScorecardsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<PublicScorecardList>> {
        const requestOptions = await this.listInstrumentScorecardsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => PublicScorecardListFromJSON(jsonValue));
    }

    /**
     * How every endpoint that is `qualified` or `suspended` for the instrument performs, measured from the receipts of the requests it answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec rate by guarantee, time to first token p50/p95, output rate p50/p5, tool-call errors by kind and failures, with its qualification and last Quality Score. Each endpoint is named by a pseudonym (`sup_` and 12 hex digits, a keyed hash stable for the deployment), never by its id or its supplier. At most the latest 5,000 receipts of an endpoint in the window are read (`capped` says when more were left out). The list is always one page. `404` if neither an id nor a symbol names an instrument.
     * Read the suppliers\' scorecards of an instrument
     */
    async listInstrumentScorecards(requestParameters: ListInstrumentScorecardsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<PublicScorecardList> {
        const response = await this.listInstrumentScorecardsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listMarketTrades without sending the request
     */
    async listMarketTradesRequestOpts(requestParameters: ListMarketTradesRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling listMarketTrades().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        if (requestParameters['takerSide'] != null) {
            queryParameters['taker_side'] = requestParameters['takerSide'];
        }

        if (requestParameters['quantityMin'] != null) {
            queryParameters['quantity_min'] = requestParameters['quantityMin'];
        }

        if (requestParameters['quantityMax'] != null) {
            queryParameters['quantity_max'] = requestParameters['quantityMax'];
        }

        if (requestParameters['priceMin'] != null) {
            queryParameters['price_min'] = requestParameters['priceMin'];
        }

        if (requestParameters['priceMax'] != null) {
            queryParameters['price_max'] = requestParameters['priceMax'];
        }

        if (requestParameters['executedFrom'] != null) {
            queryParameters['executed_from'] = requestParameters['executedFrom'];
        }

        if (requestParameters['executedTo'] != null) {
            queryParameters['executed_to'] = requestParameters['executedTo'];
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


        let urlPath = `/v1/markets/{market_id}/trades`;
        urlPath = urlPath.replace('{market_id}', encodeURIComponent(String(requestParameters['marketId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Every trade of the market, whoever traded (no fee, order or account fields). `side` is the taker\'s side. Time bounds take ISO 8601 or Unix seconds; `executed_from` is inclusive, `executed_to` exclusive. Default order: oldest first.
     * List a market\'s trades
     */
    async listMarketTradesRaw(requestParameters: ListMarketTradesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<MarketTradeList>> {
        const requestOptions = await this.listMarketTradesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => MarketTradeListFromJSON(jsonValue));
    }

    /**
     * Every trade of the market, whoever traded (no fee, order or account fields). `side` is the taker\'s side. Time bounds take ISO 8601 or Unix seconds; `executed_from` is inclusive, `executed_to` exclusive. Default order: oldest first.
     * List a market\'s trades
     */
    async listMarketTrades(requestParameters: ListMarketTradesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<MarketTradeList> {
        const response = await this.listMarketTradesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listPriceHistories without sending the request
     */
    async listPriceHistoriesRequestOpts(requestParameters: ListPriceHistoriesRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling listPriceHistories().'
            );
        }

        if (requestParameters['resolution'] == null) {
            throw new runtime.RequiredError(
                'resolution',
                'Required parameter "resolution" was null or undefined when calling listPriceHistories().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['resolution'] != null) {
            queryParameters['resolution'] = requestParameters['resolution'];
        }

        if (requestParameters['from'] != null) {
            queryParameters['from'] = requestParameters['from'];
        }

        if (requestParameters['to'] != null) {
            queryParameters['to'] = requestParameters['to'];
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


        let urlPath = `/v1/price-histories`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * OHLCV candles of one market at one resolution, oldest first. `time` is the start of the bucket (UTC, aligned to the resolution; `1w` weeks start on Monday at 00:00 UTC); `from` is inclusive and `to` exclusive, both ISO 8601 or Unix seconds; `from` defaults to the market\'s first trade, `to` to now. Buckets without a trade are omitted. `volume` is in Units. Each candle also carries the live service\'s names: `period_start` (= `time`) and `period_end` (the start of the next bucket, exclusive), `quote_volume` (USD paid in the bucket: Σ price × quantity), `num_trades` (= `trade_count`), and its `market_id` and `resolution`. The order is fixed: the live service\'s `order_by[]=period_start` (or `time`) and `order_directions[]=asc` are accepted and change nothing; another order answers `422`.
     * List candles of a market
     */
    async listPriceHistoriesRaw(requestParameters: ListPriceHistoriesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<PriceHistoryList>> {
        const requestOptions = await this.listPriceHistoriesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => PriceHistoryListFromJSON(jsonValue));
    }

    /**
     * OHLCV candles of one market at one resolution, oldest first. `time` is the start of the bucket (UTC, aligned to the resolution; `1w` weeks start on Monday at 00:00 UTC); `from` is inclusive and `to` exclusive, both ISO 8601 or Unix seconds; `from` defaults to the market\'s first trade, `to` to now. Buckets without a trade are omitted. `volume` is in Units. Each candle also carries the live service\'s names: `period_start` (= `time`) and `period_end` (the start of the next bucket, exclusive), `quote_volume` (USD paid in the bucket: Σ price × quantity), `num_trades` (= `trade_count`), and its `market_id` and `resolution`. The order is fixed: the live service\'s `order_by[]=period_start` (or `time`) and `order_directions[]=asc` are accepted and change nothing; another order answers `422`.
     * List candles of a market
     */
    async listPriceHistories(requestParameters: ListPriceHistoriesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<PriceHistoryList> {
        const response = await this.listPriceHistoriesRaw(requestParameters, initOverrides);
        return await response.value();
    }

}

/**
 * @export
 */
export const ListMarketTradesOrderByEnum = {
    ExecutionTimestamp: 'execution_timestamp',
    Price: 'price',
    Quantity: 'quantity',
} as const;
export type ListMarketTradesOrderByEnum = typeof ListMarketTradesOrderByEnum[keyof typeof ListMarketTradesOrderByEnum];
