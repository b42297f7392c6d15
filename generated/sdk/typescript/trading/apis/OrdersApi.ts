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
    type AccountLimitsResponse,
    AccountLimitsResponseFromJSON,
    AccountLimitsResponseToJSON,
} from '../models/AccountLimitsResponse.js';
import {
    type AmendOrderRequest,
    AmendOrderRequestFromJSON,
    AmendOrderRequestToJSON,
} from '../models/AmendOrderRequest.js';
import {
    type BatchCancelRequest,
    BatchCancelRequestFromJSON,
    BatchCancelRequestToJSON,
} from '../models/BatchCancelRequest.js';
import {
    type BatchCancelResponse,
    BatchCancelResponseFromJSON,
    BatchCancelResponseToJSON,
} from '../models/BatchCancelResponse.js';
import {
    type CancelAllAfterRequest,
    CancelAllAfterRequestFromJSON,
    CancelAllAfterRequestToJSON,
} from '../models/CancelAllAfterRequest.js';
import {
    type CancelledCountResponse,
    CancelledCountResponseFromJSON,
    CancelledCountResponseToJSON,
} from '../models/CancelledCountResponse.js';
import {
    type CreateOrderBatchRequest,
    CreateOrderBatchRequestFromJSON,
    CreateOrderBatchRequestToJSON,
} from '../models/CreateOrderBatchRequest.js';
import {
    type CreateOrderBatchResponse,
    CreateOrderBatchResponseFromJSON,
    CreateOrderBatchResponseToJSON,
} from '../models/CreateOrderBatchResponse.js';
import {
    type CreateOrderRequest,
    CreateOrderRequestFromJSON,
    CreateOrderRequestToJSON,
} from '../models/CreateOrderRequest.js';
import {
    type CreatedOrderResponse,
    CreatedOrderResponseFromJSON,
    CreatedOrderResponseToJSON,
} from '../models/CreatedOrderResponse.js';
import {
    type DeadManSwitchResponse,
    DeadManSwitchResponseFromJSON,
    DeadManSwitchResponseToJSON,
} from '../models/DeadManSwitchResponse.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type OrderCountResponse,
    OrderCountResponseFromJSON,
    OrderCountResponseToJSON,
} from '../models/OrderCountResponse.js';
import {
    type OrderDirection,
    OrderDirectionFromJSON,
    OrderDirectionToJSON,
} from '../models/OrderDirection.js';
import {
    type OrderList,
    OrderListFromJSON,
    OrderListToJSON,
} from '../models/OrderList.js';
import {
    type OrderResponse,
    OrderResponseFromJSON,
    OrderResponseToJSON,
} from '../models/OrderResponse.js';
import {
    type OrderSide,
    OrderSideFromJSON,
    OrderSideToJSON,
} from '../models/OrderSide.js';
import {
    type OrderStatusFilter,
    OrderStatusFilterFromJSON,
    OrderStatusFilterToJSON,
} from '../models/OrderStatusFilter.js';

export interface AmendOrderOperationRequest {
    /**
     * The order's id, `order_` and 16 upper-case letters or digits.
     */
    orderId: string;
    /**
     * 
     */
    amendOrderRequest: AmendOrderRequest;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface BatchCancelOrdersRequest {
    /**
     * 
     */
    batchCancelRequest: BatchCancelRequest;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface CancelAllOrdersAfterRequest {
    /**
     * 
     */
    cancelAllAfterRequest: CancelAllAfterRequest;
}

export interface CancelMarketOrdersRequest {
    /**
     * The market's id, `market_<uuid>`.
     */
    marketId: string;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface CancelOrderRequest {
    /**
     * The order's id, `order_` and 16 upper-case letters or digits.
     */
    orderId: string;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface CancelOrdersRequest {
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * Only orders on this side.
     */
    side?: OrderSide;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface CountOrdersRequest {
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * Only orders on this side.
     */
    side?: OrderSide;
    /**
     * Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
     */
    status?: OrderStatusFilter;
}

export interface CreateOrderOperationRequest {
    /**
     * 
     */
    createOrderRequest: CreateOrderRequest;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface CreateOrderBatchOperationRequest {
    /**
     * 
     */
    createOrderBatchRequest: CreateOrderBatchRequest;
    /**
     * The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, "Markets partitioned across processes"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
     */
    xMktMarket?: string;
}

export interface GetAccountLimitsRequest {
    /**
     * The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`.
     */
    marketId: string;
}

export interface GetOrderRequest {
    /**
     * The order's id, `order_` and 16 upper-case letters or digits.
     */
    orderId: string;
}

export interface ListOrdersRequest {
    /**
     * Only this market (`market_<uuid>`); an unknown id matches nothing.
     */
    marketId?: string;
    /**
     * The caller's `user_id`; any other id matches nothing.
     */
    traderId?: string;
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
    /**
     * Only orders on this side.
     */
    side?: OrderSide;
    /**
     * Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
     */
    status?: OrderStatusFilter;
    /**
     * Only orders submitted at or after this time (ISO 8601 or Unix seconds).
     */
    submittedFrom?: string;
    /**
     * Only orders submitted before this time (ISO 8601 or Unix seconds).
     */
    submittedTo?: string;
    /**
     * Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.
     */
    orderBy?: ListOrdersOrderByEnum;
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
export class OrdersApi extends runtime.BaseAPI {

    /**
     * Creates request options for amendOrder without sending the request
     */
    async amendOrderRequestOpts(requestParameters: AmendOrderOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['orderId'] == null) {
            throw new runtime.RequiredError(
                'orderId',
                'Required parameter "orderId" was null or undefined when calling amendOrder().'
            );
        }

        if (requestParameters['amendOrderRequest'] == null) {
            throw new runtime.RequiredError(
                'amendOrderRequest',
                'Required parameter "amendOrderRequest" was null or undefined when calling amendOrder().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders/{order_id}`;
        urlPath = urlPath.replace('{order_id}', encodeURIComponent(String(requestParameters['orderId'])));

        return {
            path: urlPath,
            method: 'PUT',
            headers: headerParameters,
            query: queryParameters,
            body: AmendOrderRequestToJSON(requestParameters['amendOrderRequest']),
        };
    }

    /**
     * Changes the `price` and/or the `quantity` (the new total quantity, filled part included; it must stay above `filled_quantity`) of an open limit order, and answers the updated order. Lowering the quantity at the same price keeps the order\'s place in the queue; any other change re-queues it as if newly submitted, and a new price may match at once (with the order\'s own `self_trade_prevention`; a `post_only` order that would take is refused with `422 post_only_would_take`). The same body rules, order controls, price collar and balance checks as order creation apply (`422`). A pending stop cannot be amended (`422 validation_error`): cancel it and place another. Needs Advanced Mode (`403`). An order that is no longer open (filled, closed, cancelled, expired, rejected) answers `409 order_not_open`. Amending does not draw on the order-creation rate limit.
     * Amend one of my open orders
     */
    async amendOrderRaw(requestParameters: AmendOrderOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OrderResponse>> {
        const requestOptions = await this.amendOrderRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OrderResponseFromJSON(jsonValue));
    }

    /**
     * Changes the `price` and/or the `quantity` (the new total quantity, filled part included; it must stay above `filled_quantity`) of an open limit order, and answers the updated order. Lowering the quantity at the same price keeps the order\'s place in the queue; any other change re-queues it as if newly submitted, and a new price may match at once (with the order\'s own `self_trade_prevention`; a `post_only` order that would take is refused with `422 post_only_would_take`). The same body rules, order controls, price collar and balance checks as order creation apply (`422`). A pending stop cannot be amended (`422 validation_error`): cancel it and place another. Needs Advanced Mode (`403`). An order that is no longer open (filled, closed, cancelled, expired, rejected) answers `409 order_not_open`. Amending does not draw on the order-creation rate limit.
     * Amend one of my open orders
     */
    async amendOrder(requestParameters: AmendOrderOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OrderResponse> {
        const response = await this.amendOrderRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for batchCancelOrders without sending the request
     */
    async batchCancelOrdersRequestOpts(requestParameters: BatchCancelOrdersRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['batchCancelRequest'] == null) {
            throw new runtime.RequiredError(
                'batchCancelRequest',
                'Required parameter "batchCancelRequest" was null or undefined when calling batchCancelOrders().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders/batch-cancel`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: BatchCancelRequestToJSON(requestParameters['batchCancelRequest']),
        };
    }

    /**
     * Cancels the caller\'s orders named in `order_ids` (1 to 50 distinct ids) and answers one result per id, in the order of the request:  - `cancelled`: the order was open and is now cancelled (`closure_reason:   cancelled_by_user`), its reservation released, exactly as `DELETE /v1/orders/{order_id}`   does; - `not_open`: the order is yours but already ended (filled, closed, cancelled, expired or   rejected); nothing changed; - `not_found`: no order of yours has this id (unknown, or another trader\'s).  The orders of one market are cancelled together, in one commit; orders on several markets take one commit per market. Fills that happened before the cancellation stand. An empty list, more than 50 ids, an id named twice or an id that is not of the form `order_` and 16 upper-case letters or digits answers `422 validation_error` and cancels nothing. Needs Advanced Mode (`403`). It does not draw on the bulk-cancellation throttle of `DELETE /v1/orders`: it names at most 50 orders, each of which could be cancelled on its own without a throttle.
     * Cancel up to 50 of my orders by id
     */
    async batchCancelOrdersRaw(requestParameters: BatchCancelOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<BatchCancelResponse>> {
        const requestOptions = await this.batchCancelOrdersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => BatchCancelResponseFromJSON(jsonValue));
    }

    /**
     * Cancels the caller\'s orders named in `order_ids` (1 to 50 distinct ids) and answers one result per id, in the order of the request:  - `cancelled`: the order was open and is now cancelled (`closure_reason:   cancelled_by_user`), its reservation released, exactly as `DELETE /v1/orders/{order_id}`   does; - `not_open`: the order is yours but already ended (filled, closed, cancelled, expired or   rejected); nothing changed; - `not_found`: no order of yours has this id (unknown, or another trader\'s).  The orders of one market are cancelled together, in one commit; orders on several markets take one commit per market. Fills that happened before the cancellation stand. An empty list, more than 50 ids, an id named twice or an id that is not of the form `order_` and 16 upper-case letters or digits answers `422 validation_error` and cancels nothing. Needs Advanced Mode (`403`). It does not draw on the bulk-cancellation throttle of `DELETE /v1/orders`: it names at most 50 orders, each of which could be cancelled on its own without a throttle.
     * Cancel up to 50 of my orders by id
     */
    async batchCancelOrders(requestParameters: BatchCancelOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<BatchCancelResponse> {
        const response = await this.batchCancelOrdersRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for cancelAllOrdersAfter without sending the request
     */
    async cancelAllOrdersAfterRequestOpts(requestParameters: CancelAllOrdersAfterRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['cancelAllAfterRequest'] == null) {
            throw new runtime.RequiredError(
                'cancelAllAfterRequest',
                'Required parameter "cancelAllAfterRequest" was null or undefined when calling cancelAllOrdersAfter().'
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


        let urlPath = `/v1/orders/cancel-all-after`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CancelAllAfterRequestToJSON(requestParameters['cancelAllAfterRequest']),
        };
    }

    /**
     * A dead-man\'s switch (Kraken\'s `cancel_all_orders_after`): arms a timer of `timeout_seconds` (5 to 86,400). If you do not call again before `trigger_time`, every open order of yours is cancelled (`status: cancelled`, `closure_reason: dead_man_switch`), exactly once and within one second of `trigger_time`, its reservation released and the cancellation pushed on `user.orders`. Call it again while your client is alive, for example every 15 seconds with a 60-second timeout: each call moves `trigger_time` to `timeout_seconds` from now. `timeout_seconds: 0` disarms the switch (`trigger_time: null`).  **Scope.** Without `market_id` the switch covers every market; with one, only that market. You have at most one all-markets switch and one switch per market, and a call arms, re-arms or disarms only the switch of the scope it names: disarming the all-markets switch leaves per-market switches armed, and the other way round.  **Where it runs.** The switch is kept in the database and fired by whichever server process finds it due first, even if the process that armed it has stopped or crashed; it fires once however many processes run. On the embedded SQLite default (one process), a switch that came due while no process was running fires as the next one starts.  **At the deadline.** A call that reaches the server before `trigger_time` re-arms or disarms the switch and nothing is cancelled. Once `trigger_time` has passed, the switch has fired: a later call cannot save the orders; it completes the cancellation first and then arms a new switch (or, with `0`, leaves none). The cancellation covers the orders in scope submitted before `trigger_time` that are open when it reaches their market; an order submitted after `trigger_time` is never touched, and neither is an order placed after the switch fired.  Needs Advanced Mode (`403 auto_mode_trading_restricted`), as every cancellation does; a switch armed before a change to Auto Mode still fires. Arming is not rate-limited, so that a re-arm is never refused for its pace. `timeout_seconds` of 1 to 4, above 86,400, negative or not a whole number answers `422 validation_error` and changes nothing; an unknown `market_id` answers `404`.
     * Arm, re-arm or disarm the dead-man\'s switch
     */
    async cancelAllOrdersAfterRaw(requestParameters: CancelAllOrdersAfterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DeadManSwitchResponse>> {
        const requestOptions = await this.cancelAllOrdersAfterRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => DeadManSwitchResponseFromJSON(jsonValue));
    }

    /**
     * A dead-man\'s switch (Kraken\'s `cancel_all_orders_after`): arms a timer of `timeout_seconds` (5 to 86,400). If you do not call again before `trigger_time`, every open order of yours is cancelled (`status: cancelled`, `closure_reason: dead_man_switch`), exactly once and within one second of `trigger_time`, its reservation released and the cancellation pushed on `user.orders`. Call it again while your client is alive, for example every 15 seconds with a 60-second timeout: each call moves `trigger_time` to `timeout_seconds` from now. `timeout_seconds: 0` disarms the switch (`trigger_time: null`).  **Scope.** Without `market_id` the switch covers every market; with one, only that market. You have at most one all-markets switch and one switch per market, and a call arms, re-arms or disarms only the switch of the scope it names: disarming the all-markets switch leaves per-market switches armed, and the other way round.  **Where it runs.** The switch is kept in the database and fired by whichever server process finds it due first, even if the process that armed it has stopped or crashed; it fires once however many processes run. On the embedded SQLite default (one process), a switch that came due while no process was running fires as the next one starts.  **At the deadline.** A call that reaches the server before `trigger_time` re-arms or disarms the switch and nothing is cancelled. Once `trigger_time` has passed, the switch has fired: a later call cannot save the orders; it completes the cancellation first and then arms a new switch (or, with `0`, leaves none). The cancellation covers the orders in scope submitted before `trigger_time` that are open when it reaches their market; an order submitted after `trigger_time` is never touched, and neither is an order placed after the switch fired.  Needs Advanced Mode (`403 auto_mode_trading_restricted`), as every cancellation does; a switch armed before a change to Auto Mode still fires. Arming is not rate-limited, so that a re-arm is never refused for its pace. `timeout_seconds` of 1 to 4, above 86,400, negative or not a whole number answers `422 validation_error` and changes nothing; an unknown `market_id` answers `404`.
     * Arm, re-arm or disarm the dead-man\'s switch
     */
    async cancelAllOrdersAfter(requestParameters: CancelAllOrdersAfterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DeadManSwitchResponse> {
        const response = await this.cancelAllOrdersAfterRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for cancelMarketOrders without sending the request
     */
    async cancelMarketOrdersRequestOpts(requestParameters: CancelMarketOrdersRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling cancelMarketOrders().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/markets/{market_id}/orders`;
        urlPath = urlPath.replace('{market_id}', encodeURIComponent(String(requestParameters['marketId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Cancels every open order of the caller on this market and answers how many were cancelled (`0` when none). Needs Advanced Mode (`403`). Shares the account-wide bulk cancellation throttle with `DELETE /v1/orders` (`429` with `Retry-After`), which is separate from the order-creation bucket.
     * Cancel my open orders on a market
     */
    async cancelMarketOrdersRaw(requestParameters: CancelMarketOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CancelledCountResponse>> {
        const requestOptions = await this.cancelMarketOrdersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CancelledCountResponseFromJSON(jsonValue));
    }

    /**
     * Cancels every open order of the caller on this market and answers how many were cancelled (`0` when none). Needs Advanced Mode (`403`). Shares the account-wide bulk cancellation throttle with `DELETE /v1/orders` (`429` with `Retry-After`), which is separate from the order-creation bucket.
     * Cancel my open orders on a market
     */
    async cancelMarketOrders(requestParameters: CancelMarketOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CancelledCountResponse> {
        const response = await this.cancelMarketOrdersRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for cancelOrder without sending the request
     */
    async cancelOrderRequestOpts(requestParameters: CancelOrderRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['orderId'] == null) {
            throw new runtime.RequiredError(
                'orderId',
                'Required parameter "orderId" was null or undefined when calling cancelOrder().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders/{order_id}`;
        urlPath = urlPath.replace('{order_id}', encodeURIComponent(String(requestParameters['orderId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Cancels an open order (`active`, `pending`, `partially_filled` or `cancellation_pending`) and releases what it reserved; answers `204` with an empty body. Fills that happened before the cancel stand. An order already cancelled answers `409 order_already_cancelled`, any other terminal order (filled, closed, expired, rejected) `409 order_not_open` — final, do not retry. Needs Advanced Mode (`403`). `404` if unknown or not the caller\'s.
     * Cancel one of my orders
     */
    async cancelOrderRaw(requestParameters: CancelOrderRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.cancelOrderRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Cancels an open order (`active`, `pending`, `partially_filled` or `cancellation_pending`) and releases what it reserved; answers `204` with an empty body. Fills that happened before the cancel stand. An order already cancelled answers `409 order_already_cancelled`, any other terminal order (filled, closed, expired, rejected) `409 order_not_open` — final, do not retry. Needs Advanced Mode (`403`). `404` if unknown or not the caller\'s.
     * Cancel one of my orders
     */
    async cancelOrder(requestParameters: CancelOrderRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.cancelOrderRaw(requestParameters, initOverrides);
    }

    /**
     * Creates request options for cancelOrders without sending the request
     */
    async cancelOrdersRequestOpts(requestParameters: CancelOrdersRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['side'] != null) {
            queryParameters['side'] = requestParameters['side'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders`;

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Cancels every open order of the caller, optionally only on one market and/or one side, and answers how many were cancelled (`0` when none matched). Reservations are released. Needs Advanced Mode. Bulk cancellation has its own account-wide throttle, separate from the order-creation bucket; when exhausted it answers `429` with `Retry-After`.
     * Cancel my open orders
     */
    async cancelOrdersRaw(requestParameters: CancelOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CancelledCountResponse>> {
        const requestOptions = await this.cancelOrdersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CancelledCountResponseFromJSON(jsonValue));
    }

    /**
     * Cancels every open order of the caller, optionally only on one market and/or one side, and answers how many were cancelled (`0` when none matched). Reservations are released. Needs Advanced Mode. Bulk cancellation has its own account-wide throttle, separate from the order-creation bucket; when exhausted it answers `429` with `Retry-After`.
     * Cancel my open orders
     */
    async cancelOrders(requestParameters: CancelOrdersRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CancelledCountResponse> {
        const response = await this.cancelOrdersRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for countOrders without sending the request
     */
    async countOrdersRequestOpts(requestParameters: CountOrdersRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['side'] != null) {
            queryParameters['side'] = requestParameters['side'];
        }

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
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


        let urlPath = `/v1/orders/count`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * How many of the caller\'s orders match the filters; `status` takes the same values as on `GET /v1/orders` (`open` for everything still resting). Without filters, all of the caller\'s orders.
     * Count my orders
     */
    async countOrdersRaw(requestParameters: CountOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OrderCountResponse>> {
        const requestOptions = await this.countOrdersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OrderCountResponseFromJSON(jsonValue));
    }

    /**
     * How many of the caller\'s orders match the filters; `status` takes the same values as on `GET /v1/orders` (`open` for everything still resting). Without filters, all of the caller\'s orders.
     * Count my orders
     */
    async countOrders(requestParameters: CountOrdersRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OrderCountResponse> {
        const response = await this.countOrdersRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for createOrder without sending the request
     */
    async createOrderRequestOpts(requestParameters: CreateOrderOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createOrderRequest'] == null) {
            throw new runtime.RequiredError(
                'createOrderRequest',
                'Required parameter "createOrderRequest" was null or undefined when calling createOrder().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateOrderRequestToJSON(requestParameters['createOrderRequest']),
        };
    }

    /**
     * Submits a limit, market, stop or stop-limit order on one market. Needs Advanced Mode (`403 auto_mode_trading_restricted` in Auto Mode). The answer `201` carries the order id; read the order\'s state with `GET /v1/orders/{order_id}` (an incoming order may already have filled, wholly or partly).  **Body rules** (`422 validation_error` unless stated):  - `side`, `type` and `time_in_force` are case-insensitive and stored in lower case. - `price` is a decimal string — a JSON number is refused — positive, at least `0.0001`,   at most 4 decimal places. Required for `limit` and `stop_limit`, must be omitted for   `stop`. On a `market` order it is optional: its **protection price**, the worst price it   may fill at (a buy takes asks up to it, a sell bids down to it; what remains is closed   with `no_liquidity`). It must be on the tick grid but is not held to the collar, since it   never rests. The live service\'s CLI sends one with every order. - `stop_price` (same format) is required for `stop` and `stop_limit`, must be omitted   otherwise. - `time_in_force: gtd` requires `expire_time` (ISO 8601, at least 1 second and at most 90   days ahead); `expire_time` with any other time in force is refused. - `post_only` only on a `limit` order that may rest (not with `ioc` or `fok`). - `self_trade_prevention` is one of `expire_taker`, `expire_maker`, `expire_both`,   `decrement`. - `quantity` is a positive whole number of Units. - Unknown fields are refused.  **Order controls** of the market (`GET /v1/markets/{market_id}/controls`), each failing with its own code and `errors.context` = `{price, quantity, client_order_id?, tick_size, lot_size, min_order_size, max_order_size}`: price a multiple of `tick_size` (`tick_size_violation`); quantity a multiple of `lot_size` (`lot_size_violation`), at least `min_order_size` (`quantity_below_min_order_size`), at most `max_order_size`, 10,000 by default (`quantity_above_max_order_size`); price × quantity at most 1,000,000,000 USD (`notional_above_max`, so every amount stays exact in the ledger). Once the market has traded, a limit price outside the reference-price band is `price_collar_violation`, with the band in `errors.context`.  **Funds.** A buy reserves price × quantity plus fee in USD (a `stop` buy: quantity × stop price plus fee, which is also the most it spends once triggered), a sell reserves the Units, in the caller\'s available balance; otherwise `insufficient_available_balance`. A market order when the caller has no USD (buy) or no Units (sell) at all is `insufficient_inventory_or_funds`. Orders on a `suspended` or `closed` market are `market_not_open`.  **Execution.** Price-time priority; fills happen at the resting order\'s price. `gtc` rests until filled or cancelled; `day` expires at 00:00 UTC; `ioc` fills what it can at once and closes the rest; `fok` fills completely at once or closes without a fill. Market orders never rest: they sweep the book and the remainder closes (`closure_reason: no_liquidity`); `fok` makes them all-or-nothing. `gtd` expires at its `expire_time` (`expired`, within a second, whether or not anything else happens on the market).  **Self-trade prevention.** An order that would match the caller\'s own resting order follows its `self_trade_prevention` (or the account default, `expire_taker` unless set on the platform API): `expire_taker` closes the incoming remainder, `expire_maker` cancels the resting order and goes on, `expire_both` does both, `decrement` reduces both by the overlap with no trade and no fee (see `SelfTradePrevention`). A `fok` order stays all-or-nothing: it counts the caller\'s own orders as liquidity under none of the modes (under `expire_maker` it looks past them, as it would cancel them), and closes untouched when it cannot fill whole.  **Post-only.** `post_only: true` refuses the order with `422 post_only_would_take`, changing nothing, if it would take liquidity on arrival (the caller\'s own orders count).  **Stops.** A `stop` or `stop_limit` order is accepted `pending`: it is not on the book and not in the order book views, and holds its funds or Units. A buy stop triggers when a trade happens at or above its `stop_price`, a sell stop at or below; it then runs as a market order (`stop`) or as a limit order at its `price` (`stop_limit`, checked against the price collar at placement), in the same transaction as the trade that triggered it, so that trade\'s order already finds it triggered. Stops triggered by one trade run buys first, the lowest stop price first (sells: the highest), then the oldest; their own trades may trigger more, which run after them. A stop whose condition the last trade already meets is refused with `422 stop_would_trigger`. Cancel a pending stop like any open order; it cannot be amended.  A buy with `should_autotransfer` moves its fills into the consumption account (always so in Auto Mode, never for sells).  **Idempotency.** `client_order_id` is unique per account: a second order with the same value answers `422 duplicate_client_order_id` (detail `client_order_id already exists`, `errors.context.order_id` = the existing order). Send a deterministic value and retry freely.  **Rate limit.** Submissions (not fills) per user and market draw on a token bucket shared by every order-creation route; read its size with `GET /v1/account/limits`. `201` answers carry `x-ratelimit-limit` (the bucket\'s capacity, `burst_capacity`) and `x-ratelimit-remaining` (what it still holds); an empty bucket answers `429` with `Retry-After`. Pace each user-market pair independently.
     * Place an order
     */
    async createOrderRaw(requestParameters: CreateOrderOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CreatedOrderResponse>> {
        const requestOptions = await this.createOrderRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CreatedOrderResponseFromJSON(jsonValue));
    }

    /**
     * Submits a limit, market, stop or stop-limit order on one market. Needs Advanced Mode (`403 auto_mode_trading_restricted` in Auto Mode). The answer `201` carries the order id; read the order\'s state with `GET /v1/orders/{order_id}` (an incoming order may already have filled, wholly or partly).  **Body rules** (`422 validation_error` unless stated):  - `side`, `type` and `time_in_force` are case-insensitive and stored in lower case. - `price` is a decimal string — a JSON number is refused — positive, at least `0.0001`,   at most 4 decimal places. Required for `limit` and `stop_limit`, must be omitted for   `stop`. On a `market` order it is optional: its **protection price**, the worst price it   may fill at (a buy takes asks up to it, a sell bids down to it; what remains is closed   with `no_liquidity`). It must be on the tick grid but is not held to the collar, since it   never rests. The live service\'s CLI sends one with every order. - `stop_price` (same format) is required for `stop` and `stop_limit`, must be omitted   otherwise. - `time_in_force: gtd` requires `expire_time` (ISO 8601, at least 1 second and at most 90   days ahead); `expire_time` with any other time in force is refused. - `post_only` only on a `limit` order that may rest (not with `ioc` or `fok`). - `self_trade_prevention` is one of `expire_taker`, `expire_maker`, `expire_both`,   `decrement`. - `quantity` is a positive whole number of Units. - Unknown fields are refused.  **Order controls** of the market (`GET /v1/markets/{market_id}/controls`), each failing with its own code and `errors.context` = `{price, quantity, client_order_id?, tick_size, lot_size, min_order_size, max_order_size}`: price a multiple of `tick_size` (`tick_size_violation`); quantity a multiple of `lot_size` (`lot_size_violation`), at least `min_order_size` (`quantity_below_min_order_size`), at most `max_order_size`, 10,000 by default (`quantity_above_max_order_size`); price × quantity at most 1,000,000,000 USD (`notional_above_max`, so every amount stays exact in the ledger). Once the market has traded, a limit price outside the reference-price band is `price_collar_violation`, with the band in `errors.context`.  **Funds.** A buy reserves price × quantity plus fee in USD (a `stop` buy: quantity × stop price plus fee, which is also the most it spends once triggered), a sell reserves the Units, in the caller\'s available balance; otherwise `insufficient_available_balance`. A market order when the caller has no USD (buy) or no Units (sell) at all is `insufficient_inventory_or_funds`. Orders on a `suspended` or `closed` market are `market_not_open`.  **Execution.** Price-time priority; fills happen at the resting order\'s price. `gtc` rests until filled or cancelled; `day` expires at 00:00 UTC; `ioc` fills what it can at once and closes the rest; `fok` fills completely at once or closes without a fill. Market orders never rest: they sweep the book and the remainder closes (`closure_reason: no_liquidity`); `fok` makes them all-or-nothing. `gtd` expires at its `expire_time` (`expired`, within a second, whether or not anything else happens on the market).  **Self-trade prevention.** An order that would match the caller\'s own resting order follows its `self_trade_prevention` (or the account default, `expire_taker` unless set on the platform API): `expire_taker` closes the incoming remainder, `expire_maker` cancels the resting order and goes on, `expire_both` does both, `decrement` reduces both by the overlap with no trade and no fee (see `SelfTradePrevention`). A `fok` order stays all-or-nothing: it counts the caller\'s own orders as liquidity under none of the modes (under `expire_maker` it looks past them, as it would cancel them), and closes untouched when it cannot fill whole.  **Post-only.** `post_only: true` refuses the order with `422 post_only_would_take`, changing nothing, if it would take liquidity on arrival (the caller\'s own orders count).  **Stops.** A `stop` or `stop_limit` order is accepted `pending`: it is not on the book and not in the order book views, and holds its funds or Units. A buy stop triggers when a trade happens at or above its `stop_price`, a sell stop at or below; it then runs as a market order (`stop`) or as a limit order at its `price` (`stop_limit`, checked against the price collar at placement), in the same transaction as the trade that triggered it, so that trade\'s order already finds it triggered. Stops triggered by one trade run buys first, the lowest stop price first (sells: the highest), then the oldest; their own trades may trigger more, which run after them. A stop whose condition the last trade already meets is refused with `422 stop_would_trigger`. Cancel a pending stop like any open order; it cannot be amended.  A buy with `should_autotransfer` moves its fills into the consumption account (always so in Auto Mode, never for sells).  **Idempotency.** `client_order_id` is unique per account: a second order with the same value answers `422 duplicate_client_order_id` (detail `client_order_id already exists`, `errors.context.order_id` = the existing order). Send a deterministic value and retry freely.  **Rate limit.** Submissions (not fills) per user and market draw on a token bucket shared by every order-creation route; read its size with `GET /v1/account/limits`. `201` answers carry `x-ratelimit-limit` (the bucket\'s capacity, `burst_capacity`) and `x-ratelimit-remaining` (what it still holds); an empty bucket answers `429` with `Retry-After`. Pace each user-market pair independently.
     * Place an order
     */
    async createOrder(requestParameters: CreateOrderOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CreatedOrderResponse> {
        const response = await this.createOrderRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for createOrderBatch without sending the request
     */
    async createOrderBatchRequestOpts(requestParameters: CreateOrderBatchOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createOrderBatchRequest'] == null) {
            throw new runtime.RequiredError(
                'createOrderBatchRequest',
                'Required parameter "createOrderBatchRequest" was null or undefined when calling createOrderBatch().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['xMktMarket'] != null) {
            headerParameters['x-mkt-market'] = String(requestParameters['xMktMarket']);
        }

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


        let urlPath = `/v1/orders/batch`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateOrderBatchRequestToJSON(requestParameters['createOrderBatchRequest']),
        };
    }

    /**
     * Places 1 to 20 orders (each a `POST /v1/orders` body, on one market or several), signed once and committed together in one transaction: they match one after the other in the order given, and none is visible before all are.  **Validated as a whole.** If any order breaks a body rule or an order control that needs no market state (the rules and controls of `POST /v1/orders`: fields, `price`/`stop_price`/ `expire_time`/`post_only` combinations, tick, lot, size, value, an unknown or closed market), or two orders share a `client_order_id`, the answer is that order\'s error with `errors.context.index` (0-based, the first bad order) and **no order is placed**. An empty batch or one of more than 20 orders is `422 validation_error`.  **Funded per order.** Everything that depends on the book or the balances at the moment of matching is decided per order, in request order, each seeing the effect of those before it: funds (`insufficient_available_balance`), the price collar, a `client_order_id` already used, `stop_would_trigger`, `post_only_would_take`. The answer is `201` with one entry per order, in request order: `{index, order}` (the order as `GET /v1/orders/{order_id}` shows it right after the commit) or `{index, errors}` (the error that order alone would have had).  **Rate limit.** Each order draws one token from the per-user-and-market bucket shared by every order-creation route, taken per market all at once before anything is placed: if a market\'s bucket holds fewer tokens than the batch has orders there, the whole batch answers `429` with `Retry-After` and nothing is placed (tokens already taken from the batch\'s other markets stay spent). `x-ratelimit-remaining` is the smallest remainder of the batch\'s markets.
     * Place up to 20 orders at once
     */
    async createOrderBatchRaw(requestParameters: CreateOrderBatchOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CreateOrderBatchResponse>> {
        const requestOptions = await this.createOrderBatchRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => CreateOrderBatchResponseFromJSON(jsonValue));
    }

    /**
     * Places 1 to 20 orders (each a `POST /v1/orders` body, on one market or several), signed once and committed together in one transaction: they match one after the other in the order given, and none is visible before all are.  **Validated as a whole.** If any order breaks a body rule or an order control that needs no market state (the rules and controls of `POST /v1/orders`: fields, `price`/`stop_price`/ `expire_time`/`post_only` combinations, tick, lot, size, value, an unknown or closed market), or two orders share a `client_order_id`, the answer is that order\'s error with `errors.context.index` (0-based, the first bad order) and **no order is placed**. An empty batch or one of more than 20 orders is `422 validation_error`.  **Funded per order.** Everything that depends on the book or the balances at the moment of matching is decided per order, in request order, each seeing the effect of those before it: funds (`insufficient_available_balance`), the price collar, a `client_order_id` already used, `stop_would_trigger`, `post_only_would_take`. The answer is `201` with one entry per order, in request order: `{index, order}` (the order as `GET /v1/orders/{order_id}` shows it right after the commit) or `{index, errors}` (the error that order alone would have had).  **Rate limit.** Each order draws one token from the per-user-and-market bucket shared by every order-creation route, taken per market all at once before anything is placed: if a market\'s bucket holds fewer tokens than the batch has orders there, the whole batch answers `429` with `Retry-After` and nothing is placed (tokens already taken from the batch\'s other markets stay spent). `x-ratelimit-remaining` is the smallest remainder of the batch\'s markets.
     * Place up to 20 orders at once
     */
    async createOrderBatch(requestParameters: CreateOrderBatchOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<CreateOrderBatchResponse> {
        const response = await this.createOrderBatchRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getAccountLimits without sending the request
     */
    async getAccountLimitsRequestOpts(requestParameters: GetAccountLimitsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['marketId'] == null) {
            throw new runtime.RequiredError(
                'marketId',
                'Required parameter "marketId" was null or undefined when calling getAccountLimits().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
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


        let urlPath = `/v1/account/limits`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The effective order-submission rate limit of the caller on one market: a token bucket per user and market that refills at `max_orders_per_second` up to `burst_capacity` (unused capacity never accumulates beyond it); `max_orders_per_minute` is derived from the rate. Every order-creation route draws on it; fills do not. `response_headers` names the headers that report it. `market_id` is required and must be an exact id from the markets list (`422` if missing, `404` if unknown).
     * Read my order-submission limits on a market
     */
    async getAccountLimitsRaw(requestParameters: GetAccountLimitsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<AccountLimitsResponse>> {
        const requestOptions = await this.getAccountLimitsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => AccountLimitsResponseFromJSON(jsonValue));
    }

    /**
     * The effective order-submission rate limit of the caller on one market: a token bucket per user and market that refills at `max_orders_per_second` up to `burst_capacity` (unused capacity never accumulates beyond it); `max_orders_per_minute` is derived from the rate. Every order-creation route draws on it; fills do not. `response_headers` names the headers that report it. `market_id` is required and must be an exact id from the markets list (`422` if missing, `404` if unknown).
     * Read my order-submission limits on a market
     */
    async getAccountLimits(requestParameters: GetAccountLimitsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<AccountLimitsResponse> {
        const response = await this.getAccountLimitsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getOrder without sending the request
     */
    async getOrderRequestOpts(requestParameters: GetOrderRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['orderId'] == null) {
            throw new runtime.RequiredError(
                'orderId',
                'Required parameter "orderId" was null or undefined when calling getOrder().'
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


        let urlPath = `/v1/orders/{order_id}`;
        urlPath = urlPath.replace('{order_id}', encodeURIComponent(String(requestParameters['orderId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s orders by `order_id`; `404` if unknown or not the caller\'s.
     * Read one of my orders
     */
    async getOrderRaw(requestParameters: GetOrderRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OrderResponse>> {
        const requestOptions = await this.getOrderRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OrderResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s orders by `order_id`; `404` if unknown or not the caller\'s.
     * Read one of my orders
     */
    async getOrder(requestParameters: GetOrderRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OrderResponse> {
        const response = await this.getOrderRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listOrders without sending the request
     */
    async listOrdersRequestOpts(requestParameters: ListOrdersRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['marketId'] != null) {
            queryParameters['market_id'] = requestParameters['marketId'];
        }

        if (requestParameters['traderId'] != null) {
            queryParameters['trader_id'] = requestParameters['traderId'];
        }

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        if (requestParameters['side'] != null) {
            queryParameters['side'] = requestParameters['side'];
        }

        if (requestParameters['status'] != null) {
            queryParameters['status'] = requestParameters['status'];
        }

        if (requestParameters['submittedFrom'] != null) {
            queryParameters['submitted_from'] = requestParameters['submittedFrom'];
        }

        if (requestParameters['submittedTo'] != null) {
            queryParameters['submitted_to'] = requestParameters['submittedTo'];
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


        let urlPath = `/v1/orders`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s orders (never anyone else\'s). Status filter values:  | `status` | Matches | |---|---| | `open` | the resting states `active`, `pending`, `partially_filled`, `cancellation_pending` | | `active`, `pending`, `partially_filled`, `cancellation_pending` | that state | | `filled` | filled orders | | `closed`, `cancelled`, `expired`, `rejected` | that terminal state |  Any other value answers `422`. `trader_id` is accepted for compatibility: only the caller\'s own id can match. Time bounds take ISO 8601 or Unix seconds (`submitted_from` inclusive, `submitted_to` exclusive). Default order: oldest first. May answer `429` when polled too fast.
     * List my orders
     */
    async listOrdersRaw(requestParameters: ListOrdersRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<OrderList>> {
        const requestOptions = await this.listOrdersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => OrderListFromJSON(jsonValue));
    }

    /**
     * The caller\'s orders (never anyone else\'s). Status filter values:  | `status` | Matches | |---|---| | `open` | the resting states `active`, `pending`, `partially_filled`, `cancellation_pending` | | `active`, `pending`, `partially_filled`, `cancellation_pending` | that state | | `filled` | filled orders | | `closed`, `cancelled`, `expired`, `rejected` | that terminal state |  Any other value answers `422`. `trader_id` is accepted for compatibility: only the caller\'s own id can match. Time bounds take ISO 8601 or Unix seconds (`submitted_from` inclusive, `submitted_to` exclusive). Default order: oldest first. May answer `429` when polled too fast.
     * List my orders
     */
    async listOrders(requestParameters: ListOrdersRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<OrderList> {
        const response = await this.listOrdersRaw(requestParameters, initOverrides);
        return await response.value();
    }

}

/**
 * @export
 */
export const ListOrdersOrderByEnum = {
    SubmittedAt: 'submitted_at',
    Price: 'price',
    Quantity: 'quantity',
    OriginalQuantity: 'original_quantity',
    FilledQuantity: 'filled_quantity',
    Status: 'status',
} as const;
export type ListOrdersOrderByEnum = typeof ListOrdersOrderByEnum[keyof typeof ListOrdersOrderByEnum];
