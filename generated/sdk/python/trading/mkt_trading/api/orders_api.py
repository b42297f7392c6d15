# GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
"""
    mkt trading API

    The trading API of **mkt**, a real-time spot market for AI inference. Suppliers sell Units of standardised instruments (`text-standard` … `agent-max`) on one central limit order book per instrument; buyers place orders, receive Units in their trading account, and transfer them to a consumption account to run inference on the consumption API. One Unit is `tokens_per_unit` tokens of the instrument (1,000,000 by default); prices are USD per Unit.  ## Authentication  Every operation except `GET /v1/health` takes one of two credentials:  - an **Ed25519 signature** made with a trading signing key (below): the credential of bots and   servers, which need no login and no token refresh; - an **OAuth access token** of the platform API (`Authorization: Bearer mkt_at_…`, from the   device flow at `{platform_url}/v1/oauth/device/code`), as a command line sends it once   logged in. Each operation names the scope its token needs:    | Scope | Opens |   |---|---|   | `trade:read` | every read (`GET`): identity, instruments, markets, market data, orders, trades, accounts, transfers, limits, diagnostics |   | `trade:write` | every change: orders (create, batch, amend, cancel, cancel by market, bulk cancel, batch cancel, the dead-man's switch) and transfers |   | `supply:read`, `supply:write` | listing and issuing supply (`/v1/supply-issuances`), endpoints (`/v1/supply/endpoints`) |    A token without the operation's scope is refused with `403 insufficient_scope` before   anything is read or changed; `errors.detail` names the missing scope and `errors.context`   lists the needed and the granted ones. An unknown, expired or revoked token is   `401 invalid_token` (refresh it with the refresh token, or log in again).  A consumption API key is never accepted here. A request that carries a signature header is authenticated by its signature alone: an `Authorization` header beside it is ignored, and a bad signature is refused even if the token is good. Everything else works the same with either credential: the same user, limits, Auto Mode rule and answers. Where an answer describes the signing key (`signing_key` of `GET /v1/me`, the first check of `GET /v1/diagnostics`), a token's request gets `null` and a description of the token instead.  ## Signing requests  1. Generate an Ed25519 keypair on the client; the private key never leaves it (keep it as base64    of the raw 32-byte seed or the 64-byte secret key, not PEM). 2. Register the public key — base64 of its raw 32 bytes — in the dashboard or with    `POST {platform_url}/v1/signing-keys`. The answer carries the key's **fingerprint**: SHA-256    of the raw public key, base64 without padding. 3. For each request build the **signed string** by concatenating, with no separators:    1. the Unix time in whole seconds, as a decimal string;    2. the HTTP method in upper case (`GET`, `POST`, `PUT`, `DELETE`);    3. the request path only, without the query string (for `GET /v1/orders?status=filled`       sign `/v1/orders`), exactly as sent on the request line;    4. the raw request body exactly as sent, byte for byte; the empty string for `GET` and       `DELETE` without a body. Query parameters are never signed. 4. Sign the string with the private key and send three headers:     | Header | Value |    |---|---|    | `x-mkt-signature` | base64 of the 64-byte Ed25519 signature |    | `x-mkt-timestamp` | the same timestamp string that starts the signed string |    | `x-mkt-fingerprint` | the key's fingerprint |  The timestamp must lie **within 30 seconds** of server time, in either direction; otherwise the answer is `401` with code `timestamp_out_of_range` and `errors.context` = `{max_drift_seconds, observed_drift_seconds, request_timestamp, server_timestamp}` (`server_time` in the body tells you the server's clock). Sign each request, including each retry, with a fresh timestamp. On any `401`, check clock drift first, then the signed string (are you signing the raw body you send, and the path without the query?), then the fingerprint.  ### Each signature of a write is good once  The query string is not signed, and Ed25519 signatures are deterministic: a request captured on its way could otherwise be sent again, even with another query (a `DELETE /v1/orders?side=sell` resent as `DELETE /v1/orders`). So the signature of a `POST`, `PUT`, `PATCH` or `DELETE` is accepted **once**, by every server of the service: its second use inside the 30-second window is `401` with code `signature_replayed`, whatever the first use answered.  - Two identical writes signed in the same second carry the same signature, so the second is   refused. Make them differ: give each order its own `client_order_id`, which also makes a retry   after a lost answer safe (the retry, signed afresh, gets `422` naming the first order if it   was placed). - Sign every retry with a fresh timestamp; resending the same signed bytes is a replay. - Signed reads (`GET`) are not refused on a second use. They change nothing, so a replay can only   read again, within 30 seconds, what the key may read; and because the query is not signed,   `GET /v1/orders?status=open` and `GET /v1/orders?status=filled` signed in one second carry one   signature, which a client polling several lists at once must be able to send.  ### Worked example  The keypair of RFC 8032 test 1 (never use it for real):  | | | |---|---| | private key (base64 seed) | `nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=` | | public key (base64) | `11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=` | | fingerprint | `If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk` |  Placing an order at 2026-11-22T10:15:30Z (Unix `1795342530`) with the body `{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"}` signs the string  ``` 1795342530POST/v1/orders{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"} ```  and sends  ``` POST /v1/orders HTTP/1.1 Content-Type: application/json x-mkt-timestamp: 1795342530 x-mkt-fingerprint: If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk x-mkt-signature: zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ== ```  `GET /v1/orders?status=open` at the same second signs `1795342530GET/v1/orders` and sends `x-mkt-signature: N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==`.  ## Conventions  - **Envelopes.** One object is `{data: …}`; a list is `{data: […], paging: {has_more,   next_cursor, prev_cursor}}`. Errors are `{errors: {code, detail, message, server_time,   context?}}`: branch on `code`, show `detail` to people (`message` is the same text). - **Paging.** `limit` (default 50, at most 100), `next` = a previous `next_cursor`, `prev` = a   previous `prev_cursor`; `next` and `prev` are mutually exclusive. Cursors are opaque and   belong to the sort they were issued for. - **Numbers.** Prices (USD per Unit, at most 4 decimals) and USD amounts (at most 6 decimals)   are decimal strings, never JSON numbers. Quantities of Units are integers. - **Ids** are opaque; use them exactly as returned. Never derive a market or instrument id from   a symbol. Shapes: `instrument-<uuid>`, `market_<uuid>`, `order_<16 A-Z0-9>`, `trade_<uuid>`,   `user_<uuid>`, `trading_account_<hex>`, `consumption_account_<hex>`, `transfer_<uuid>`,   `supply_issuance_<uuid>`. An unknown or malformed id in a path answers `404`. - **Instrument symbols.** Wherever an instrument id is accepted (an `instrument_id` path or   query parameter, or an `instrument_id` body field), the instrument's symbol in any letter   case is accepted too (`TEXT-STANDARD`, `text-standard`), as is a model alias of   `GET /v1/models` (`mistral-latest`). A symbol that names no instrument answers `404`   in a path and `422` naming the parameter in a query or body. - **Time.** ISO 8601 UTC; trades carry microseconds. Time filters accept ISO 8601 or Unix   seconds. - **Unknown query parameters** are refused with `422 validation_error`. - **Filter spellings of the live service.** Every list also accepts the query spellings of   Phoenix Flop, which the live service's CLI sends:   `flop[filters][i][field]`, `flop[filters][i][op]`, `flop[filters][i][value]` (or   `filters[i][…]`) filter on the list's query parameter named `field`: `op` `==` (the default)   sets it; `>=` and `<=` set its `_min`/`_from` and `_max`/`_to` parameter where the list has   one. `order_by[]` and `order_directions[]` are `order_by` and `order_direction` (one sort   key), and `page_size` is `limit`. So   `GET /v1/orders?flop[filters][0][field]=status&flop[filters][0][value]=open&page_size=20`   is `GET /v1/orders?status=open&limit=20`. A field that is not a parameter of the list, or   another `op`, answers `422` naming it; two spellings of one parameter with different values   (`status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled`) answer `422`   naming both. - **Quantities as digits.** The `quantity` of an order (`POST /v1/orders`, its batch and   `PUT /v1/orders/{order_id}`) may also be sent as a string of decimal digits (`\"5\"`), as the   live service's CLI sends it; `\"1.5\"`, `\"-1\"`, `\"1e3\"`, `\"\"` or a leading zero answer `422`   naming `quantity`. - **Auto Mode.** In Auto Mode (the default for new accounts) the service buys capacity for you:   order create, amend and cancel answer `403 auto_mode_trading_restricted`; every read,   transfers and supply issuance still work. Switch to Advanced Mode with   `POST {platform_url}/v1/self/system-settings/account-mode`. - **Rate limits.** Order creation is limited per user and market (read the effective values   with `GET /v1/account/limits`); `201` answers carry `x-ratelimit-limit` (the bucket's   capacity) and `x-ratelimit-remaining` (what it still holds), a `429` carries `Retry-After`. Bulk cancellation has its own,   separate throttle. - **Retries.** Retry `429`, `500` and `503` with exponential backoff and jitter from 1 second;   never retry `400`, `401`, `404`, `409` or `422` unchanged. Use `client_order_id` to make   order submission retries idempotent. - Every response carries `x-request-id`; quote it to support. Every response also carries   `server-timing` (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…` in   milliseconds spent authenticating, in the operation, and in all up to the response's   headers. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


import warnings
from pydantic import validate_call, Field, StrictFloat, StrictStr, StrictInt
from typing import Any, Dict, List, Optional, Tuple, Union
from typing_extensions import Annotated

from pydantic import Field, StrictStr, field_validator
from typing import Optional
from typing_extensions import Annotated
from mkt_trading.models.account_limits_response import AccountLimitsResponse
from mkt_trading.models.amend_order_request import AmendOrderRequest
from mkt_trading.models.batch_cancel_request import BatchCancelRequest
from mkt_trading.models.batch_cancel_response import BatchCancelResponse
from mkt_trading.models.cancel_all_after_request import CancelAllAfterRequest
from mkt_trading.models.cancelled_count_response import CancelledCountResponse
from mkt_trading.models.create_order_batch_request import CreateOrderBatchRequest
from mkt_trading.models.create_order_batch_response import CreateOrderBatchResponse
from mkt_trading.models.create_order_request import CreateOrderRequest
from mkt_trading.models.created_order_response import CreatedOrderResponse
from mkt_trading.models.dead_man_switch_response import DeadManSwitchResponse
from mkt_trading.models.order_count_response import OrderCountResponse
from mkt_trading.models.order_direction import OrderDirection
from mkt_trading.models.order_list import OrderList
from mkt_trading.models.order_response import OrderResponse
from mkt_trading.models.order_side import OrderSide
from mkt_trading.models.order_status_filter import OrderStatusFilter

from mkt_trading.api_client import ApiClient, RequestSerialized
from mkt_trading.api_response import ApiResponse
from mkt_trading.rest import RESTResponseType


class OrdersApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def amend_order(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        amend_order_request: AmendOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OrderResponse:
        """Amend one of my open orders

        Changes the `price` and/or the `quantity` (the new total quantity, filled part included; it must stay above `filled_quantity`) of an open limit order, and answers the updated order. Lowering the quantity at the same price keeps the order's place in the queue; any other change re-queues it as if newly submitted, and a new price may match at once (with the order's own `self_trade_prevention`; a `post_only` order that would take is refused with `422 post_only_would_take`). The same body rules, order controls, price collar and balance checks as order creation apply (`422`). A pending stop cannot be amended (`422 validation_error`): cancel it and place another. Needs Advanced Mode (`403`). An order that is no longer open (filled, closed, cancelled, expired, rejected) answers `409 order_not_open`. Amending does not draw on the order-creation rate limit.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param amend_order_request: (required)
        :type amend_order_request: AmendOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._amend_order_serialize(
            order_id=order_id,
            amend_order_request=amend_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def amend_order_with_http_info(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        amend_order_request: AmendOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OrderResponse]:
        """Amend one of my open orders

        Changes the `price` and/or the `quantity` (the new total quantity, filled part included; it must stay above `filled_quantity`) of an open limit order, and answers the updated order. Lowering the quantity at the same price keeps the order's place in the queue; any other change re-queues it as if newly submitted, and a new price may match at once (with the order's own `self_trade_prevention`; a `post_only` order that would take is refused with `422 post_only_would_take`). The same body rules, order controls, price collar and balance checks as order creation apply (`422`). A pending stop cannot be amended (`422 validation_error`): cancel it and place another. Needs Advanced Mode (`403`). An order that is no longer open (filled, closed, cancelled, expired, rejected) answers `409 order_not_open`. Amending does not draw on the order-creation rate limit.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param amend_order_request: (required)
        :type amend_order_request: AmendOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._amend_order_serialize(
            order_id=order_id,
            amend_order_request=amend_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def amend_order_without_preload_content(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        amend_order_request: AmendOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Amend one of my open orders

        Changes the `price` and/or the `quantity` (the new total quantity, filled part included; it must stay above `filled_quantity`) of an open limit order, and answers the updated order. Lowering the quantity at the same price keeps the order's place in the queue; any other change re-queues it as if newly submitted, and a new price may match at once (with the order's own `self_trade_prevention`; a `post_only` order that would take is refused with `422 post_only_would_take`). The same body rules, order controls, price collar and balance checks as order creation apply (`422`). A pending stop cannot be amended (`422 validation_error`): cancel it and place another. Needs Advanced Mode (`403`). An order that is no longer open (filled, closed, cancelled, expired, rejected) answers `409 order_not_open`. Amending does not draw on the order-creation rate limit.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param amend_order_request: (required)
        :type amend_order_request: AmendOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._amend_order_serialize(
            order_id=order_id,
            amend_order_request=amend_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _amend_order_serialize(
        self,
        order_id,
        amend_order_request,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if order_id is not None:
            _path_params['order_id'] = order_id
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter
        if amend_order_request is not None:
            _body_params = amend_order_request


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='PUT',
            resource_path='/v1/orders/{order_id}',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def batch_cancel_orders(
        self,
        batch_cancel_request: BatchCancelRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> BatchCancelResponse:
        """Cancel up to 50 of my orders by id

        Cancels the caller's orders named in `order_ids` (1 to 50 distinct ids) and answers one result per id, in the order of the request:  - `cancelled`: the order was open and is now cancelled (`closure_reason:   cancelled_by_user`), its reservation released, exactly as `DELETE /v1/orders/{order_id}`   does; - `not_open`: the order is yours but already ended (filled, closed, cancelled, expired or   rejected); nothing changed; - `not_found`: no order of yours has this id (unknown, or another trader's).  The orders of one market are cancelled together, in one commit; orders on several markets take one commit per market. Fills that happened before the cancellation stand. An empty list, more than 50 ids, an id named twice or an id that is not of the form `order_` and 16 upper-case letters or digits answers `422 validation_error` and cancels nothing. Needs Advanced Mode (`403`). It does not draw on the bulk-cancellation throttle of `DELETE /v1/orders`: it names at most 50 orders, each of which could be cancelled on its own without a throttle.

        :param batch_cancel_request: (required)
        :type batch_cancel_request: BatchCancelRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._batch_cancel_orders_serialize(
            batch_cancel_request=batch_cancel_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "BatchCancelResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def batch_cancel_orders_with_http_info(
        self,
        batch_cancel_request: BatchCancelRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[BatchCancelResponse]:
        """Cancel up to 50 of my orders by id

        Cancels the caller's orders named in `order_ids` (1 to 50 distinct ids) and answers one result per id, in the order of the request:  - `cancelled`: the order was open and is now cancelled (`closure_reason:   cancelled_by_user`), its reservation released, exactly as `DELETE /v1/orders/{order_id}`   does; - `not_open`: the order is yours but already ended (filled, closed, cancelled, expired or   rejected); nothing changed; - `not_found`: no order of yours has this id (unknown, or another trader's).  The orders of one market are cancelled together, in one commit; orders on several markets take one commit per market. Fills that happened before the cancellation stand. An empty list, more than 50 ids, an id named twice or an id that is not of the form `order_` and 16 upper-case letters or digits answers `422 validation_error` and cancels nothing. Needs Advanced Mode (`403`). It does not draw on the bulk-cancellation throttle of `DELETE /v1/orders`: it names at most 50 orders, each of which could be cancelled on its own without a throttle.

        :param batch_cancel_request: (required)
        :type batch_cancel_request: BatchCancelRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._batch_cancel_orders_serialize(
            batch_cancel_request=batch_cancel_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "BatchCancelResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def batch_cancel_orders_without_preload_content(
        self,
        batch_cancel_request: BatchCancelRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Cancel up to 50 of my orders by id

        Cancels the caller's orders named in `order_ids` (1 to 50 distinct ids) and answers one result per id, in the order of the request:  - `cancelled`: the order was open and is now cancelled (`closure_reason:   cancelled_by_user`), its reservation released, exactly as `DELETE /v1/orders/{order_id}`   does; - `not_open`: the order is yours but already ended (filled, closed, cancelled, expired or   rejected); nothing changed; - `not_found`: no order of yours has this id (unknown, or another trader's).  The orders of one market are cancelled together, in one commit; orders on several markets take one commit per market. Fills that happened before the cancellation stand. An empty list, more than 50 ids, an id named twice or an id that is not of the form `order_` and 16 upper-case letters or digits answers `422 validation_error` and cancels nothing. Needs Advanced Mode (`403`). It does not draw on the bulk-cancellation throttle of `DELETE /v1/orders`: it names at most 50 orders, each of which could be cancelled on its own without a throttle.

        :param batch_cancel_request: (required)
        :type batch_cancel_request: BatchCancelRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._batch_cancel_orders_serialize(
            batch_cancel_request=batch_cancel_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "BatchCancelResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _batch_cancel_orders_serialize(
        self,
        batch_cancel_request,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter
        if batch_cancel_request is not None:
            _body_params = batch_cancel_request


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/orders/batch-cancel',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def cancel_all_orders_after(
        self,
        cancel_all_after_request: CancelAllAfterRequest,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> DeadManSwitchResponse:
        """Arm, re-arm or disarm the dead-man's switch

        A dead-man's switch (Kraken's `cancel_all_orders_after`): arms a timer of `timeout_seconds` (5 to 86,400). If you do not call again before `trigger_time`, every open order of yours is cancelled (`status: cancelled`, `closure_reason: dead_man_switch`), exactly once and within one second of `trigger_time`, its reservation released and the cancellation pushed on `user.orders`. Call it again while your client is alive, for example every 15 seconds with a 60-second timeout: each call moves `trigger_time` to `timeout_seconds` from now. `timeout_seconds: 0` disarms the switch (`trigger_time: null`).  **Scope.** Without `market_id` the switch covers every market; with one, only that market. You have at most one all-markets switch and one switch per market, and a call arms, re-arms or disarms only the switch of the scope it names: disarming the all-markets switch leaves per-market switches armed, and the other way round.  **Where it runs.** The switch is kept in the database and fired by whichever server process finds it due first, even if the process that armed it has stopped or crashed; it fires once however many processes run. On the embedded SQLite default (one process), a switch that came due while no process was running fires as the next one starts.  **At the deadline.** A call that reaches the server before `trigger_time` re-arms or disarms the switch and nothing is cancelled. Once `trigger_time` has passed, the switch has fired: a later call cannot save the orders; it completes the cancellation first and then arms a new switch (or, with `0`, leaves none). The cancellation covers the orders in scope submitted before `trigger_time` that are open when it reaches their market; an order submitted after `trigger_time` is never touched, and neither is an order placed after the switch fired.  Needs Advanced Mode (`403 auto_mode_trading_restricted`), as every cancellation does; a switch armed before a change to Auto Mode still fires. Arming is not rate-limited, so that a re-arm is never refused for its pace. `timeout_seconds` of 1 to 4, above 86,400, negative or not a whole number answers `422 validation_error` and changes nothing; an unknown `market_id` answers `404`.

        :param cancel_all_after_request: (required)
        :type cancel_all_after_request: CancelAllAfterRequest
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_all_orders_after_serialize(
            cancel_all_after_request=cancel_all_after_request,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeadManSwitchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def cancel_all_orders_after_with_http_info(
        self,
        cancel_all_after_request: CancelAllAfterRequest,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[DeadManSwitchResponse]:
        """Arm, re-arm or disarm the dead-man's switch

        A dead-man's switch (Kraken's `cancel_all_orders_after`): arms a timer of `timeout_seconds` (5 to 86,400). If you do not call again before `trigger_time`, every open order of yours is cancelled (`status: cancelled`, `closure_reason: dead_man_switch`), exactly once and within one second of `trigger_time`, its reservation released and the cancellation pushed on `user.orders`. Call it again while your client is alive, for example every 15 seconds with a 60-second timeout: each call moves `trigger_time` to `timeout_seconds` from now. `timeout_seconds: 0` disarms the switch (`trigger_time: null`).  **Scope.** Without `market_id` the switch covers every market; with one, only that market. You have at most one all-markets switch and one switch per market, and a call arms, re-arms or disarms only the switch of the scope it names: disarming the all-markets switch leaves per-market switches armed, and the other way round.  **Where it runs.** The switch is kept in the database and fired by whichever server process finds it due first, even if the process that armed it has stopped or crashed; it fires once however many processes run. On the embedded SQLite default (one process), a switch that came due while no process was running fires as the next one starts.  **At the deadline.** A call that reaches the server before `trigger_time` re-arms or disarms the switch and nothing is cancelled. Once `trigger_time` has passed, the switch has fired: a later call cannot save the orders; it completes the cancellation first and then arms a new switch (or, with `0`, leaves none). The cancellation covers the orders in scope submitted before `trigger_time` that are open when it reaches their market; an order submitted after `trigger_time` is never touched, and neither is an order placed after the switch fired.  Needs Advanced Mode (`403 auto_mode_trading_restricted`), as every cancellation does; a switch armed before a change to Auto Mode still fires. Arming is not rate-limited, so that a re-arm is never refused for its pace. `timeout_seconds` of 1 to 4, above 86,400, negative or not a whole number answers `422 validation_error` and changes nothing; an unknown `market_id` answers `404`.

        :param cancel_all_after_request: (required)
        :type cancel_all_after_request: CancelAllAfterRequest
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_all_orders_after_serialize(
            cancel_all_after_request=cancel_all_after_request,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeadManSwitchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def cancel_all_orders_after_without_preload_content(
        self,
        cancel_all_after_request: CancelAllAfterRequest,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Arm, re-arm or disarm the dead-man's switch

        A dead-man's switch (Kraken's `cancel_all_orders_after`): arms a timer of `timeout_seconds` (5 to 86,400). If you do not call again before `trigger_time`, every open order of yours is cancelled (`status: cancelled`, `closure_reason: dead_man_switch`), exactly once and within one second of `trigger_time`, its reservation released and the cancellation pushed on `user.orders`. Call it again while your client is alive, for example every 15 seconds with a 60-second timeout: each call moves `trigger_time` to `timeout_seconds` from now. `timeout_seconds: 0` disarms the switch (`trigger_time: null`).  **Scope.** Without `market_id` the switch covers every market; with one, only that market. You have at most one all-markets switch and one switch per market, and a call arms, re-arms or disarms only the switch of the scope it names: disarming the all-markets switch leaves per-market switches armed, and the other way round.  **Where it runs.** The switch is kept in the database and fired by whichever server process finds it due first, even if the process that armed it has stopped or crashed; it fires once however many processes run. On the embedded SQLite default (one process), a switch that came due while no process was running fires as the next one starts.  **At the deadline.** A call that reaches the server before `trigger_time` re-arms or disarms the switch and nothing is cancelled. Once `trigger_time` has passed, the switch has fired: a later call cannot save the orders; it completes the cancellation first and then arms a new switch (or, with `0`, leaves none). The cancellation covers the orders in scope submitted before `trigger_time` that are open when it reaches their market; an order submitted after `trigger_time` is never touched, and neither is an order placed after the switch fired.  Needs Advanced Mode (`403 auto_mode_trading_restricted`), as every cancellation does; a switch armed before a change to Auto Mode still fires. Arming is not rate-limited, so that a re-arm is never refused for its pace. `timeout_seconds` of 1 to 4, above 86,400, negative or not a whole number answers `422 validation_error` and changes nothing; an unknown `market_id` answers `404`.

        :param cancel_all_after_request: (required)
        :type cancel_all_after_request: CancelAllAfterRequest
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_all_orders_after_serialize(
            cancel_all_after_request=cancel_all_after_request,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeadManSwitchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _cancel_all_orders_after_serialize(
        self,
        cancel_all_after_request,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        # process the form parameters
        # process the body parameter
        if cancel_all_after_request is not None:
            _body_params = cancel_all_after_request


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/orders/cancel-all-after',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def cancel_market_orders(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> CancelledCountResponse:
        """Cancel my open orders on a market

        Cancels every open order of the caller on this market and answers how many were cancelled (`0` when none). Needs Advanced Mode (`403`). Shares the account-wide bulk cancellation throttle with `DELETE /v1/orders` (`429` with `Retry-After`), which is separate from the order-creation bucket.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_market_orders_serialize(
            market_id=market_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def cancel_market_orders_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[CancelledCountResponse]:
        """Cancel my open orders on a market

        Cancels every open order of the caller on this market and answers how many were cancelled (`0` when none). Needs Advanced Mode (`403`). Shares the account-wide bulk cancellation throttle with `DELETE /v1/orders` (`429` with `Retry-After`), which is separate from the order-creation bucket.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_market_orders_serialize(
            market_id=market_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def cancel_market_orders_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Cancel my open orders on a market

        Cancels every open order of the caller on this market and answers how many were cancelled (`0` when none). Needs Advanced Mode (`403`). Shares the account-wide bulk cancellation throttle with `DELETE /v1/orders` (`429` with `Retry-After`), which is separate from the order-creation bucket.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_market_orders_serialize(
            market_id=market_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _cancel_market_orders_serialize(
        self,
        market_id,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if market_id is not None:
            _path_params['market_id'] = market_id
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='DELETE',
            resource_path='/v1/markets/{market_id}/orders',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def cancel_order(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> None:
        """Cancel one of my orders

        Cancels an open order (`active`, `pending`, `partially_filled` or `cancellation_pending`) and releases what it reserved; answers `204` with an empty body. Fills that happened before the cancel stand. An order already cancelled answers `409 order_already_cancelled`, any other terminal order (filled, closed, expired, rejected) `409 order_not_open` — final, do not retry. Needs Advanced Mode (`403`). `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_order_serialize(
            order_id=order_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def cancel_order_with_http_info(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[None]:
        """Cancel one of my orders

        Cancels an open order (`active`, `pending`, `partially_filled` or `cancellation_pending`) and releases what it reserved; answers `204` with an empty body. Fills that happened before the cancel stand. An order already cancelled answers `409 order_already_cancelled`, any other terminal order (filled, closed, expired, rejected) `409 order_not_open` — final, do not retry. Needs Advanced Mode (`403`). `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_order_serialize(
            order_id=order_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def cancel_order_without_preload_content(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Cancel one of my orders

        Cancels an open order (`active`, `pending`, `partially_filled` or `cancellation_pending`) and releases what it reserved; answers `204` with an empty body. Fills that happened before the cancel stand. An order already cancelled answers `409 order_already_cancelled`, any other terminal order (filled, closed, expired, rejected) `409 order_not_open` — final, do not retry. Needs Advanced Mode (`403`). `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_order_serialize(
            order_id=order_id,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _cancel_order_serialize(
        self,
        order_id,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if order_id is not None:
            _path_params['order_id'] = order_id
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='DELETE',
            resource_path='/v1/orders/{order_id}',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def cancel_orders(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> CancelledCountResponse:
        """Cancel my open orders

        Cancels every open order of the caller, optionally only on one market and/or one side, and answers how many were cancelled (`0` when none matched). Reservations are released. Needs Advanced Mode. Bulk cancellation has its own account-wide throttle, separate from the order-creation bucket; when exhausted it answers `429` with `Retry-After`.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_orders_serialize(
            market_id=market_id,
            side=side,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def cancel_orders_with_http_info(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[CancelledCountResponse]:
        """Cancel my open orders

        Cancels every open order of the caller, optionally only on one market and/or one side, and answers how many were cancelled (`0` when none matched). Reservations are released. Needs Advanced Mode. Bulk cancellation has its own account-wide throttle, separate from the order-creation bucket; when exhausted it answers `429` with `Retry-After`.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_orders_serialize(
            market_id=market_id,
            side=side,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def cancel_orders_without_preload_content(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Cancel my open orders

        Cancels every open order of the caller, optionally only on one market and/or one side, and answers how many were cancelled (`0` when none matched). Reservations are released. Needs Advanced Mode. Bulk cancellation has its own account-wide throttle, separate from the order-creation bucket; when exhausted it answers `429` with `Retry-After`.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._cancel_orders_serialize(
            market_id=market_id,
            side=side,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "CancelledCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _cancel_orders_serialize(
        self,
        market_id,
        side,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if market_id is not None:
            
            _query_params.append(('market_id', market_id))
            
        if side is not None:
            
            _query_params.append(('side', side.value))
            
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='DELETE',
            resource_path='/v1/orders',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def count_orders(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OrderCountResponse:
        """Count my orders

        How many of the caller's orders match the filters; `status` takes the same values as on `GET /v1/orders` (`open` for everything still resting). Without filters, all of the caller's orders.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._count_orders_serialize(
            market_id=market_id,
            side=side,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def count_orders_with_http_info(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OrderCountResponse]:
        """Count my orders

        How many of the caller's orders match the filters; `status` takes the same values as on `GET /v1/orders` (`open` for everything still resting). Without filters, all of the caller's orders.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._count_orders_serialize(
            market_id=market_id,
            side=side,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def count_orders_without_preload_content(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Count my orders

        How many of the caller's orders match the filters; `status` takes the same values as on `GET /v1/orders` (`open` for everything still resting). Without filters, all of the caller's orders.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._count_orders_serialize(
            market_id=market_id,
            side=side,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderCountResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _count_orders_serialize(
        self,
        market_id,
        side,
        status,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if market_id is not None:
            
            _query_params.append(('market_id', market_id))
            
        if side is not None:
            
            _query_params.append(('side', side.value))
            
        if status is not None:
            
            _query_params.append(('status', status.value))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/orders/count',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def create_order(
        self,
        create_order_request: CreateOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> CreatedOrderResponse:
        """Place an order

        Submits a limit, market, stop or stop-limit order on one market. Needs Advanced Mode (`403 auto_mode_trading_restricted` in Auto Mode). The answer `201` carries the order id; read the order's state with `GET /v1/orders/{order_id}` (an incoming order may already have filled, wholly or partly).  **Body rules** (`422 validation_error` unless stated):  - `side`, `type` and `time_in_force` are case-insensitive and stored in lower case. - `price` is a decimal string — a JSON number is refused — positive, at least `0.0001`,   at most 4 decimal places. Required for `limit` and `stop_limit`, must be omitted for   `stop`. On a `market` order it is optional: its **protection price**, the worst price it   may fill at (a buy takes asks up to it, a sell bids down to it; what remains is closed   with `no_liquidity`). It must be on the tick grid but is not held to the collar, since it   never rests. The live service's CLI sends one with every order. - `stop_price` (same format) is required for `stop` and `stop_limit`, must be omitted   otherwise. - `time_in_force: gtd` requires `expire_time` (ISO 8601, at least 1 second and at most 90   days ahead); `expire_time` with any other time in force is refused. - `post_only` only on a `limit` order that may rest (not with `ioc` or `fok`). - `self_trade_prevention` is one of `expire_taker`, `expire_maker`, `expire_both`,   `decrement`. - `quantity` is a positive whole number of Units. - Unknown fields are refused.  **Order controls** of the market (`GET /v1/markets/{market_id}/controls`), each failing with its own code and `errors.context` = `{price, quantity, client_order_id?, tick_size, lot_size, min_order_size, max_order_size}`: price a multiple of `tick_size` (`tick_size_violation`); quantity a multiple of `lot_size` (`lot_size_violation`), at least `min_order_size` (`quantity_below_min_order_size`), at most `max_order_size`, 10,000 by default (`quantity_above_max_order_size`); price × quantity at most 1,000,000,000 USD (`notional_above_max`, so every amount stays exact in the ledger). Once the market has traded, a limit price outside the reference-price band is `price_collar_violation`, with the band in `errors.context`.  **Funds.** A buy reserves price × quantity plus fee in USD (a `stop` buy: quantity × stop price plus fee, which is also the most it spends once triggered), a sell reserves the Units, in the caller's available balance; otherwise `insufficient_available_balance`. A market order when the caller has no USD (buy) or no Units (sell) at all is `insufficient_inventory_or_funds`. Orders on a `suspended` or `closed` market are `market_not_open`.  **Execution.** Price-time priority; fills happen at the resting order's price. `gtc` rests until filled or cancelled; `day` expires at 00:00 UTC; `ioc` fills what it can at once and closes the rest; `fok` fills completely at once or closes without a fill. Market orders never rest: they sweep the book and the remainder closes (`closure_reason: no_liquidity`); `fok` makes them all-or-nothing. `gtd` expires at its `expire_time` (`expired`, within a second, whether or not anything else happens on the market).  **Self-trade prevention.** An order that would match the caller's own resting order follows its `self_trade_prevention` (or the account default, `expire_taker` unless set on the platform API): `expire_taker` closes the incoming remainder, `expire_maker` cancels the resting order and goes on, `expire_both` does both, `decrement` reduces both by the overlap with no trade and no fee (see `SelfTradePrevention`). A `fok` order stays all-or-nothing: it counts the caller's own orders as liquidity under none of the modes (under `expire_maker` it looks past them, as it would cancel them), and closes untouched when it cannot fill whole.  **Post-only.** `post_only: true` refuses the order with `422 post_only_would_take`, changing nothing, if it would take liquidity on arrival (the caller's own orders count).  **Stops.** A `stop` or `stop_limit` order is accepted `pending`: it is not on the book and not in the order book views, and holds its funds or Units. A buy stop triggers when a trade happens at or above its `stop_price`, a sell stop at or below; it then runs as a market order (`stop`) or as a limit order at its `price` (`stop_limit`, checked against the price collar at placement), in the same transaction as the trade that triggered it, so that trade's order already finds it triggered. Stops triggered by one trade run buys first, the lowest stop price first (sells: the highest), then the oldest; their own trades may trigger more, which run after them. A stop whose condition the last trade already meets is refused with `422 stop_would_trigger`. Cancel a pending stop like any open order; it cannot be amended.  A buy with `should_autotransfer` moves its fills into the consumption account (always so in Auto Mode, never for sells).  **Idempotency.** `client_order_id` is unique per account: a second order with the same value answers `422 duplicate_client_order_id` (detail `client_order_id already exists`, `errors.context.order_id` = the existing order). Send a deterministic value and retry freely.  **Rate limit.** Submissions (not fills) per user and market draw on a token bucket shared by every order-creation route; read its size with `GET /v1/account/limits`. `201` answers carry `x-ratelimit-limit` (the bucket's capacity, `burst_capacity`) and `x-ratelimit-remaining` (what it still holds); an empty bucket answers `429` with `Retry-After`. Pace each user-market pair independently.

        :param create_order_request: (required)
        :type create_order_request: CreateOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_serialize(
            create_order_request=create_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreatedOrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def create_order_with_http_info(
        self,
        create_order_request: CreateOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[CreatedOrderResponse]:
        """Place an order

        Submits a limit, market, stop or stop-limit order on one market. Needs Advanced Mode (`403 auto_mode_trading_restricted` in Auto Mode). The answer `201` carries the order id; read the order's state with `GET /v1/orders/{order_id}` (an incoming order may already have filled, wholly or partly).  **Body rules** (`422 validation_error` unless stated):  - `side`, `type` and `time_in_force` are case-insensitive and stored in lower case. - `price` is a decimal string — a JSON number is refused — positive, at least `0.0001`,   at most 4 decimal places. Required for `limit` and `stop_limit`, must be omitted for   `stop`. On a `market` order it is optional: its **protection price**, the worst price it   may fill at (a buy takes asks up to it, a sell bids down to it; what remains is closed   with `no_liquidity`). It must be on the tick grid but is not held to the collar, since it   never rests. The live service's CLI sends one with every order. - `stop_price` (same format) is required for `stop` and `stop_limit`, must be omitted   otherwise. - `time_in_force: gtd` requires `expire_time` (ISO 8601, at least 1 second and at most 90   days ahead); `expire_time` with any other time in force is refused. - `post_only` only on a `limit` order that may rest (not with `ioc` or `fok`). - `self_trade_prevention` is one of `expire_taker`, `expire_maker`, `expire_both`,   `decrement`. - `quantity` is a positive whole number of Units. - Unknown fields are refused.  **Order controls** of the market (`GET /v1/markets/{market_id}/controls`), each failing with its own code and `errors.context` = `{price, quantity, client_order_id?, tick_size, lot_size, min_order_size, max_order_size}`: price a multiple of `tick_size` (`tick_size_violation`); quantity a multiple of `lot_size` (`lot_size_violation`), at least `min_order_size` (`quantity_below_min_order_size`), at most `max_order_size`, 10,000 by default (`quantity_above_max_order_size`); price × quantity at most 1,000,000,000 USD (`notional_above_max`, so every amount stays exact in the ledger). Once the market has traded, a limit price outside the reference-price band is `price_collar_violation`, with the band in `errors.context`.  **Funds.** A buy reserves price × quantity plus fee in USD (a `stop` buy: quantity × stop price plus fee, which is also the most it spends once triggered), a sell reserves the Units, in the caller's available balance; otherwise `insufficient_available_balance`. A market order when the caller has no USD (buy) or no Units (sell) at all is `insufficient_inventory_or_funds`. Orders on a `suspended` or `closed` market are `market_not_open`.  **Execution.** Price-time priority; fills happen at the resting order's price. `gtc` rests until filled or cancelled; `day` expires at 00:00 UTC; `ioc` fills what it can at once and closes the rest; `fok` fills completely at once or closes without a fill. Market orders never rest: they sweep the book and the remainder closes (`closure_reason: no_liquidity`); `fok` makes them all-or-nothing. `gtd` expires at its `expire_time` (`expired`, within a second, whether or not anything else happens on the market).  **Self-trade prevention.** An order that would match the caller's own resting order follows its `self_trade_prevention` (or the account default, `expire_taker` unless set on the platform API): `expire_taker` closes the incoming remainder, `expire_maker` cancels the resting order and goes on, `expire_both` does both, `decrement` reduces both by the overlap with no trade and no fee (see `SelfTradePrevention`). A `fok` order stays all-or-nothing: it counts the caller's own orders as liquidity under none of the modes (under `expire_maker` it looks past them, as it would cancel them), and closes untouched when it cannot fill whole.  **Post-only.** `post_only: true` refuses the order with `422 post_only_would_take`, changing nothing, if it would take liquidity on arrival (the caller's own orders count).  **Stops.** A `stop` or `stop_limit` order is accepted `pending`: it is not on the book and not in the order book views, and holds its funds or Units. A buy stop triggers when a trade happens at or above its `stop_price`, a sell stop at or below; it then runs as a market order (`stop`) or as a limit order at its `price` (`stop_limit`, checked against the price collar at placement), in the same transaction as the trade that triggered it, so that trade's order already finds it triggered. Stops triggered by one trade run buys first, the lowest stop price first (sells: the highest), then the oldest; their own trades may trigger more, which run after them. A stop whose condition the last trade already meets is refused with `422 stop_would_trigger`. Cancel a pending stop like any open order; it cannot be amended.  A buy with `should_autotransfer` moves its fills into the consumption account (always so in Auto Mode, never for sells).  **Idempotency.** `client_order_id` is unique per account: a second order with the same value answers `422 duplicate_client_order_id` (detail `client_order_id already exists`, `errors.context.order_id` = the existing order). Send a deterministic value and retry freely.  **Rate limit.** Submissions (not fills) per user and market draw on a token bucket shared by every order-creation route; read its size with `GET /v1/account/limits`. `201` answers carry `x-ratelimit-limit` (the bucket's capacity, `burst_capacity`) and `x-ratelimit-remaining` (what it still holds); an empty bucket answers `429` with `Retry-After`. Pace each user-market pair independently.

        :param create_order_request: (required)
        :type create_order_request: CreateOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_serialize(
            create_order_request=create_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreatedOrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def create_order_without_preload_content(
        self,
        create_order_request: CreateOrderRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Place an order

        Submits a limit, market, stop or stop-limit order on one market. Needs Advanced Mode (`403 auto_mode_trading_restricted` in Auto Mode). The answer `201` carries the order id; read the order's state with `GET /v1/orders/{order_id}` (an incoming order may already have filled, wholly or partly).  **Body rules** (`422 validation_error` unless stated):  - `side`, `type` and `time_in_force` are case-insensitive and stored in lower case. - `price` is a decimal string — a JSON number is refused — positive, at least `0.0001`,   at most 4 decimal places. Required for `limit` and `stop_limit`, must be omitted for   `stop`. On a `market` order it is optional: its **protection price**, the worst price it   may fill at (a buy takes asks up to it, a sell bids down to it; what remains is closed   with `no_liquidity`). It must be on the tick grid but is not held to the collar, since it   never rests. The live service's CLI sends one with every order. - `stop_price` (same format) is required for `stop` and `stop_limit`, must be omitted   otherwise. - `time_in_force: gtd` requires `expire_time` (ISO 8601, at least 1 second and at most 90   days ahead); `expire_time` with any other time in force is refused. - `post_only` only on a `limit` order that may rest (not with `ioc` or `fok`). - `self_trade_prevention` is one of `expire_taker`, `expire_maker`, `expire_both`,   `decrement`. - `quantity` is a positive whole number of Units. - Unknown fields are refused.  **Order controls** of the market (`GET /v1/markets/{market_id}/controls`), each failing with its own code and `errors.context` = `{price, quantity, client_order_id?, tick_size, lot_size, min_order_size, max_order_size}`: price a multiple of `tick_size` (`tick_size_violation`); quantity a multiple of `lot_size` (`lot_size_violation`), at least `min_order_size` (`quantity_below_min_order_size`), at most `max_order_size`, 10,000 by default (`quantity_above_max_order_size`); price × quantity at most 1,000,000,000 USD (`notional_above_max`, so every amount stays exact in the ledger). Once the market has traded, a limit price outside the reference-price band is `price_collar_violation`, with the band in `errors.context`.  **Funds.** A buy reserves price × quantity plus fee in USD (a `stop` buy: quantity × stop price plus fee, which is also the most it spends once triggered), a sell reserves the Units, in the caller's available balance; otherwise `insufficient_available_balance`. A market order when the caller has no USD (buy) or no Units (sell) at all is `insufficient_inventory_or_funds`. Orders on a `suspended` or `closed` market are `market_not_open`.  **Execution.** Price-time priority; fills happen at the resting order's price. `gtc` rests until filled or cancelled; `day` expires at 00:00 UTC; `ioc` fills what it can at once and closes the rest; `fok` fills completely at once or closes without a fill. Market orders never rest: they sweep the book and the remainder closes (`closure_reason: no_liquidity`); `fok` makes them all-or-nothing. `gtd` expires at its `expire_time` (`expired`, within a second, whether or not anything else happens on the market).  **Self-trade prevention.** An order that would match the caller's own resting order follows its `self_trade_prevention` (or the account default, `expire_taker` unless set on the platform API): `expire_taker` closes the incoming remainder, `expire_maker` cancels the resting order and goes on, `expire_both` does both, `decrement` reduces both by the overlap with no trade and no fee (see `SelfTradePrevention`). A `fok` order stays all-or-nothing: it counts the caller's own orders as liquidity under none of the modes (under `expire_maker` it looks past them, as it would cancel them), and closes untouched when it cannot fill whole.  **Post-only.** `post_only: true` refuses the order with `422 post_only_would_take`, changing nothing, if it would take liquidity on arrival (the caller's own orders count).  **Stops.** A `stop` or `stop_limit` order is accepted `pending`: it is not on the book and not in the order book views, and holds its funds or Units. A buy stop triggers when a trade happens at or above its `stop_price`, a sell stop at or below; it then runs as a market order (`stop`) or as a limit order at its `price` (`stop_limit`, checked against the price collar at placement), in the same transaction as the trade that triggered it, so that trade's order already finds it triggered. Stops triggered by one trade run buys first, the lowest stop price first (sells: the highest), then the oldest; their own trades may trigger more, which run after them. A stop whose condition the last trade already meets is refused with `422 stop_would_trigger`. Cancel a pending stop like any open order; it cannot be amended.  A buy with `should_autotransfer` moves its fills into the consumption account (always so in Auto Mode, never for sells).  **Idempotency.** `client_order_id` is unique per account: a second order with the same value answers `422 duplicate_client_order_id` (detail `client_order_id already exists`, `errors.context.order_id` = the existing order). Send a deterministic value and retry freely.  **Rate limit.** Submissions (not fills) per user and market draw on a token bucket shared by every order-creation route; read its size with `GET /v1/account/limits`. `201` answers carry `x-ratelimit-limit` (the bucket's capacity, `burst_capacity`) and `x-ratelimit-remaining` (what it still holds); an empty bucket answers `429` with `Retry-After`. Pace each user-market pair independently.

        :param create_order_request: (required)
        :type create_order_request: CreateOrderRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_serialize(
            create_order_request=create_order_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreatedOrderResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _create_order_serialize(
        self,
        create_order_request,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter
        if create_order_request is not None:
            _body_params = create_order_request


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/orders',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def create_order_batch(
        self,
        create_order_batch_request: CreateOrderBatchRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> CreateOrderBatchResponse:
        """Place up to 20 orders at once

        Places 1 to 20 orders (each a `POST /v1/orders` body, on one market or several), signed once and committed together in one transaction: they match one after the other in the order given, and none is visible before all are.  **Validated as a whole.** If any order breaks a body rule or an order control that needs no market state (the rules and controls of `POST /v1/orders`: fields, `price`/`stop_price`/ `expire_time`/`post_only` combinations, tick, lot, size, value, an unknown or closed market), or two orders share a `client_order_id`, the answer is that order's error with `errors.context.index` (0-based, the first bad order) and **no order is placed**. An empty batch or one of more than 20 orders is `422 validation_error`.  **Funded per order.** Everything that depends on the book or the balances at the moment of matching is decided per order, in request order, each seeing the effect of those before it: funds (`insufficient_available_balance`), the price collar, a `client_order_id` already used, `stop_would_trigger`, `post_only_would_take`. The answer is `201` with one entry per order, in request order: `{index, order}` (the order as `GET /v1/orders/{order_id}` shows it right after the commit) or `{index, errors}` (the error that order alone would have had).  **Rate limit.** Each order draws one token from the per-user-and-market bucket shared by every order-creation route, taken per market all at once before anything is placed: if a market's bucket holds fewer tokens than the batch has orders there, the whole batch answers `429` with `Retry-After` and nothing is placed (tokens already taken from the batch's other markets stay spent). `x-ratelimit-remaining` is the smallest remainder of the batch's markets.

        :param create_order_batch_request: (required)
        :type create_order_batch_request: CreateOrderBatchRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_batch_serialize(
            create_order_batch_request=create_order_batch_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreateOrderBatchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def create_order_batch_with_http_info(
        self,
        create_order_batch_request: CreateOrderBatchRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[CreateOrderBatchResponse]:
        """Place up to 20 orders at once

        Places 1 to 20 orders (each a `POST /v1/orders` body, on one market or several), signed once and committed together in one transaction: they match one after the other in the order given, and none is visible before all are.  **Validated as a whole.** If any order breaks a body rule or an order control that needs no market state (the rules and controls of `POST /v1/orders`: fields, `price`/`stop_price`/ `expire_time`/`post_only` combinations, tick, lot, size, value, an unknown or closed market), or two orders share a `client_order_id`, the answer is that order's error with `errors.context.index` (0-based, the first bad order) and **no order is placed**. An empty batch or one of more than 20 orders is `422 validation_error`.  **Funded per order.** Everything that depends on the book or the balances at the moment of matching is decided per order, in request order, each seeing the effect of those before it: funds (`insufficient_available_balance`), the price collar, a `client_order_id` already used, `stop_would_trigger`, `post_only_would_take`. The answer is `201` with one entry per order, in request order: `{index, order}` (the order as `GET /v1/orders/{order_id}` shows it right after the commit) or `{index, errors}` (the error that order alone would have had).  **Rate limit.** Each order draws one token from the per-user-and-market bucket shared by every order-creation route, taken per market all at once before anything is placed: if a market's bucket holds fewer tokens than the batch has orders there, the whole batch answers `429` with `Retry-After` and nothing is placed (tokens already taken from the batch's other markets stay spent). `x-ratelimit-remaining` is the smallest remainder of the batch's markets.

        :param create_order_batch_request: (required)
        :type create_order_batch_request: CreateOrderBatchRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_batch_serialize(
            create_order_batch_request=create_order_batch_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreateOrderBatchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def create_order_batch_without_preload_content(
        self,
        create_order_batch_request: CreateOrderBatchRequest,
        x_mkt_market: Annotated[Optional[Annotated[str, Field(strict=True, max_length=128)]], Field(description="The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Place up to 20 orders at once

        Places 1 to 20 orders (each a `POST /v1/orders` body, on one market or several), signed once and committed together in one transaction: they match one after the other in the order given, and none is visible before all are.  **Validated as a whole.** If any order breaks a body rule or an order control that needs no market state (the rules and controls of `POST /v1/orders`: fields, `price`/`stop_price`/ `expire_time`/`post_only` combinations, tick, lot, size, value, an unknown or closed market), or two orders share a `client_order_id`, the answer is that order's error with `errors.context.index` (0-based, the first bad order) and **no order is placed**. An empty batch or one of more than 20 orders is `422 validation_error`.  **Funded per order.** Everything that depends on the book or the balances at the moment of matching is decided per order, in request order, each seeing the effect of those before it: funds (`insufficient_available_balance`), the price collar, a `client_order_id` already used, `stop_would_trigger`, `post_only_would_take`. The answer is `201` with one entry per order, in request order: `{index, order}` (the order as `GET /v1/orders/{order_id}` shows it right after the commit) or `{index, errors}` (the error that order alone would have had).  **Rate limit.** Each order draws one token from the per-user-and-market bucket shared by every order-creation route, taken per market all at once before anything is placed: if a market's bucket holds fewer tokens than the batch has orders there, the whole batch answers `429` with `Retry-After` and nothing is placed (tokens already taken from the batch's other markets stay spent). `x-ratelimit-remaining` is the smallest remainder of the batch's markets.

        :param create_order_batch_request: (required)
        :type create_order_batch_request: CreateOrderBatchRequest
        :param x_mkt_market: The market the request is for (`market_<uuid>`), for a load balancer that sends each market's orders to the process that trades it without reading the body (docs/deploy.md, \"Markets partitioned across processes\"). Optional, and never trusted: the server reads the market from the request itself, and a process that does not trade it forwards the request, as signed, to one that does, whose answer comes back with `x-mkt-served-by` naming the process that served it (a `503` with `Retry-After` when no process trading it is alive). The TypeScript SDK's signing middleware and the `mkt` command line send it where the request names its market (an order, a batch: its first order's market; a cancel of a market's orders). It is not signed.
        :type x_mkt_market: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_order_batch_serialize(
            create_order_batch_request=create_order_batch_request,
            x_mkt_market=x_mkt_market,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '201': "CreateOrderBatchResponse",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _create_order_batch_serialize(
        self,
        create_order_batch_request,
        x_mkt_market,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        if x_mkt_market is not None:
            _header_params['x-mkt-market'] = x_mkt_market
        # process the form parameters
        # process the body parameter
        if create_order_batch_request is not None:
            _body_params = create_order_batch_request


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/orders/batch',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def get_account_limits(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> AccountLimitsResponse:
        """Read my order-submission limits on a market

        The effective order-submission rate limit of the caller on one market: a token bucket per user and market that refills at `max_orders_per_second` up to `burst_capacity` (unused capacity never accumulates beyond it); `max_orders_per_minute` is derived from the rate. Every order-creation route draws on it; fills do not. `response_headers` names the headers that report it. `market_id` is required and must be an exact id from the markets list (`422` if missing, `404` if unknown).

        :param market_id: The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`. (required)
        :type market_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_account_limits_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AccountLimitsResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def get_account_limits_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[AccountLimitsResponse]:
        """Read my order-submission limits on a market

        The effective order-submission rate limit of the caller on one market: a token bucket per user and market that refills at `max_orders_per_second` up to `burst_capacity` (unused capacity never accumulates beyond it); `max_orders_per_minute` is derived from the rate. Every order-creation route draws on it; fills do not. `response_headers` names the headers that report it. `market_id` is required and must be an exact id from the markets list (`422` if missing, `404` if unknown).

        :param market_id: The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`. (required)
        :type market_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_account_limits_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AccountLimitsResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def get_account_limits_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Read my order-submission limits on a market

        The effective order-submission rate limit of the caller on one market: a token bucket per user and market that refills at `max_orders_per_second` up to `burst_capacity` (unused capacity never accumulates beyond it); `max_orders_per_minute` is derived from the rate. Every order-creation route draws on it; fills do not. `response_headers` names the headers that report it. `market_id` is required and must be an exact id from the markets list (`422` if missing, `404` if unknown).

        :param market_id: The market (`market_<uuid>`), exactly as returned by `GET /v1/markets`. (required)
        :type market_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_account_limits_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AccountLimitsResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _get_account_limits_serialize(
        self,
        market_id,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if market_id is not None:
            
            _query_params.append(('market_id', market_id))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/account/limits',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def get_order(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OrderResponse:
        """Read one of my orders

        One of the caller's orders by `order_id`; `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_order_serialize(
            order_id=order_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def get_order_with_http_info(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OrderResponse]:
        """Read one of my orders

        One of the caller's orders by `order_id`; `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_order_serialize(
            order_id=order_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def get_order_without_preload_content(
        self,
        order_id: Annotated[str, Field(min_length=1, strict=True, description="The order's id, `order_` and 16 upper-case letters or digits.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Read one of my orders

        One of the caller's orders by `order_id`; `404` if unknown or not the caller's.

        :param order_id: The order's id, `order_` and 16 upper-case letters or digits. (required)
        :type order_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_order_serialize(
            order_id=order_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderResponse",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _get_order_serialize(
        self,
        order_id,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if order_id is not None:
            _path_params['order_id'] = order_id
        # process the query parameters
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/orders/{order_id}',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def list_orders(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        trader_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="The caller's `user_id`; any other id matches nothing.")] = None,
        instrument_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        submitted_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted at or after this time (ISO 8601 or Unix seconds).")] = None,
        submitted_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.")] = None,
        order_direction: Annotated[Optional[OrderDirection], Field(description="Sort direction.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OrderList:
        """List my orders

        The caller's orders (never anyone else's). Status filter values:  | `status` | Matches | |---|---| | `open` | the resting states `active`, `pending`, `partially_filled`, `cancellation_pending` | | `active`, `pending`, `partially_filled`, `cancellation_pending` | that state | | `filled` | filled orders | | `closed`, `cancelled`, `expired`, `rejected` | that terminal state |  Any other value answers `422`. `trader_id` is accepted for compatibility: only the caller's own id can match. Time bounds take ISO 8601 or Unix seconds (`submitted_from` inclusive, `submitted_to` exclusive). Default order: oldest first. May answer `429` when polled too fast.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param trader_id: The caller's `user_id`; any other id matches nothing.
        :type trader_id: str
        :param instrument_id: Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
        :type instrument_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param submitted_from: Only orders submitted at or after this time (ISO 8601 or Unix seconds).
        :type submitted_from: str
        :param submitted_to: Only orders submitted before this time (ISO 8601 or Unix seconds).
        :type submitted_to: str
        :param order_by: Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.
        :type order_by: str
        :param order_direction: Sort direction.
        :type order_direction: OrderDirection
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_orders_serialize(
            market_id=market_id,
            trader_id=trader_id,
            instrument_id=instrument_id,
            side=side,
            status=status,
            submitted_from=submitted_from,
            submitted_to=submitted_to,
            order_by=order_by,
            order_direction=order_direction,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def list_orders_with_http_info(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        trader_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="The caller's `user_id`; any other id matches nothing.")] = None,
        instrument_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        submitted_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted at or after this time (ISO 8601 or Unix seconds).")] = None,
        submitted_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.")] = None,
        order_direction: Annotated[Optional[OrderDirection], Field(description="Sort direction.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OrderList]:
        """List my orders

        The caller's orders (never anyone else's). Status filter values:  | `status` | Matches | |---|---| | `open` | the resting states `active`, `pending`, `partially_filled`, `cancellation_pending` | | `active`, `pending`, `partially_filled`, `cancellation_pending` | that state | | `filled` | filled orders | | `closed`, `cancelled`, `expired`, `rejected` | that terminal state |  Any other value answers `422`. `trader_id` is accepted for compatibility: only the caller's own id can match. Time bounds take ISO 8601 or Unix seconds (`submitted_from` inclusive, `submitted_to` exclusive). Default order: oldest first. May answer `429` when polled too fast.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param trader_id: The caller's `user_id`; any other id matches nothing.
        :type trader_id: str
        :param instrument_id: Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
        :type instrument_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param submitted_from: Only orders submitted at or after this time (ISO 8601 or Unix seconds).
        :type submitted_from: str
        :param submitted_to: Only orders submitted before this time (ISO 8601 or Unix seconds).
        :type submitted_to: str
        :param order_by: Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.
        :type order_by: str
        :param order_direction: Sort direction.
        :type order_direction: OrderDirection
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_orders_serialize(
            market_id=market_id,
            trader_id=trader_id,
            instrument_id=instrument_id,
            side=side,
            status=status,
            submitted_from=submitted_from,
            submitted_to=submitted_to,
            order_by=order_by,
            order_direction=order_direction,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def list_orders_without_preload_content(
        self,
        market_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this market (`market_<uuid>`); an unknown id matches nothing.")] = None,
        trader_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="The caller's `user_id`; any other id matches nothing.")] = None,
        instrument_id: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=128)]], Field(description="Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).")] = None,
        side: Annotated[Optional[OrderSide], Field(description="Only orders on this side.")] = None,
        status: Annotated[Optional[OrderStatusFilter], Field(description="Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.")] = None,
        submitted_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted at or after this time (ISO 8601 or Unix seconds).")] = None,
        submitted_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only orders submitted before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.")] = None,
        order_direction: Annotated[Optional[OrderDirection], Field(description="Sort direction.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """List my orders

        The caller's orders (never anyone else's). Status filter values:  | `status` | Matches | |---|---| | `open` | the resting states `active`, `pending`, `partially_filled`, `cancellation_pending` | | `active`, `pending`, `partially_filled`, `cancellation_pending` | that state | | `filled` | filled orders | | `closed`, `cancelled`, `expired`, `rejected` | that terminal state |  Any other value answers `422`. `trader_id` is accepted for compatibility: only the caller's own id can match. Time bounds take ISO 8601 or Unix seconds (`submitted_from` inclusive, `submitted_to` exclusive). Default order: oldest first. May answer `429` when polled too fast.

        :param market_id: Only this market (`market_<uuid>`); an unknown id matches nothing.
        :type market_id: str
        :param trader_id: The caller's `user_id`; any other id matches nothing.
        :type trader_id: str
        :param instrument_id: Only this instrument: its id (`instrument-<uuid>`; an unknown id matches nothing) or its symbol in any letter case (`TEXT-STANDARD`; one that names no instrument answers `422`).
        :type instrument_id: str
        :param side: Only orders on this side.
        :type side: OrderSide
        :param status: Only orders matching this status filter: `open` for every resting state, or one order state. Any other value answers `422`.
        :type status: OrderStatusFilter
        :param submitted_from: Only orders submitted at or after this time (ISO 8601 or Unix seconds).
        :type submitted_from: str
        :param submitted_to: Only orders submitted before this time (ISO 8601 or Unix seconds).
        :type submitted_to: str
        :param order_by: Sort key; ties are broken by `order_id`. `quantity` sorts by the order's (original) quantity; `original_quantity` is an alias of it.
        :type order_by: str
        :param order_direction: Sort direction.
        :type order_direction: OrderDirection
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_orders_serialize(
            market_id=market_id,
            trader_id=trader_id,
            instrument_id=instrument_id,
            side=side,
            status=status,
            submitted_from=submitted_from,
            submitted_to=submitted_to,
            order_by=order_by,
            order_direction=order_direction,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_orders_serialize(
        self,
        market_id,
        trader_id,
        instrument_id,
        side,
        status,
        submitted_from,
        submitted_to,
        order_by,
        order_direction,
        next,
        prev,
        limit,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if market_id is not None:
            
            _query_params.append(('market_id', market_id))
            
        if trader_id is not None:
            
            _query_params.append(('trader_id', trader_id))
            
        if instrument_id is not None:
            
            _query_params.append(('instrument_id', instrument_id))
            
        if side is not None:
            
            _query_params.append(('side', side.value))
            
        if status is not None:
            
            _query_params.append(('status', status.value))
            
        if submitted_from is not None:
            
            _query_params.append(('submitted_from', submitted_from))
            
        if submitted_to is not None:
            
            _query_params.append(('submitted_to', submitted_to))
            
        if order_by is not None:
            
            _query_params.append(('order_by', order_by))
            
        if order_direction is not None:
            
            _query_params.append(('order_direction', order_direction.value))
            
        if next is not None:
            
            _query_params.append(('next', next))
            
        if prev is not None:
            
            _query_params.append(('prev', prev))
            
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'oauthAccessToken', 
            'signingKeyFingerprint', 
            'signature', 
            'signatureTimestamp'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/orders',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )


