# GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
# coding: utf-8

# flake8: noqa
"""
    mkt trading API

    The trading API of **mkt**, a real-time spot market for AI inference. Suppliers sell Units of standardised instruments (`text-standard` … `agent-max`) on one central limit order book per instrument; buyers place orders, receive Units in their trading account, and transfer them to a consumption account to run inference on the consumption API. One Unit is `tokens_per_unit` tokens of the instrument (1,000,000 by default); prices are USD per Unit.  ## Authentication  Every operation except `GET /v1/health` takes one of two credentials:  - an **Ed25519 signature** made with a trading signing key (below): the credential of bots and   servers, which need no login and no token refresh; - an **OAuth access token** of the platform API (`Authorization: Bearer mkt_at_…`, from the   device flow at `{platform_url}/v1/oauth/device/code`), as a command line sends it once   logged in. Each operation names the scope its token needs:    | Scope | Opens |   |---|---|   | `trade:read` | every read (`GET`): identity, instruments, markets, market data, orders, trades, accounts, transfers, limits, diagnostics |   | `trade:write` | every change: orders (create, batch, amend, cancel, cancel by market, bulk cancel, batch cancel, the dead-man's switch) and transfers |   | `supply:read`, `supply:write` | listing and issuing supply (`/v1/supply-issuances`), endpoints (`/v1/supply/endpoints`) |    A token without the operation's scope is refused with `403 insufficient_scope` before   anything is read or changed; `errors.detail` names the missing scope and `errors.context`   lists the needed and the granted ones. An unknown, expired or revoked token is   `401 invalid_token` (refresh it with the refresh token, or log in again).  A consumption API key is never accepted here. A request that carries a signature header is authenticated by its signature alone: an `Authorization` header beside it is ignored, and a bad signature is refused even if the token is good. Everything else works the same with either credential: the same user, limits, Auto Mode rule and answers. Where an answer describes the signing key (`signing_key` of `GET /v1/me`, the first check of `GET /v1/diagnostics`), a token's request gets `null` and a description of the token instead.  ## Signing requests  1. Generate an Ed25519 keypair on the client; the private key never leaves it (keep it as base64    of the raw 32-byte seed or the 64-byte secret key, not PEM). 2. Register the public key — base64 of its raw 32 bytes — in the dashboard or with    `POST {platform_url}/v1/signing-keys`. The answer carries the key's **fingerprint**: SHA-256    of the raw public key, base64 without padding. 3. For each request build the **signed string** by concatenating, with no separators:    1. the Unix time in whole seconds, as a decimal string;    2. the HTTP method in upper case (`GET`, `POST`, `PUT`, `DELETE`);    3. the request path only, without the query string (for `GET /v1/orders?status=filled`       sign `/v1/orders`), exactly as sent on the request line;    4. the raw request body exactly as sent, byte for byte; the empty string for `GET` and       `DELETE` without a body. Query parameters are never signed. 4. Sign the string with the private key and send three headers:     | Header | Value |    |---|---|    | `x-mkt-signature` | base64 of the 64-byte Ed25519 signature |    | `x-mkt-timestamp` | the same timestamp string that starts the signed string |    | `x-mkt-fingerprint` | the key's fingerprint |  The timestamp must lie **within 30 seconds** of server time, in either direction; otherwise the answer is `401` with code `timestamp_out_of_range` and `errors.context` = `{max_drift_seconds, observed_drift_seconds, request_timestamp, server_timestamp}` (`server_time` in the body tells you the server's clock). Sign each request, including each retry, with a fresh timestamp. On any `401`, check clock drift first, then the signed string (are you signing the raw body you send, and the path without the query?), then the fingerprint.  ### Each signature of a write is good once  The query string is not signed, and Ed25519 signatures are deterministic: a request captured on its way could otherwise be sent again, even with another query (a `DELETE /v1/orders?side=sell` resent as `DELETE /v1/orders`). So the signature of a `POST`, `PUT`, `PATCH` or `DELETE` is accepted **once**, by every server of the service: its second use inside the 30-second window is `401` with code `signature_replayed`, whatever the first use answered.  - Two identical writes signed in the same second carry the same signature, so the second is   refused. Make them differ: give each order its own `client_order_id`, which also makes a retry   after a lost answer safe (the retry, signed afresh, gets `422` naming the first order if it   was placed). - Sign every retry with a fresh timestamp; resending the same signed bytes is a replay. - Signed reads (`GET`) are not refused on a second use. They change nothing, so a replay can only   read again, within 30 seconds, what the key may read; and because the query is not signed,   `GET /v1/orders?status=open` and `GET /v1/orders?status=filled` signed in one second carry one   signature, which a client polling several lists at once must be able to send.  ### Worked example  The keypair of RFC 8032 test 1 (never use it for real):  | | | |---|---| | private key (base64 seed) | `nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=` | | public key (base64) | `11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=` | | fingerprint | `If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk` |  Placing an order at 2026-11-22T10:15:30Z (Unix `1795342530`) with the body `{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"}` signs the string  ``` 1795342530POST/v1/orders{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"} ```  and sends  ``` POST /v1/orders HTTP/1.1 Content-Type: application/json x-mkt-timestamp: 1795342530 x-mkt-fingerprint: If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk x-mkt-signature: zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ== ```  `GET /v1/orders?status=open` at the same second signs `1795342530GET/v1/orders` and sends `x-mkt-signature: N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==`.  ## Conventions  - **Envelopes.** One object is `{data: …}`; a list is `{data: […], paging: {has_more,   next_cursor, prev_cursor}}`. Errors are `{errors: {code, detail, message, server_time,   context?}}`: branch on `code`, show `detail` to people (`message` is the same text). - **Paging.** `limit` (default 50, at most 100), `next` = a previous `next_cursor`, `prev` = a   previous `prev_cursor`; `next` and `prev` are mutually exclusive. Cursors are opaque and   belong to the sort they were issued for. - **Numbers.** Prices (USD per Unit, at most 4 decimals) and USD amounts (at most 6 decimals)   are decimal strings, never JSON numbers. Quantities of Units are integers. - **Ids** are opaque; use them exactly as returned. Never derive a market or instrument id from   a symbol. Shapes: `instrument-<uuid>`, `market_<uuid>`, `order_<16 A-Z0-9>`, `trade_<uuid>`,   `user_<uuid>`, `trading_account_<hex>`, `consumption_account_<hex>`, `transfer_<uuid>`,   `supply_issuance_<uuid>`. An unknown or malformed id in a path answers `404`. - **Instrument symbols.** Wherever an instrument id is accepted (an `instrument_id` path or   query parameter, or an `instrument_id` body field), the instrument's symbol in any letter   case is accepted too (`TEXT-STANDARD`, `text-standard`), as is a model alias of   `GET /v1/models` (`mistral-latest`). A symbol that names no instrument answers `404`   in a path and `422` naming the parameter in a query or body. - **Time.** ISO 8601 UTC; trades carry microseconds. Time filters accept ISO 8601 or Unix   seconds. - **Unknown query parameters** are refused with `422 validation_error`. - **Filter spellings of the live service.** Every list also accepts the query spellings of   Phoenix Flop, which the live service's CLI sends:   `flop[filters][i][field]`, `flop[filters][i][op]`, `flop[filters][i][value]` (or   `filters[i][…]`) filter on the list's query parameter named `field`: `op` `==` (the default)   sets it; `>=` and `<=` set its `_min`/`_from` and `_max`/`_to` parameter where the list has   one. `order_by[]` and `order_directions[]` are `order_by` and `order_direction` (one sort   key), and `page_size` is `limit`. So   `GET /v1/orders?flop[filters][0][field]=status&flop[filters][0][value]=open&page_size=20`   is `GET /v1/orders?status=open&limit=20`. A field that is not a parameter of the list, or   another `op`, answers `422` naming it; two spellings of one parameter with different values   (`status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled`) answer `422`   naming both. - **Quantities as digits.** The `quantity` of an order (`POST /v1/orders`, its batch and   `PUT /v1/orders/{order_id}`) may also be sent as a string of decimal digits (`\"5\"`), as the   live service's CLI sends it; `\"1.5\"`, `\"-1\"`, `\"1e3\"`, `\"\"` or a leading zero answer `422`   naming `quantity`. - **Auto Mode.** In Auto Mode (the default for new accounts) the service buys capacity for you:   order create, amend and cancel answer `403 auto_mode_trading_restricted`; every read,   transfers and supply issuance still work. Switch to Advanced Mode with   `POST {platform_url}/v1/self/system-settings/account-mode`. - **Rate limits.** Order creation is limited per user and market (read the effective values   with `GET /v1/account/limits`); `201` answers carry `x-ratelimit-limit` (the bucket's   capacity) and `x-ratelimit-remaining` (what it still holds), a `429` carries `Retry-After`. Bulk cancellation has its own,   separate throttle. - **Retries.** Retry `429`, `500` and `503` with exponential backoff and jitter from 1 second;   never retry `400`, `401`, `404`, `409` or `422` unchanged. Use `client_order_id` to make   order submission retries idempotent. - Every response carries `x-request-id`; quote it to support. Every response also carries   `server-timing` (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…` in   milliseconds spent authenticating, in the operation, and in all up to the response's   headers. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501

# import models into model package
from mkt_trading.models.account_limits import AccountLimits
from mkt_trading.models.account_limits_response import AccountLimitsResponse
from mkt_trading.models.account_mode import AccountMode
from mkt_trading.models.account_status import AccountStatus
from mkt_trading.models.amend_order_request import AmendOrderRequest
from mkt_trading.models.batch_cancel_request import BatchCancelRequest
from mkt_trading.models.batch_cancel_response import BatchCancelResponse
from mkt_trading.models.batch_cancel_result import BatchCancelResult
from mkt_trading.models.cancel_all_after_request import CancelAllAfterRequest
from mkt_trading.models.cancelled_count import CancelledCount
from mkt_trading.models.cancelled_count_response import CancelledCountResponse
from mkt_trading.models.closure_reason import ClosureReason
from mkt_trading.models.consumption_account import ConsumptionAccount
from mkt_trading.models.consumption_account_list import ConsumptionAccountList
from mkt_trading.models.consumption_account_response import ConsumptionAccountResponse
from mkt_trading.models.create_order_batch_request import CreateOrderBatchRequest
from mkt_trading.models.create_order_batch_response import CreateOrderBatchResponse
from mkt_trading.models.create_order_request import CreateOrderRequest
from mkt_trading.models.create_supplier_endpoint_request import CreateSupplierEndpointRequest
from mkt_trading.models.create_supply_issuance_request import CreateSupplyIssuanceRequest
from mkt_trading.models.create_transfer_request import CreateTransferRequest
from mkt_trading.models.created_order import CreatedOrder
from mkt_trading.models.created_order_response import CreatedOrderResponse
from mkt_trading.models.currency_trading_account import CurrencyTradingAccount
from mkt_trading.models.currency_trading_account_list import CurrencyTradingAccountList
from mkt_trading.models.currency_trading_account_response import CurrencyTradingAccountResponse
from mkt_trading.models.dead_man_switch import DeadManSwitch
from mkt_trading.models.dead_man_switch_response import DeadManSwitchResponse
from mkt_trading.models.diagnostics import Diagnostics
from mkt_trading.models.diagnostics_check import DiagnosticsCheck
from mkt_trading.models.diagnostics_response import DiagnosticsResponse
from mkt_trading.models.diagnostics_status import DiagnosticsStatus
from mkt_trading.models.endpoint_instrument import EndpointInstrument
from mkt_trading.models.endpoint_standing import EndpointStanding
from mkt_trading.models.error_body import ErrorBody
from mkt_trading.models.error_code import ErrorCode
from mkt_trading.models.error_envelope import ErrorEnvelope
from mkt_trading.models.health import Health
from mkt_trading.models.health_response import HealthResponse
from mkt_trading.models.instrument import Instrument
from mkt_trading.models.instrument_ai_specs import InstrumentAiSpecs
from mkt_trading.models.instrument_basic_info import InstrumentBasicInfo
from mkt_trading.models.instrument_list import InstrumentList
from mkt_trading.models.instrument_response import InstrumentResponse
from mkt_trading.models.instrument_status import InstrumentStatus
from mkt_trading.models.instrument_trading_params import InstrumentTradingParams
from mkt_trading.models.instrument_type import InstrumentType
from mkt_trading.models.issuance_account import IssuanceAccount
from mkt_trading.models.issuance_account_list import IssuanceAccountList
from mkt_trading.models.issuance_transfer import IssuanceTransfer
from mkt_trading.models.issuance_transfer_request import IssuanceTransferRequest
from mkt_trading.models.issuance_transfer_response import IssuanceTransferResponse
from mkt_trading.models.last_canary import LastCanary
from mkt_trading.models.market import Market
from mkt_trading.models.market_controls import MarketControls
from mkt_trading.models.market_controls_response import MarketControlsResponse
from mkt_trading.models.market_instrument import MarketInstrument
from mkt_trading.models.market_list import MarketList
from mkt_trading.models.market_order_count import MarketOrderCount
from mkt_trading.models.market_response import MarketResponse
from mkt_trading.models.market_stats import MarketStats
from mkt_trading.models.market_stats_response import MarketStatsResponse
from mkt_trading.models.market_status import MarketStatus
from mkt_trading.models.market_trade import MarketTrade
from mkt_trading.models.market_trade_list import MarketTradeList
from mkt_trading.models.market_type import MarketType
from mkt_trading.models.me import Me
from mkt_trading.models.me_response import MeResponse
from mkt_trading.models.order import Order
from mkt_trading.models.order_batch_placed import OrderBatchPlaced
from mkt_trading.models.order_batch_refused import OrderBatchRefused
from mkt_trading.models.order_batch_result import OrderBatchResult
from mkt_trading.models.order_book import OrderBook
from mkt_trading.models.order_book_level import OrderBookLevel
from mkt_trading.models.order_book_response import OrderBookResponse
from mkt_trading.models.order_controls import OrderControls
from mkt_trading.models.order_count import OrderCount
from mkt_trading.models.order_count_response import OrderCountResponse
from mkt_trading.models.order_direction import OrderDirection
from mkt_trading.models.order_list import OrderList
from mkt_trading.models.order_rate_limits import OrderRateLimits
from mkt_trading.models.order_response import OrderResponse
from mkt_trading.models.order_side import OrderSide
from mkt_trading.models.order_status import OrderStatus
from mkt_trading.models.order_status_filter import OrderStatusFilter
from mkt_trading.models.order_type import OrderType
from mkt_trading.models.paging import Paging
from mkt_trading.models.position import Position
from mkt_trading.models.position_list import PositionList
from mkt_trading.models.position_status import PositionStatus
from mkt_trading.models.price_history import PriceHistory
from mkt_trading.models.price_history_list import PriceHistoryList
from mkt_trading.models.price_history_resolution import PriceHistoryResolution
from mkt_trading.models.public_scorecard import PublicScorecard
from mkt_trading.models.public_scorecard_list import PublicScorecardList
from mkt_trading.models.qualification_guarantee_result import QualificationGuaranteeResult
from mkt_trading.models.qualification_probe_result import QualificationProbeResult
from mkt_trading.models.qualification_report import QualificationReport
from mkt_trading.models.qualification_run import QualificationRun
from mkt_trading.models.qualification_run_list import QualificationRunList
from mkt_trading.models.qualification_run_response import QualificationRunResponse
from mkt_trading.models.rate_limit_header_names import RateLimitHeaderNames
from mkt_trading.models.scorecard_window import ScorecardWindow
from mkt_trading.models.scorecard_window_breaches_inner import ScorecardWindowBreachesInner
from mkt_trading.models.scorecard_window_canaries import ScorecardWindowCanaries
from mkt_trading.models.scorecard_window_failed_before_first_byte import ScorecardWindowFailedBeforeFirstByte
from mkt_trading.models.scorecard_window_output_tokens_per_second import ScorecardWindowOutputTokensPerSecond
from mkt_trading.models.scorecard_window_time_to_first_token_ms import ScorecardWindowTimeToFirstTokenMs
from mkt_trading.models.scorecard_window_tool_call_errors import ScorecardWindowToolCallErrors
from mkt_trading.models.self_trade_prevention import SelfTradePrevention
from mkt_trading.models.signing_key_ref import SigningKeyRef
from mkt_trading.models.supplier_endpoint import SupplierEndpoint
from mkt_trading.models.supplier_endpoint_list import SupplierEndpointList
from mkt_trading.models.supplier_endpoint_response import SupplierEndpointResponse
from mkt_trading.models.supplier_liability import SupplierLiability
from mkt_trading.models.supplier_liability_list import SupplierLiabilityList
from mkt_trading.models.supplier_liability_response import SupplierLiabilityResponse
from mkt_trading.models.supplier_scorecard import SupplierScorecard
from mkt_trading.models.supplier_scorecard_list import SupplierScorecardList
from mkt_trading.models.supply_issuance import SupplyIssuance
from mkt_trading.models.supply_issuance_list import SupplyIssuanceList
from mkt_trading.models.supply_issuance_response import SupplyIssuanceResponse
from mkt_trading.models.supply_summary_response import SupplySummaryResponse
from mkt_trading.models.supply_summary_row import SupplySummaryRow
from mkt_trading.models.suspended_by import SuspendedBy
from mkt_trading.models.ticker import Ticker
from mkt_trading.models.ticker_response import TickerResponse
from mkt_trading.models.time_in_force import TimeInForce
from mkt_trading.models.trade import Trade
from mkt_trading.models.trade_list import TradeList
from mkt_trading.models.trade_response import TradeResponse
from mkt_trading.models.trade_status import TradeStatus
from mkt_trading.models.trading_account import TradingAccount
from mkt_trading.models.trading_account_list import TradingAccountList
from mkt_trading.models.trading_account_response import TradingAccountResponse
from mkt_trading.models.trading_capability import TradingCapability
from mkt_trading.models.transfer import Transfer
from mkt_trading.models.transfer_account_type import TransferAccountType
from mkt_trading.models.transfer_history import TransferHistory
from mkt_trading.models.transfer_history_kind import TransferHistoryKind
from mkt_trading.models.transfer_history_list import TransferHistoryList
from mkt_trading.models.transfer_list import TransferList
from mkt_trading.models.transfer_response import TransferResponse
from mkt_trading.models.transfer_status import TransferStatus
from mkt_trading.models.update_supplier_endpoint_request import UpdateSupplierEndpointRequest

