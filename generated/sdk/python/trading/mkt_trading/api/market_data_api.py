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
from mkt_trading.models.market_stats_response import MarketStatsResponse
from mkt_trading.models.market_trade_list import MarketTradeList
from mkt_trading.models.order_book_response import OrderBookResponse
from mkt_trading.models.order_direction import OrderDirection
from mkt_trading.models.order_side import OrderSide
from mkt_trading.models.price_history_list import PriceHistoryList
from mkt_trading.models.price_history_resolution import PriceHistoryResolution
from mkt_trading.models.public_scorecard_list import PublicScorecardList
from mkt_trading.models.ticker_response import TickerResponse
from mkt_trading.models.trade_status import TradeStatus

from mkt_trading.api_client import ApiClient, RequestSerialized
from mkt_trading.api_response import ApiResponse
from mkt_trading.rest import RESTResponseType


class MarketDataApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def get_market_order_book(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Price levels per side.")] = None,
        depth: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.")] = None,
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
    ) -> OrderBookResponse:
        """Read a market's order book

        Aggregated price levels of the resting orders: `buy` from the highest bid down, `sell` from the lowest ask up, at most `limit` levels per side. `total` is the cumulative quantity from the best price to this level inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param limit: Price levels per side.
        :type limit: int
        :param depth: The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.
        :type depth: int
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

        _param = self._get_market_order_book_serialize(
            market_id=market_id,
            limit=limit,
            depth=depth,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderBookResponse",
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
    def get_market_order_book_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Price levels per side.")] = None,
        depth: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.")] = None,
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
    ) -> ApiResponse[OrderBookResponse]:
        """Read a market's order book

        Aggregated price levels of the resting orders: `buy` from the highest bid down, `sell` from the lowest ask up, at most `limit` levels per side. `total` is the cumulative quantity from the best price to this level inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param limit: Price levels per side.
        :type limit: int
        :param depth: The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.
        :type depth: int
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

        _param = self._get_market_order_book_serialize(
            market_id=market_id,
            limit=limit,
            depth=depth,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderBookResponse",
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
    def get_market_order_book_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Price levels per side.")] = None,
        depth: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.")] = None,
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
        """Read a market's order book

        Aggregated price levels of the resting orders: `buy` from the highest bid down, `sell` from the lowest ask up, at most `limit` levels per side. `total` is the cumulative quantity from the best price to this level inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param limit: Price levels per side.
        :type limit: int
        :param depth: The same as `limit`, as the live service's CLI spells it; giving both with different values answers `422`.
        :type depth: int
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

        _param = self._get_market_order_book_serialize(
            market_id=market_id,
            limit=limit,
            depth=depth,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OrderBookResponse",
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


    def _get_market_order_book_serialize(
        self,
        market_id,
        limit,
        depth,
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
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        if depth is not None:
            
            _query_params.append(('depth', depth))
            
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
            resource_path='/v1/markets/{market_id}/orderbook',
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
    def get_market_stats(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
    ) -> MarketStatsResponse:
        """Read a market's 24-hour statistics

        Last price and the rolling 24-hour open, high, low, change, volume and trade count, as of `as_of`. `open_24h` is the price of the first trade in the window. Price fields are `null` when there was no trade in the window (`last_price`: when the market never traded). `change_pct_24h` is a percentage (`\"2.44\"` = +2.44 %). The same window is also given under the live service's names: `open`, `high`, `low` and `close` (the last trade in the window; `null`, like the others, without one), `volume` (Units, = `volume_24h`), `quote_volume` (USD paid for them: Σ price × quantity, `\"0.000000\"` without trades), `num_trades` (= `trade_count_24h`), and the window's bounds `period_start` (`as_of` − 24 h) and `period_end` (= `as_of`), both inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_stats_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "MarketStatsResponse",
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
    def get_market_stats_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
    ) -> ApiResponse[MarketStatsResponse]:
        """Read a market's 24-hour statistics

        Last price and the rolling 24-hour open, high, low, change, volume and trade count, as of `as_of`. `open_24h` is the price of the first trade in the window. Price fields are `null` when there was no trade in the window (`last_price`: when the market never traded). `change_pct_24h` is a percentage (`\"2.44\"` = +2.44 %). The same window is also given under the live service's names: `open`, `high`, `low` and `close` (the last trade in the window; `null`, like the others, without one), `volume` (Units, = `volume_24h`), `quote_volume` (USD paid for them: Σ price × quantity, `\"0.000000\"` without trades), `num_trades` (= `trade_count_24h`), and the window's bounds `period_start` (`as_of` − 24 h) and `period_end` (= `as_of`), both inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_stats_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "MarketStatsResponse",
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
    def get_market_stats_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
        """Read a market's 24-hour statistics

        Last price and the rolling 24-hour open, high, low, change, volume and trade count, as of `as_of`. `open_24h` is the price of the first trade in the window. Price fields are `null` when there was no trade in the window (`last_price`: when the market never traded). `change_pct_24h` is a percentage (`\"2.44\"` = +2.44 %). The same window is also given under the live service's names: `open`, `high`, `low` and `close` (the last trade in the window; `null`, like the others, without one), `volume` (Units, = `volume_24h`), `quote_volume` (USD paid for them: Σ price × quantity, `\"0.000000\"` without trades), `num_trades` (= `trade_count_24h`), and the window's bounds `period_start` (`as_of` − 24 h) and `period_end` (= `as_of`), both inclusive.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_stats_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "MarketStatsResponse",
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


    def _get_market_stats_serialize(
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
        if market_id is not None:
            _path_params['market_id'] = market_id
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
            resource_path='/v1/markets/{market_id}/stats',
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
    def get_market_ticker(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
    ) -> TickerResponse:
        """Read a market's ticker

        Best bid and ask, the last trade and the 24-hour volume. Prices are `null` when the side of the book is empty or the market has never traded.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_ticker_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TickerResponse",
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
    def get_market_ticker_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
    ) -> ApiResponse[TickerResponse]:
        """Read a market's ticker

        Best bid and ask, the last trade and the 24-hour volume. Prices are `null` when the side of the book is empty or the market has never traded.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_ticker_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TickerResponse",
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
    def get_market_ticker_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
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
        """Read a market's ticker

        Best bid and ask, the last trade and the 24-hour volume. Prices are `null` when the side of the book is empty or the market has never traded.

        :param market_id: The market's id, `market_<uuid>`. (required)
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

        _param = self._get_market_ticker_serialize(
            market_id=market_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TickerResponse",
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


    def _get_market_ticker_serialize(
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
        if market_id is not None:
            _path_params['market_id'] = market_id
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
            resource_path='/v1/markets/{market_id}/ticker',
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
    def list_instrument_scorecards(
        self,
        instrument_id: Annotated[str, Field(min_length=1, strict=True, description="The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument.")],
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
    ) -> PublicScorecardList:
        """Read the suppliers' scorecards of an instrument

        How every endpoint that is `qualified` or `suspended` for the instrument performs, measured from the receipts of the requests it answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec rate by guarantee, time to first token p50/p95, output rate p50/p5, tool-call errors by kind and failures, with its qualification and last Quality Score. Each endpoint is named by a pseudonym (`sup_` and 12 hex digits, a keyed hash stable for the deployment), never by its id or its supplier. At most the latest 5,000 receipts of an endpoint in the window are read (`capped` says when more were left out). The list is always one page. `404` if neither an id nor a symbol names an instrument.

        :param instrument_id: The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument. (required)
        :type instrument_id: str
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

        _param = self._list_instrument_scorecards_serialize(
            instrument_id=instrument_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PublicScorecardList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
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
    def list_instrument_scorecards_with_http_info(
        self,
        instrument_id: Annotated[str, Field(min_length=1, strict=True, description="The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument.")],
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
    ) -> ApiResponse[PublicScorecardList]:
        """Read the suppliers' scorecards of an instrument

        How every endpoint that is `qualified` or `suspended` for the instrument performs, measured from the receipts of the requests it answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec rate by guarantee, time to first token p50/p95, output rate p50/p5, tool-call errors by kind and failures, with its qualification and last Quality Score. Each endpoint is named by a pseudonym (`sup_` and 12 hex digits, a keyed hash stable for the deployment), never by its id or its supplier. At most the latest 5,000 receipts of an endpoint in the window are read (`capped` says when more were left out). The list is always one page. `404` if neither an id nor a symbol names an instrument.

        :param instrument_id: The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument. (required)
        :type instrument_id: str
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

        _param = self._list_instrument_scorecards_serialize(
            instrument_id=instrument_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PublicScorecardList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
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
    def list_instrument_scorecards_without_preload_content(
        self,
        instrument_id: Annotated[str, Field(min_length=1, strict=True, description="The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument.")],
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
        """Read the suppliers' scorecards of an instrument

        How every endpoint that is `qualified` or `suspended` for the instrument performs, measured from the receipts of the requests it answered over two rolling windows (`1h` and `24h`, each ending now): requests, out-of-spec rate by guarantee, time to first token p50/p95, output rate p50/p5, tool-call errors by kind and failures, with its qualification and last Quality Score. Each endpoint is named by a pseudonym (`sup_` and 12 hex digits, a keyed hash stable for the deployment), never by its id or its supplier. At most the latest 5,000 receipts of an endpoint in the window are read (`capped` says when more were left out). The list is always one page. `404` if neither an id nor a symbol names an instrument.

        :param instrument_id: The instrument's id, `instrument-<uuid>`, or its symbol in any letter case (`TEXT-STANDARD`); `404` if neither names an instrument. (required)
        :type instrument_id: str
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

        _param = self._list_instrument_scorecards_serialize(
            instrument_id=instrument_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PublicScorecardList",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_instrument_scorecards_serialize(
        self,
        instrument_id,
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
        if instrument_id is not None:
            _path_params['instrument_id'] = instrument_id
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
            resource_path='/v1/instruments/{instrument_id}/scorecards',
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
    def list_market_trades(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        status: Annotated[Optional[TradeStatus], Field(description="Only trades in this status.")] = None,
        taker_side: Annotated[Optional[OrderSide], Field(description="Only trades whose taker (incoming order) was on this side.")] = None,
        quantity_min: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at least this many Units.")] = None,
        quantity_max: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at most this many Units.")] = None,
        price_min: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or above this price (decimal string).")] = None,
        price_max: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or below this price (decimal string).")] = None,
        executed_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed at or after this time (ISO 8601 or Unix seconds).")] = None,
        executed_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `trade_id`.")] = None,
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
    ) -> MarketTradeList:
        """List a market's trades

        Every trade of the market, whoever traded (no fee, order or account fields). `side` is the taker's side. Time bounds take ISO 8601 or Unix seconds; `executed_from` is inclusive, `executed_to` exclusive. Default order: oldest first.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param status: Only trades in this status.
        :type status: TradeStatus
        :param taker_side: Only trades whose taker (incoming order) was on this side.
        :type taker_side: OrderSide
        :param quantity_min: Only trades of at least this many Units.
        :type quantity_min: int
        :param quantity_max: Only trades of at most this many Units.
        :type quantity_max: int
        :param price_min: Only trades at or above this price (decimal string).
        :type price_min: str
        :param price_max: Only trades at or below this price (decimal string).
        :type price_max: str
        :param executed_from: Only trades executed at or after this time (ISO 8601 or Unix seconds).
        :type executed_from: str
        :param executed_to: Only trades executed before this time (ISO 8601 or Unix seconds).
        :type executed_to: str
        :param order_by: Sort key; ties are broken by `trade_id`.
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

        _param = self._list_market_trades_serialize(
            market_id=market_id,
            status=status,
            taker_side=taker_side,
            quantity_min=quantity_min,
            quantity_max=quantity_max,
            price_min=price_min,
            price_max=price_max,
            executed_from=executed_from,
            executed_to=executed_to,
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
            '200': "MarketTradeList",
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
    def list_market_trades_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        status: Annotated[Optional[TradeStatus], Field(description="Only trades in this status.")] = None,
        taker_side: Annotated[Optional[OrderSide], Field(description="Only trades whose taker (incoming order) was on this side.")] = None,
        quantity_min: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at least this many Units.")] = None,
        quantity_max: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at most this many Units.")] = None,
        price_min: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or above this price (decimal string).")] = None,
        price_max: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or below this price (decimal string).")] = None,
        executed_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed at or after this time (ISO 8601 or Unix seconds).")] = None,
        executed_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `trade_id`.")] = None,
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
    ) -> ApiResponse[MarketTradeList]:
        """List a market's trades

        Every trade of the market, whoever traded (no fee, order or account fields). `side` is the taker's side. Time bounds take ISO 8601 or Unix seconds; `executed_from` is inclusive, `executed_to` exclusive. Default order: oldest first.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param status: Only trades in this status.
        :type status: TradeStatus
        :param taker_side: Only trades whose taker (incoming order) was on this side.
        :type taker_side: OrderSide
        :param quantity_min: Only trades of at least this many Units.
        :type quantity_min: int
        :param quantity_max: Only trades of at most this many Units.
        :type quantity_max: int
        :param price_min: Only trades at or above this price (decimal string).
        :type price_min: str
        :param price_max: Only trades at or below this price (decimal string).
        :type price_max: str
        :param executed_from: Only trades executed at or after this time (ISO 8601 or Unix seconds).
        :type executed_from: str
        :param executed_to: Only trades executed before this time (ISO 8601 or Unix seconds).
        :type executed_to: str
        :param order_by: Sort key; ties are broken by `trade_id`.
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

        _param = self._list_market_trades_serialize(
            market_id=market_id,
            status=status,
            taker_side=taker_side,
            quantity_min=quantity_min,
            quantity_max=quantity_max,
            price_min=price_min,
            price_max=price_max,
            executed_from=executed_from,
            executed_to=executed_to,
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
            '200': "MarketTradeList",
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
    def list_market_trades_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, description="The market's id, `market_<uuid>`.")],
        status: Annotated[Optional[TradeStatus], Field(description="Only trades in this status.")] = None,
        taker_side: Annotated[Optional[OrderSide], Field(description="Only trades whose taker (incoming order) was on this side.")] = None,
        quantity_min: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at least this many Units.")] = None,
        quantity_max: Annotated[Optional[Annotated[int, Field(strict=True, ge=1)]], Field(description="Only trades of at most this many Units.")] = None,
        price_min: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or above this price (decimal string).")] = None,
        price_max: Annotated[Optional[Annotated[str, Field(strict=True, max_length=24)]], Field(description="Only trades at or below this price (decimal string).")] = None,
        executed_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed at or after this time (ISO 8601 or Unix seconds).")] = None,
        executed_to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Only trades executed before this time (ISO 8601 or Unix seconds).")] = None,
        order_by: Annotated[Optional[StrictStr], Field(description="Sort key; ties are broken by `trade_id`.")] = None,
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
        """List a market's trades

        Every trade of the market, whoever traded (no fee, order or account fields). `side` is the taker's side. Time bounds take ISO 8601 or Unix seconds; `executed_from` is inclusive, `executed_to` exclusive. Default order: oldest first.

        :param market_id: The market's id, `market_<uuid>`. (required)
        :type market_id: str
        :param status: Only trades in this status.
        :type status: TradeStatus
        :param taker_side: Only trades whose taker (incoming order) was on this side.
        :type taker_side: OrderSide
        :param quantity_min: Only trades of at least this many Units.
        :type quantity_min: int
        :param quantity_max: Only trades of at most this many Units.
        :type quantity_max: int
        :param price_min: Only trades at or above this price (decimal string).
        :type price_min: str
        :param price_max: Only trades at or below this price (decimal string).
        :type price_max: str
        :param executed_from: Only trades executed at or after this time (ISO 8601 or Unix seconds).
        :type executed_from: str
        :param executed_to: Only trades executed before this time (ISO 8601 or Unix seconds).
        :type executed_to: str
        :param order_by: Sort key; ties are broken by `trade_id`.
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

        _param = self._list_market_trades_serialize(
            market_id=market_id,
            status=status,
            taker_side=taker_side,
            quantity_min=quantity_min,
            quantity_max=quantity_max,
            price_min=price_min,
            price_max=price_max,
            executed_from=executed_from,
            executed_to=executed_to,
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
            '200': "MarketTradeList",
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


    def _list_market_trades_serialize(
        self,
        market_id,
        status,
        taker_side,
        quantity_min,
        quantity_max,
        price_min,
        price_max,
        executed_from,
        executed_to,
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
        if market_id is not None:
            _path_params['market_id'] = market_id
        # process the query parameters
        if status is not None:
            
            _query_params.append(('status', status.value))
            
        if taker_side is not None:
            
            _query_params.append(('taker_side', taker_side.value))
            
        if quantity_min is not None:
            
            _query_params.append(('quantity_min', quantity_min))
            
        if quantity_max is not None:
            
            _query_params.append(('quantity_max', quantity_max))
            
        if price_min is not None:
            
            _query_params.append(('price_min', price_min))
            
        if price_max is not None:
            
            _query_params.append(('price_max', price_max))
            
        if executed_from is not None:
            
            _query_params.append(('executed_from', executed_from))
            
        if executed_to is not None:
            
            _query_params.append(('executed_to', executed_to))
            
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
            resource_path='/v1/markets/{market_id}/trades',
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
    def list_price_histories(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`); `404` if unknown.")],
        resolution: Annotated[PriceHistoryResolution, Field(description="Candle width.")],
        var_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Start of the range, inclusive (ISO 8601 or Unix seconds).")] = None,
        to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="End of the range, exclusive (ISO 8601 or Unix seconds).")] = None,
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
    ) -> PriceHistoryList:
        """List candles of a market

        OHLCV candles of one market at one resolution, oldest first. `time` is the start of the bucket (UTC, aligned to the resolution; `1w` weeks start on Monday at 00:00 UTC); `from` is inclusive and `to` exclusive, both ISO 8601 or Unix seconds; `from` defaults to the market's first trade, `to` to now. Buckets without a trade are omitted. `volume` is in Units. Each candle also carries the live service's names: `period_start` (= `time`) and `period_end` (the start of the next bucket, exclusive), `quote_volume` (USD paid in the bucket: Σ price × quantity), `num_trades` (= `trade_count`), and its `market_id` and `resolution`. The order is fixed: the live service's `order_by[]=period_start` (or `time`) and `order_directions[]=asc` are accepted and change nothing; another order answers `422`.

        :param market_id: The market (`market_<uuid>`); `404` if unknown. (required)
        :type market_id: str
        :param resolution: Candle width. (required)
        :type resolution: PriceHistoryResolution
        :param var_from: Start of the range, inclusive (ISO 8601 or Unix seconds).
        :type var_from: str
        :param to: End of the range, exclusive (ISO 8601 or Unix seconds).
        :type to: str
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

        _param = self._list_price_histories_serialize(
            market_id=market_id,
            resolution=resolution,
            var_from=var_from,
            to=to,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PriceHistoryList",
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
    def list_price_histories_with_http_info(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`); `404` if unknown.")],
        resolution: Annotated[PriceHistoryResolution, Field(description="Candle width.")],
        var_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Start of the range, inclusive (ISO 8601 or Unix seconds).")] = None,
        to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="End of the range, exclusive (ISO 8601 or Unix seconds).")] = None,
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
    ) -> ApiResponse[PriceHistoryList]:
        """List candles of a market

        OHLCV candles of one market at one resolution, oldest first. `time` is the start of the bucket (UTC, aligned to the resolution; `1w` weeks start on Monday at 00:00 UTC); `from` is inclusive and `to` exclusive, both ISO 8601 or Unix seconds; `from` defaults to the market's first trade, `to` to now. Buckets without a trade are omitted. `volume` is in Units. Each candle also carries the live service's names: `period_start` (= `time`) and `period_end` (the start of the next bucket, exclusive), `quote_volume` (USD paid in the bucket: Σ price × quantity), `num_trades` (= `trade_count`), and its `market_id` and `resolution`. The order is fixed: the live service's `order_by[]=period_start` (or `time`) and `order_directions[]=asc` are accepted and change nothing; another order answers `422`.

        :param market_id: The market (`market_<uuid>`); `404` if unknown. (required)
        :type market_id: str
        :param resolution: Candle width. (required)
        :type resolution: PriceHistoryResolution
        :param var_from: Start of the range, inclusive (ISO 8601 or Unix seconds).
        :type var_from: str
        :param to: End of the range, exclusive (ISO 8601 or Unix seconds).
        :type to: str
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

        _param = self._list_price_histories_serialize(
            market_id=market_id,
            resolution=resolution,
            var_from=var_from,
            to=to,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PriceHistoryList",
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
    def list_price_histories_without_preload_content(
        self,
        market_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="The market (`market_<uuid>`); `404` if unknown.")],
        resolution: Annotated[PriceHistoryResolution, Field(description="Candle width.")],
        var_from: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="Start of the range, inclusive (ISO 8601 or Unix seconds).")] = None,
        to: Annotated[Optional[Annotated[str, Field(strict=True)]], Field(description="End of the range, exclusive (ISO 8601 or Unix seconds).")] = None,
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
        """List candles of a market

        OHLCV candles of one market at one resolution, oldest first. `time` is the start of the bucket (UTC, aligned to the resolution; `1w` weeks start on Monday at 00:00 UTC); `from` is inclusive and `to` exclusive, both ISO 8601 or Unix seconds; `from` defaults to the market's first trade, `to` to now. Buckets without a trade are omitted. `volume` is in Units. Each candle also carries the live service's names: `period_start` (= `time`) and `period_end` (the start of the next bucket, exclusive), `quote_volume` (USD paid in the bucket: Σ price × quantity), `num_trades` (= `trade_count`), and its `market_id` and `resolution`. The order is fixed: the live service's `order_by[]=period_start` (or `time`) and `order_directions[]=asc` are accepted and change nothing; another order answers `422`.

        :param market_id: The market (`market_<uuid>`); `404` if unknown. (required)
        :type market_id: str
        :param resolution: Candle width. (required)
        :type resolution: PriceHistoryResolution
        :param var_from: Start of the range, inclusive (ISO 8601 or Unix seconds).
        :type var_from: str
        :param to: End of the range, exclusive (ISO 8601 or Unix seconds).
        :type to: str
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

        _param = self._list_price_histories_serialize(
            market_id=market_id,
            resolution=resolution,
            var_from=var_from,
            to=to,
            next=next,
            prev=prev,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "PriceHistoryList",
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


    def _list_price_histories_serialize(
        self,
        market_id,
        resolution,
        var_from,
        to,
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
            
        if resolution is not None:
            
            _query_params.append(('resolution', resolution.value))
            
        if var_from is not None:
            
            _query_params.append(('from', var_from))
            
        if to is not None:
            
            _query_params.append(('to', to))
            
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
            resource_path='/v1/price-histories',
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


