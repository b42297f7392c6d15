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
    type CreateSupplierEndpointRequest,
    CreateSupplierEndpointRequestFromJSON,
    CreateSupplierEndpointRequestToJSON,
} from '../models/CreateSupplierEndpointRequest.js';
import {
    type CreateSupplyIssuanceRequest,
    CreateSupplyIssuanceRequestFromJSON,
    CreateSupplyIssuanceRequestToJSON,
} from '../models/CreateSupplyIssuanceRequest.js';
import {
    type EarningsPeriod,
    EarningsPeriodFromJSON,
    EarningsPeriodToJSON,
} from '../models/EarningsPeriod.js';
import {
    type ErrorEnvelope,
    ErrorEnvelopeFromJSON,
    ErrorEnvelopeToJSON,
} from '../models/ErrorEnvelope.js';
import {
    type IssuanceAccountList,
    IssuanceAccountListFromJSON,
    IssuanceAccountListToJSON,
} from '../models/IssuanceAccountList.js';
import {
    type IssuanceTransferRequest,
    IssuanceTransferRequestFromJSON,
    IssuanceTransferRequestToJSON,
} from '../models/IssuanceTransferRequest.js';
import {
    type IssuanceTransferResponse,
    IssuanceTransferResponseFromJSON,
    IssuanceTransferResponseToJSON,
} from '../models/IssuanceTransferResponse.js';
import {
    type QualificationRunList,
    QualificationRunListFromJSON,
    QualificationRunListToJSON,
} from '../models/QualificationRunList.js';
import {
    type QualificationRunResponse,
    QualificationRunResponseFromJSON,
    QualificationRunResponseToJSON,
} from '../models/QualificationRunResponse.js';
import {
    type SupplierEndpointList,
    SupplierEndpointListFromJSON,
    SupplierEndpointListToJSON,
} from '../models/SupplierEndpointList.js';
import {
    type SupplierEndpointResponse,
    SupplierEndpointResponseFromJSON,
    SupplierEndpointResponseToJSON,
} from '../models/SupplierEndpointResponse.js';
import {
    type SupplierLiabilityList,
    SupplierLiabilityListFromJSON,
    SupplierLiabilityListToJSON,
} from '../models/SupplierLiabilityList.js';
import {
    type SupplierLiabilityResponse,
    SupplierLiabilityResponseFromJSON,
    SupplierLiabilityResponseToJSON,
} from '../models/SupplierLiabilityResponse.js';
import {
    type SupplierScorecardList,
    SupplierScorecardListFromJSON,
    SupplierScorecardListToJSON,
} from '../models/SupplierScorecardList.js';
import {
    type SupplyEarningsResponse,
    SupplyEarningsResponseFromJSON,
    SupplyEarningsResponseToJSON,
} from '../models/SupplyEarningsResponse.js';
import {
    type SupplyIssuanceList,
    SupplyIssuanceListFromJSON,
    SupplyIssuanceListToJSON,
} from '../models/SupplyIssuanceList.js';
import {
    type SupplyIssuanceResponse,
    SupplyIssuanceResponseFromJSON,
    SupplyIssuanceResponseToJSON,
} from '../models/SupplyIssuanceResponse.js';
import {
    type SupplySummaryResponse,
    SupplySummaryResponseFromJSON,
    SupplySummaryResponseToJSON,
} from '../models/SupplySummaryResponse.js';
import {
    type UpdateSupplierEndpointRequest,
    UpdateSupplierEndpointRequestFromJSON,
    UpdateSupplierEndpointRequestToJSON,
} from '../models/UpdateSupplierEndpointRequest.js';

export interface CreateSupplierEndpointOperationRequest {
    /**
     * 
     */
    createSupplierEndpointRequest: CreateSupplierEndpointRequest;
}

export interface CreateSupplyIssuanceOperationRequest {
    /**
     * 
     */
    createSupplyIssuanceRequest: CreateSupplyIssuanceRequest;
}

export interface DeleteSupplierEndpointRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
}

export interface GetEndpointQualificationRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
    /**
     * The run (`qualification_<uuid>`), also the report id the endpoint's instruments name.
     */
    qualificationId: string;
}

export interface GetSupplierEndpointRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
}

export interface GetSupplierLiabilityRequest {
    /**
     * The instrument (`instrument-<uuid>`).
     */
    instrumentId: string;
}

export interface GetSupplyEarningsRequest {
    /**
     * The length of a period, in UTC.
     */
    period?: EarningsPeriod;
    /**
     * How many periods, counting back from the one that holds now.
     */
    periods?: number;
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
}

export interface ListEndpointQualificationsRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
}

export interface ListSupplierLiabilitiesRequest {
    /**
     * Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
     */
    instrumentId?: string;
}

export interface ListSupplyIssuancesRequest {
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

export interface StartEndpointQualificationRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
}

export interface TransferFromIssuanceAccountRequest {
    /**
     * 
     */
    issuanceTransferRequest: IssuanceTransferRequest;
}

export interface UpdateSupplierEndpointOperationRequest {
    /**
     * The endpoint (`endpoint_<uuid>`).
     */
    endpointId: string;
    /**
     * 
     */
    updateSupplierEndpointRequest: UpdateSupplierEndpointRequest;
}

/**
 * 
 */
export class SupplyApi extends runtime.BaseAPI {

    /**
     * Creates request options for createSupplierEndpoint without sending the request
     */
    async createSupplierEndpointRequestOpts(requestParameters: CreateSupplierEndpointOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createSupplierEndpointRequest'] == null) {
            throw new runtime.RequiredError(
                'createSupplierEndpointRequest',
                'Required parameter "createSupplierEndpointRequest" was null or undefined when calling createSupplierEndpoint().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/supply/endpoints`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateSupplierEndpointRequestToJSON(requestParameters['createSupplierEndpointRequest']),
        };
    }

    /**
     * Registers an OpenAI-compatible upstream (`base_url` with its `/v1`, and the `model` to ask it for) and the instruments it offers, by id or symbol. Each instrument is `pending` until a qualification run measures the endpoint (`POST /v1/supply/endpoints/{endpoint_id}/qualifications`): the endpoint serves nothing, and Units of the instrument cannot be issued on its strength, before then. `api_key` is sent to the upstream as `Authorization: Bearer`; it is encrypted at rest and never returned. The first endpoint makes the caller a supplier. `422` for a URL that is not http or https, carries credentials, or points at this service itself.
     * Register an endpoint
     */
    async createSupplierEndpointRaw(requestParameters: CreateSupplierEndpointOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierEndpointResponse>> {
        const requestOptions = await this.createSupplierEndpointRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierEndpointResponseFromJSON(jsonValue));
    }

    /**
     * Registers an OpenAI-compatible upstream (`base_url` with its `/v1`, and the `model` to ask it for) and the instruments it offers, by id or symbol. Each instrument is `pending` until a qualification run measures the endpoint (`POST /v1/supply/endpoints/{endpoint_id}/qualifications`): the endpoint serves nothing, and Units of the instrument cannot be issued on its strength, before then. `api_key` is sent to the upstream as `Authorization: Bearer`; it is encrypted at rest and never returned. The first endpoint makes the caller a supplier. `422` for a URL that is not http or https, carries credentials, or points at this service itself.
     * Register an endpoint
     */
    async createSupplierEndpoint(requestParameters: CreateSupplierEndpointOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierEndpointResponse> {
        const response = await this.createSupplierEndpointRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for createSupplyIssuance without sending the request
     */
    async createSupplyIssuanceRequestOpts(requestParameters: CreateSupplyIssuanceOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createSupplyIssuanceRequest'] == null) {
            throw new runtime.RequiredError(
                'createSupplyIssuanceRequest',
                'Required parameter "createSupplyIssuanceRequest" was null or undefined when calling createSupplyIssuance().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/supply-issuances`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: CreateSupplyIssuanceRequestToJSON(requestParameters['createSupplyIssuanceRequest']),
        };
    }

    /**
     * Credits `quantity` new Units of an instrument to the supplier\'s issuance account for that instrument (`issuance_account_id`, opened on first use); `POST /v1/issuance-accounts/transfer` then moves them to the trading account (`trading_account_id`, also opened here), ready to sell with ordinary sell orders; proceeds of sales go to the supplier\'s USD account. On a deployment with `MKT_SUPPLY_ISSUANCE=direct` the Units reach the trading account at once, and the issuance account records them as issued and transferred. Only a supplier with an active endpoint qualified for the instrument may issue it: otherwise `403 supplier_not_qualified`, with `errors.context.report_id` the latest qualification report of the supplier\'s endpoints for the instrument (null before any run). Allowed in both account modes. Not idempotent.
     * Issue Units as a supplier
     */
    async createSupplyIssuanceRaw(requestParameters: CreateSupplyIssuanceOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplyIssuanceResponse>> {
        const requestOptions = await this.createSupplyIssuanceRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplyIssuanceResponseFromJSON(jsonValue));
    }

    /**
     * Credits `quantity` new Units of an instrument to the supplier\'s issuance account for that instrument (`issuance_account_id`, opened on first use); `POST /v1/issuance-accounts/transfer` then moves them to the trading account (`trading_account_id`, also opened here), ready to sell with ordinary sell orders; proceeds of sales go to the supplier\'s USD account. On a deployment with `MKT_SUPPLY_ISSUANCE=direct` the Units reach the trading account at once, and the issuance account records them as issued and transferred. Only a supplier with an active endpoint qualified for the instrument may issue it: otherwise `403 supplier_not_qualified`, with `errors.context.report_id` the latest qualification report of the supplier\'s endpoints for the instrument (null before any run). Allowed in both account modes. Not idempotent.
     * Issue Units as a supplier
     */
    async createSupplyIssuance(requestParameters: CreateSupplyIssuanceOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplyIssuanceResponse> {
        const response = await this.createSupplyIssuanceRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for deleteSupplierEndpoint without sending the request
     */
    async deleteSupplierEndpointRequestOpts(requestParameters: DeleteSupplierEndpointRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling deleteSupplierEndpoint().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Marks the endpoint deleted: it serves nothing more and its upstream key is erased; receipts that name it still find it with `GET`. `404` for an endpoint already deleted.
     * Delete one of my endpoints
     */
    async deleteSupplierEndpointRaw(requestParameters: DeleteSupplierEndpointRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.deleteSupplierEndpointRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Marks the endpoint deleted: it serves nothing more and its upstream key is erased; receipts that name it still find it with `GET`. `404` for an endpoint already deleted.
     * Delete one of my endpoints
     */
    async deleteSupplierEndpoint(requestParameters: DeleteSupplierEndpointRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.deleteSupplierEndpointRaw(requestParameters, initOverrides);
    }

    /**
     * Creates request options for getEndpointQualification without sending the request
     */
    async getEndpointQualificationRequestOpts(requestParameters: GetEndpointQualificationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling getEndpointQualification().'
            );
        }

        if (requestParameters['qualificationId'] == null) {
            throw new runtime.RequiredError(
                'qualificationId',
                'Required parameter "qualificationId" was null or undefined when calling getEndpointQualification().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}/qualifications/{qualification_id}`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));
        urlPath = urlPath.replace('{qualification_id}', encodeURIComponent(String(requestParameters['qualificationId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One run of the endpoint\'s probes with its reports. `404` for a run of another endpoint.
     * Get a qualification run
     */
    async getEndpointQualificationRaw(requestParameters: GetEndpointQualificationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<QualificationRunResponse>> {
        const requestOptions = await this.getEndpointQualificationRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => QualificationRunResponseFromJSON(jsonValue));
    }

    /**
     * One run of the endpoint\'s probes with its reports. `404` for a run of another endpoint.
     * Get a qualification run
     */
    async getEndpointQualification(requestParameters: GetEndpointQualificationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<QualificationRunResponse> {
        const response = await this.getEndpointQualificationRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplierEndpoint without sending the request
     */
    async getSupplierEndpointRequestOpts(requestParameters: GetSupplierEndpointRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling getSupplierEndpoint().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One of the caller\'s endpoints, deleted ones included (receipts name the endpoint that answered). `404` for an id the caller has no endpoint with.
     * Get one of my endpoints
     */
    async getSupplierEndpointRaw(requestParameters: GetSupplierEndpointRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierEndpointResponse>> {
        const requestOptions = await this.getSupplierEndpointRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierEndpointResponseFromJSON(jsonValue));
    }

    /**
     * One of the caller\'s endpoints, deleted ones included (receipts name the endpoint that answered). `404` for an id the caller has no endpoint with.
     * Get one of my endpoints
     */
    async getSupplierEndpoint(requestParameters: GetSupplierEndpointRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierEndpointResponse> {
        const response = await this.getSupplierEndpointRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplierLiability without sending the request
     */
    async getSupplierLiabilityRequestOpts(requestParameters: GetSupplierLiabilityRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['instrumentId'] == null) {
            throw new runtime.RequiredError(
                'instrumentId',
                'Required parameter "instrumentId" was null or undefined when calling getSupplierLiability().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supplier-liability/{instrument_id}`;
        urlPath = urlPath.replace('{instrument_id}', encodeURIComponent(String(requestParameters['instrumentId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s liability for one instrument, defined as in `GET /v1/supplier-liability`; all zeros for an instrument it never issued, sold or served. `404` for an unknown instrument.
     * Get what I owe as a supplier for one instrument
     */
    async getSupplierLiabilityRaw(requestParameters: GetSupplierLiabilityRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierLiabilityResponse>> {
        const requestOptions = await this.getSupplierLiabilityRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierLiabilityResponseFromJSON(jsonValue));
    }

    /**
     * The caller\'s liability for one instrument, defined as in `GET /v1/supplier-liability`; all zeros for an instrument it never issued, sold or served. `404` for an unknown instrument.
     * Get what I owe as a supplier for one instrument
     */
    async getSupplierLiability(requestParameters: GetSupplierLiabilityRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierLiabilityResponse> {
        const response = await this.getSupplierLiabilityRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplyEarnings without sending the request
     */
    async getSupplyEarningsRequestOpts(requestParameters: GetSupplyEarningsRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['period'] != null) {
            queryParameters['period'] = requestParameters['period'];
        }

        if (requestParameters['periods'] != null) {
            queryParameters['periods'] = requestParameters['periods'];
        }

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/earnings`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s books as a supplier, per instrument and per UTC period (`day` from 00:00, `week` from Monday 00:00, `month` from the 1st), the newest period first, read from the ledger\'s journal and the inference receipts, so that they always agree with `mkt admin audit`:  - `units_issued`: Units the caller issued (journal entries `issuance`); - `units_sold`: Units of its sell fills (journal entries `trade`), every sell, resales included; - `tokens_consumed`: tokens buyers drew from consumption lots holding the caller\'s Units (the lots an   automatic transfer credits to the seller of most of a buy), by the settled receipts that drew them; - `tokens_served`, `requests_served`: billed tokens and requests of the inference the caller\'s endpoints   answered (settled receipts), of any buyer; - `gross_proceeds`: USD of its sell fills (price × quantity); `fees_paid`: the fees taken from them;   `net_proceeds = gross_proceeds − fees_paid`, what reached its USD account; - `outstanding_liability`: tokens still owed at `outstanding_at` (the period\'s end, or now for the current   period), as `GET /v1/supplier-liability` defines it over everything up to then: Units issued and sold,   times `tokens_per_unit`, less the tokens served (never below 0). Units that buyers let expire unused stay   outstanding.  Per period the `withdrawals` paid out of the caller\'s USD account (journal entries `withdrawal_paid`). `totals` add the range up per instrument (`outstanding_liability` now) and over all instruments in USD. Instruments are those the caller issued, sold, served or had consumed, by symbol; every period of the range is listed, with zeros where nothing happened. `periods` says how many periods back from the current one (default 7, at most 92).
     * Read my books as a supplier, per instrument and period
     */
    async getSupplyEarningsRaw(requestParameters: GetSupplyEarningsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplyEarningsResponse>> {
        const requestOptions = await this.getSupplyEarningsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplyEarningsResponseFromJSON(jsonValue));
    }

    /**
     * The caller\'s books as a supplier, per instrument and per UTC period (`day` from 00:00, `week` from Monday 00:00, `month` from the 1st), the newest period first, read from the ledger\'s journal and the inference receipts, so that they always agree with `mkt admin audit`:  - `units_issued`: Units the caller issued (journal entries `issuance`); - `units_sold`: Units of its sell fills (journal entries `trade`), every sell, resales included; - `tokens_consumed`: tokens buyers drew from consumption lots holding the caller\'s Units (the lots an   automatic transfer credits to the seller of most of a buy), by the settled receipts that drew them; - `tokens_served`, `requests_served`: billed tokens and requests of the inference the caller\'s endpoints   answered (settled receipts), of any buyer; - `gross_proceeds`: USD of its sell fills (price × quantity); `fees_paid`: the fees taken from them;   `net_proceeds = gross_proceeds − fees_paid`, what reached its USD account; - `outstanding_liability`: tokens still owed at `outstanding_at` (the period\'s end, or now for the current   period), as `GET /v1/supplier-liability` defines it over everything up to then: Units issued and sold,   times `tokens_per_unit`, less the tokens served (never below 0). Units that buyers let expire unused stay   outstanding.  Per period the `withdrawals` paid out of the caller\'s USD account (journal entries `withdrawal_paid`). `totals` add the range up per instrument (`outstanding_liability` now) and over all instruments in USD. Instruments are those the caller issued, sold, served or had consumed, by symbol; every period of the range is listed, with zeros where nothing happened. `periods` says how many periods back from the current one (default 7, at most 92).
     * Read my books as a supplier, per instrument and period
     */
    async getSupplyEarnings(requestParameters: GetSupplyEarningsRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplyEarningsResponse> {
        const response = await this.getSupplyEarningsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplyIssuanceSummary without sending the request
     */
    async getSupplyIssuanceSummaryRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply-issuances/summary`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * One row per instrument the caller has issued: Units issued in all, Units still in the issuance account (`units_available`) and Units moved to trading (`units_transferred_to_trading`), so that `total_issued = units_available + units_transferred_to_trading`. By instrument symbol; empty for a caller who never issued. The numbers are those of `GET /v1/issuance-accounts`, read in the same way.
     * Summarise my issued supply per instrument
     */
    async getSupplyIssuanceSummaryRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplySummaryResponse>> {
        const requestOptions = await this.getSupplyIssuanceSummaryRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplySummaryResponseFromJSON(jsonValue));
    }

    /**
     * One row per instrument the caller has issued: Units issued in all, Units still in the issuance account (`units_available`) and Units moved to trading (`units_transferred_to_trading`), so that `total_issued = units_available + units_transferred_to_trading`. By instrument symbol; empty for a caller who never issued. The numbers are those of `GET /v1/issuance-accounts`, read in the same way.
     * Summarise my issued supply per instrument
     */
    async getSupplyIssuanceSummary(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplySummaryResponse> {
        const response = await this.getSupplyIssuanceSummaryRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplyScorecard without sending the request
     */
    async getSupplyScorecardRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/scorecard`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * A scorecard per endpoint of the caller (not deleted) and instrument it offers, measured from the receipts of the requests the endpoint answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec count and rate by guarantee, time to first token p50/p95 and output rate p50/p5 (from streamed answers that measured them), tool-call errors by kind, failures, the qualification, the last Quality Score and its report. At most the latest 5,000 receipts of an endpoint × instrument in the window are read (`capped` says when more were left out). The list is always one page.
     * Read my endpoints\' scorecards
     */
    async getSupplyScorecardRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierScorecardList>> {
        const requestOptions = await this.getSupplyScorecardRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierScorecardListFromJSON(jsonValue));
    }

    /**
     * A scorecard per endpoint of the caller (not deleted) and instrument it offers, measured from the receipts of the requests the endpoint answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec count and rate by guarantee, time to first token p50/p95 and output rate p50/p5 (from streamed answers that measured them), tool-call errors by kind, failures, the qualification, the last Quality Score and its report. At most the latest 5,000 receipts of an endpoint × instrument in the window are read (`capped` says when more were left out). The list is always one page.
     * Read my endpoints\' scorecards
     */
    async getSupplyScorecard(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierScorecardList> {
        const response = await this.getSupplyScorecardRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listEndpointQualifications without sending the request
     */
    async listEndpointQualificationsRequestOpts(requestParameters: ListEndpointQualificationsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling listEndpointQualifications().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}/qualifications`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The endpoint\'s qualification runs, newest first (the latest 50), each with its reports: one per instrument, with the Quality Score, each probe\'s verdict and each performance guarantee\'s bound and measurement. The list is always one page.
     * List an endpoint\'s qualification runs
     */
    async listEndpointQualificationsRaw(requestParameters: ListEndpointQualificationsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<QualificationRunList>> {
        const requestOptions = await this.listEndpointQualificationsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => QualificationRunListFromJSON(jsonValue));
    }

    /**
     * The endpoint\'s qualification runs, newest first (the latest 50), each with its reports: one per instrument, with the Quality Score, each probe\'s verdict and each performance guarantee\'s bound and measurement. The list is always one page.
     * List an endpoint\'s qualification runs
     */
    async listEndpointQualifications(requestParameters: ListEndpointQualificationsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<QualificationRunList> {
        const response = await this.listEndpointQualificationsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listIssuanceAccounts without sending the request
     */
    async listIssuanceAccountsRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/issuance-accounts`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s issuance accounts, one per instrument it has issued, by instrument symbol. Issued Units wait here until `POST /v1/issuance-accounts/transfer` moves them to the trading account, where they can be sold. `available_balance` (also `total_balance`) is what may be transferred now; it always equals `total_issued − total_transferred`. On a deployment with `MKT_SUPPLY_ISSUANCE=direct` issued Units reach the trading account at once, so both totals grow together and the balance stays `0`. There is at most one account per instrument, so the list is always one page.
     * List my issuance accounts
     */
    async listIssuanceAccountsRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IssuanceAccountList>> {
        const requestOptions = await this.listIssuanceAccountsRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => IssuanceAccountListFromJSON(jsonValue));
    }

    /**
     * The caller\'s issuance accounts, one per instrument it has issued, by instrument symbol. Issued Units wait here until `POST /v1/issuance-accounts/transfer` moves them to the trading account, where they can be sold. `available_balance` (also `total_balance`) is what may be transferred now; it always equals `total_issued − total_transferred`. On a deployment with `MKT_SUPPLY_ISSUANCE=direct` issued Units reach the trading account at once, so both totals grow together and the balance stays `0`. There is at most one account per instrument, so the list is always one page.
     * List my issuance accounts
     */
    async listIssuanceAccounts(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<IssuanceAccountList> {
        const response = await this.listIssuanceAccountsRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listSupplierEndpoints without sending the request
     */
    async listSupplierEndpointsRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply/endpoints`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s endpoints that are not deleted, oldest first: where its inference goes, the instruments each offers and its qualification for each. An endpoint serves an instrument only while `qualified`; a new endpoint, or one whose `base_url`, `model` or key changed, is `pending` until a qualification run measures it. The upstream key is never shown: only whether one is set and, for a key of 16 characters or more, its last 4. The list is always one page.
     * List my endpoints
     */
    async listSupplierEndpointsRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierEndpointList>> {
        const requestOptions = await this.listSupplierEndpointsRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierEndpointListFromJSON(jsonValue));
    }

    /**
     * The caller\'s endpoints that are not deleted, oldest first: where its inference goes, the instruments each offers and its qualification for each. An endpoint serves an instrument only while `qualified`; a new endpoint, or one whose `base_url`, `model` or key changed, is `pending` until a qualification run measures it. The upstream key is never shown: only whether one is set and, for a key of 16 characters or more, its last 4. The list is always one page.
     * List my endpoints
     */
    async listSupplierEndpoints(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierEndpointList> {
        const response = await this.listSupplierEndpointsRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listSupplierLiabilities without sending the request
     */
    async listSupplierLiabilitiesRequestOpts(requestParameters: ListSupplierLiabilitiesRequest): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        if (requestParameters['instrumentId'] != null) {
            queryParameters['instrument_id'] = requestParameters['instrumentId'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supplier-liability`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * A supplier owes inference for the Units it issued and sold. Per instrument, in tokens:  - `units_sold`: the Units of the caller\'s sell fills in the instrument\'s market (every   sell, including resales of Units it bought); `units_issued`: the Units it issued. - `units_liable = min(units_sold, units_issued)`: Units it issued and sold. Units bought   on the market and sold again carry the liability of the supplier that issued them, not   of the reseller. - `total_liability = units_liable × tokens_per_unit` tokens. - `tokens_served`: the tokens billed on inference requests that this supplier answered   (settled usage receipts of requests routed to it, of any buyer; failed and out-of-spec   answers, which are not billed, do not count). - `fulfilled = min(tokens_served, total_liability)` and `outstanding = total_liability −   fulfilled`, so `fulfilled + outstanding = total_liability`.  Routing sends a request to the supplier whose Units the caller consumes when it knows it, else to the best ask, so a supplier may serve more tokens than it sold: `tokens_served` then exceeds `total_liability` and `outstanding` is `0`. Units that buyers let expire unused stay outstanding. Rows are the instruments the caller issued or served, by symbol; empty for a caller that never did either.
     * List what I owe as a supplier, per instrument
     */
    async listSupplierLiabilitiesRaw(requestParameters: ListSupplierLiabilitiesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierLiabilityList>> {
        const requestOptions = await this.listSupplierLiabilitiesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierLiabilityListFromJSON(jsonValue));
    }

    /**
     * A supplier owes inference for the Units it issued and sold. Per instrument, in tokens:  - `units_sold`: the Units of the caller\'s sell fills in the instrument\'s market (every   sell, including resales of Units it bought); `units_issued`: the Units it issued. - `units_liable = min(units_sold, units_issued)`: Units it issued and sold. Units bought   on the market and sold again carry the liability of the supplier that issued them, not   of the reseller. - `total_liability = units_liable × tokens_per_unit` tokens. - `tokens_served`: the tokens billed on inference requests that this supplier answered   (settled usage receipts of requests routed to it, of any buyer; failed and out-of-spec   answers, which are not billed, do not count). - `fulfilled = min(tokens_served, total_liability)` and `outstanding = total_liability −   fulfilled`, so `fulfilled + outstanding = total_liability`.  Routing sends a request to the supplier whose Units the caller consumes when it knows it, else to the best ask, so a supplier may serve more tokens than it sold: `tokens_served` then exceeds `total_liability` and `outstanding` is `0`. Units that buyers let expire unused stay outstanding. Rows are the instruments the caller issued or served, by symbol; empty for a caller that never did either.
     * List what I owe as a supplier, per instrument
     */
    async listSupplierLiabilities(requestParameters: ListSupplierLiabilitiesRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierLiabilityList> {
        const response = await this.listSupplierLiabilitiesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listSupplyIssuances without sending the request
     */
    async listSupplyIssuancesRequestOpts(requestParameters: ListSupplyIssuancesRequest): Promise<runtime.RequestOpts> {
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
            const tokenString = await token("oauthAccessToken", ["supply:read"]);

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


        let urlPath = `/v1/supply-issuances`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s supply issuances, newest first.
     * List my supply issuances
     */
    async listSupplyIssuancesRaw(requestParameters: ListSupplyIssuancesRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplyIssuanceList>> {
        const requestOptions = await this.listSupplyIssuancesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplyIssuanceListFromJSON(jsonValue));
    }

    /**
     * The caller\'s supply issuances, newest first.
     * List my supply issuances
     */
    async listSupplyIssuances(requestParameters: ListSupplyIssuancesRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplyIssuanceList> {
        const response = await this.listSupplyIssuancesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for startEndpointQualification without sending the request
     */
    async startEndpointQualificationRequestOpts(requestParameters: StartEndpointQualificationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling startEndpointQualification().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}/qualifications`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Starts measuring the endpoint for every instrument it offers: probes generated afresh for this run (text, code or agent, as the instrument\'s task type), then its performance guarantees (time to first token, output rate, a prompt near the context window, the maximum output length). Answers `202` at once with the run, `running`; read it back until `completed` or `failed`. A completed run sets each instrument\'s qualification (`qualified` when the Quality Score reaches the instrument\'s `min_performance_benchmark` and every guarantee holds, else `not_qualified`) unless the operator vouched for the endpoint. `409` while another run of the endpoint is measuring it.
     * Start a qualification run
     */
    async startEndpointQualificationRaw(requestParameters: StartEndpointQualificationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<QualificationRunResponse>> {
        const requestOptions = await this.startEndpointQualificationRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => QualificationRunResponseFromJSON(jsonValue));
    }

    /**
     * Starts measuring the endpoint for every instrument it offers: probes generated afresh for this run (text, code or agent, as the instrument\'s task type), then its performance guarantees (time to first token, output rate, a prompt near the context window, the maximum output length). Answers `202` at once with the run, `running`; read it back until `completed` or `failed`. A completed run sets each instrument\'s qualification (`qualified` when the Quality Score reaches the instrument\'s `min_performance_benchmark` and every guarantee holds, else `not_qualified`) unless the operator vouched for the endpoint. `409` while another run of the endpoint is measuring it.
     * Start a qualification run
     */
    async startEndpointQualification(requestParameters: StartEndpointQualificationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<QualificationRunResponse> {
        const response = await this.startEndpointQualificationRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for transferFromIssuanceAccount without sending the request
     */
    async transferFromIssuanceAccountRequestOpts(requestParameters: TransferFromIssuanceAccountRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['issuanceTransferRequest'] == null) {
            throw new runtime.RequiredError(
                'issuanceTransferRequest',
                'Required parameter "issuanceTransferRequest" was null or undefined when calling transferFromIssuanceAccount().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/issuance-accounts/transfer`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: IssuanceTransferRequestToJSON(requestParameters['issuanceTransferRequest']),
        };
    }

    /**
     * Moves `quantity` Units of an instrument from the caller\'s issuance account to its trading account of that instrument (opened on first use), in one ledger transaction: the answer comes after the commit, with `status: completed`, and the Units can be sold at once. `trading_account_id` is optional; when given it must be that trading account. More than the issuance account holds is `422 insufficient_issuance_balance`, with the available Units in `errors.context`. Allowed in both account modes.  **Retries.** Send a `client_transfer_id` of your own to make retries safe: a transfer with a `client_transfer_id` already used answers `200` with the first transfer and moves nothing more; the same `client_transfer_id` with another instrument, quantity or trading account is `409 idempotency_key_reused`. Without one, each call is a new transfer (a signed request replayed byte for byte is still `401 signature_replayed`).
     * Move issued Units to my trading account
     */
    async transferFromIssuanceAccountRaw(requestParameters: TransferFromIssuanceAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IssuanceTransferResponse>> {
        const requestOptions = await this.transferFromIssuanceAccountRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => IssuanceTransferResponseFromJSON(jsonValue));
    }

    /**
     * Moves `quantity` Units of an instrument from the caller\'s issuance account to its trading account of that instrument (opened on first use), in one ledger transaction: the answer comes after the commit, with `status: completed`, and the Units can be sold at once. `trading_account_id` is optional; when given it must be that trading account. More than the issuance account holds is `422 insufficient_issuance_balance`, with the available Units in `errors.context`. Allowed in both account modes.  **Retries.** Send a `client_transfer_id` of your own to make retries safe: a transfer with a `client_transfer_id` already used answers `200` with the first transfer and moves nothing more; the same `client_transfer_id` with another instrument, quantity or trading account is `409 idempotency_key_reused`. Without one, each call is a new transfer (a signed request replayed byte for byte is still `401 signature_replayed`).
     * Move issued Units to my trading account
     */
    async transferFromIssuanceAccount(requestParameters: TransferFromIssuanceAccountRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<IssuanceTransferResponse> {
        const response = await this.transferFromIssuanceAccountRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for updateSupplierEndpoint without sending the request
     */
    async updateSupplierEndpointRequestOpts(requestParameters: UpdateSupplierEndpointOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['endpointId'] == null) {
            throw new runtime.RequiredError(
                'endpointId',
                'Required parameter "endpointId" was null or undefined when calling updateSupplierEndpoint().'
            );
        }

        if (requestParameters['updateSupplierEndpointRequest'] == null) {
            throw new runtime.RequiredError(
                'updateSupplierEndpointRequest',
                'Required parameter "updateSupplierEndpointRequest" was null or undefined when calling updateSupplierEndpoint().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("oauthAccessToken", ["supply:write"]);

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


        let urlPath = `/v1/supply/endpoints/{endpoint_id}`;
        urlPath = urlPath.replace('{endpoint_id}', encodeURIComponent(String(requestParameters['endpointId'])));

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: UpdateSupplierEndpointRequestToJSON(requestParameters['updateSupplierEndpointRequest']),
        };
    }

    /**
     * Changes what the body names. A new `base_url`, `model` or `api_key` (`null` removes the key) puts every instrument of the endpoint back to `pending`: nothing measured of the old upstream holds for the new one. `instrument_ids` replaces the instruments offered: new ones are `pending`, left-out ones are dropped, the rest keep their qualification. `status` `disabled` stops routing to it without losing its qualifications; `active` resumes. `404` for a deleted endpoint.
     * Change one of my endpoints
     */
    async updateSupplierEndpointRaw(requestParameters: UpdateSupplierEndpointOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<SupplierEndpointResponse>> {
        const requestOptions = await this.updateSupplierEndpointRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response, (jsonValue) => SupplierEndpointResponseFromJSON(jsonValue));
    }

    /**
     * Changes what the body names. A new `base_url`, `model` or `api_key` (`null` removes the key) puts every instrument of the endpoint back to `pending`: nothing measured of the old upstream holds for the new one. `instrument_ids` replaces the instruments offered: new ones are `pending`, left-out ones are dropped, the rest keep their qualification. `status` `disabled` stops routing to it without losing its qualifications; `active` resumes. `404` for a deleted endpoint.
     * Change one of my endpoints
     */
    async updateSupplierEndpoint(requestParameters: UpdateSupplierEndpointOperationRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<SupplierEndpointResponse> {
        const response = await this.updateSupplierEndpointRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
