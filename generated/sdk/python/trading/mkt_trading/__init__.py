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


__version__ = "1.0.0"

# Define package exports
__all__ = [
    "AccountsApi",
    "IdentityApi",
    "MarketDataApi",
    "OrdersApi",
    "ReferenceApi",
    "SupplyApi",
    "TradesApi",
    "TransfersApi",
    "ApiResponse",
    "ApiClient",
    "Configuration",
    "OpenApiException",
    "ApiTypeError",
    "ApiValueError",
    "ApiKeyError",
    "ApiAttributeError",
    "ApiException",
    "AccountLimits",
    "AccountLimitsResponse",
    "AccountMode",
    "AccountStatus",
    "AmendOrderRequest",
    "BatchCancelRequest",
    "BatchCancelResponse",
    "BatchCancelResult",
    "CancelAllAfterRequest",
    "CancelledCount",
    "CancelledCountResponse",
    "ClosureReason",
    "ConsumptionAccount",
    "ConsumptionAccountList",
    "ConsumptionAccountResponse",
    "CreateOrderBatchRequest",
    "CreateOrderBatchResponse",
    "CreateOrderRequest",
    "CreateSupplierEndpointRequest",
    "CreateSupplyIssuanceRequest",
    "CreateTransferRequest",
    "CreatedOrder",
    "CreatedOrderResponse",
    "CurrencyTradingAccount",
    "CurrencyTradingAccountList",
    "CurrencyTradingAccountResponse",
    "DeadManSwitch",
    "DeadManSwitchResponse",
    "Diagnostics",
    "DiagnosticsCheck",
    "DiagnosticsResponse",
    "DiagnosticsStatus",
    "EarningsFigures",
    "EarningsPeriod",
    "EarningsPeriodFigures",
    "EarningsTotals",
    "EndpointInstrument",
    "EndpointStanding",
    "ErrorBody",
    "ErrorCode",
    "ErrorEnvelope",
    "Health",
    "HealthResponse",
    "Instrument",
    "InstrumentAiSpecs",
    "InstrumentBasicInfo",
    "InstrumentEarnings",
    "InstrumentList",
    "InstrumentResponse",
    "InstrumentStatus",
    "InstrumentTradingParams",
    "InstrumentType",
    "IssuanceAccount",
    "IssuanceAccountList",
    "IssuanceTransfer",
    "IssuanceTransferRequest",
    "IssuanceTransferResponse",
    "LastCanary",
    "Market",
    "MarketControls",
    "MarketControlsResponse",
    "MarketInstrument",
    "MarketList",
    "MarketOrderCount",
    "MarketResponse",
    "MarketStats",
    "MarketStatsResponse",
    "MarketStatus",
    "MarketTrade",
    "MarketTradeList",
    "MarketType",
    "Me",
    "MeResponse",
    "Order",
    "OrderBatchPlaced",
    "OrderBatchRefused",
    "OrderBatchResult",
    "OrderBook",
    "OrderBookLevel",
    "OrderBookResponse",
    "OrderControls",
    "OrderCount",
    "OrderCountResponse",
    "OrderDirection",
    "OrderList",
    "OrderRateLimits",
    "OrderResponse",
    "OrderSide",
    "OrderStatus",
    "OrderStatusFilter",
    "OrderType",
    "Paging",
    "Position",
    "PositionList",
    "PositionStatus",
    "PriceHistory",
    "PriceHistoryList",
    "PriceHistoryResolution",
    "PublicScorecard",
    "PublicScorecardList",
    "QualificationGuaranteeResult",
    "QualificationProbeResult",
    "QualificationReport",
    "QualificationRun",
    "QualificationRunList",
    "QualificationRunResponse",
    "RateLimitHeaderNames",
    "ScorecardWindow",
    "ScorecardWindowBreachesInner",
    "ScorecardWindowCanaries",
    "ScorecardWindowFailedBeforeFirstByte",
    "ScorecardWindowOutputTokensPerSecond",
    "ScorecardWindowTimeToFirstTokenMs",
    "ScorecardWindowToolCallErrors",
    "SelfTradePrevention",
    "SigningKeyRef",
    "SupplierEndpoint",
    "SupplierEndpointList",
    "SupplierEndpointResponse",
    "SupplierLiability",
    "SupplierLiabilityList",
    "SupplierLiabilityResponse",
    "SupplierScorecard",
    "SupplierScorecardList",
    "SupplyEarnings",
    "SupplyEarningsResponse",
    "SupplyIssuance",
    "SupplyIssuanceList",
    "SupplyIssuanceResponse",
    "SupplySummaryResponse",
    "SupplySummaryRow",
    "SuspendedBy",
    "Ticker",
    "TickerResponse",
    "TimeInForce",
    "Trade",
    "TradeList",
    "TradeResponse",
    "TradeStatus",
    "TradingAccount",
    "TradingAccountList",
    "TradingAccountResponse",
    "TradingCapability",
    "Transfer",
    "TransferAccountType",
    "TransferHistory",
    "TransferHistoryKind",
    "TransferHistoryList",
    "TransferList",
    "TransferResponse",
    "TransferStatus",
    "UpdateSupplierEndpointRequest",
    "WithdrawalsPaidPeriod",
]

# import apis into sdk package
from mkt_trading.api.accounts_api import AccountsApi as AccountsApi
from mkt_trading.api.identity_api import IdentityApi as IdentityApi
from mkt_trading.api.market_data_api import MarketDataApi as MarketDataApi
from mkt_trading.api.orders_api import OrdersApi as OrdersApi
from mkt_trading.api.reference_api import ReferenceApi as ReferenceApi
from mkt_trading.api.supply_api import SupplyApi as SupplyApi
from mkt_trading.api.trades_api import TradesApi as TradesApi
from mkt_trading.api.transfers_api import TransfersApi as TransfersApi

# import ApiClient
from mkt_trading.api_response import ApiResponse as ApiResponse
from mkt_trading.api_client import ApiClient as ApiClient
from mkt_trading.configuration import Configuration as Configuration
from mkt_trading.exceptions import OpenApiException as OpenApiException
from mkt_trading.exceptions import ApiTypeError as ApiTypeError
from mkt_trading.exceptions import ApiValueError as ApiValueError
from mkt_trading.exceptions import ApiKeyError as ApiKeyError
from mkt_trading.exceptions import ApiAttributeError as ApiAttributeError
from mkt_trading.exceptions import ApiException as ApiException

# import models into sdk package
from mkt_trading.models.account_limits import AccountLimits as AccountLimits
from mkt_trading.models.account_limits_response import AccountLimitsResponse as AccountLimitsResponse
from mkt_trading.models.account_mode import AccountMode as AccountMode
from mkt_trading.models.account_status import AccountStatus as AccountStatus
from mkt_trading.models.amend_order_request import AmendOrderRequest as AmendOrderRequest
from mkt_trading.models.batch_cancel_request import BatchCancelRequest as BatchCancelRequest
from mkt_trading.models.batch_cancel_response import BatchCancelResponse as BatchCancelResponse
from mkt_trading.models.batch_cancel_result import BatchCancelResult as BatchCancelResult
from mkt_trading.models.cancel_all_after_request import CancelAllAfterRequest as CancelAllAfterRequest
from mkt_trading.models.cancelled_count import CancelledCount as CancelledCount
from mkt_trading.models.cancelled_count_response import CancelledCountResponse as CancelledCountResponse
from mkt_trading.models.closure_reason import ClosureReason as ClosureReason
from mkt_trading.models.consumption_account import ConsumptionAccount as ConsumptionAccount
from mkt_trading.models.consumption_account_list import ConsumptionAccountList as ConsumptionAccountList
from mkt_trading.models.consumption_account_response import ConsumptionAccountResponse as ConsumptionAccountResponse
from mkt_trading.models.create_order_batch_request import CreateOrderBatchRequest as CreateOrderBatchRequest
from mkt_trading.models.create_order_batch_response import CreateOrderBatchResponse as CreateOrderBatchResponse
from mkt_trading.models.create_order_request import CreateOrderRequest as CreateOrderRequest
from mkt_trading.models.create_supplier_endpoint_request import CreateSupplierEndpointRequest as CreateSupplierEndpointRequest
from mkt_trading.models.create_supply_issuance_request import CreateSupplyIssuanceRequest as CreateSupplyIssuanceRequest
from mkt_trading.models.create_transfer_request import CreateTransferRequest as CreateTransferRequest
from mkt_trading.models.created_order import CreatedOrder as CreatedOrder
from mkt_trading.models.created_order_response import CreatedOrderResponse as CreatedOrderResponse
from mkt_trading.models.currency_trading_account import CurrencyTradingAccount as CurrencyTradingAccount
from mkt_trading.models.currency_trading_account_list import CurrencyTradingAccountList as CurrencyTradingAccountList
from mkt_trading.models.currency_trading_account_response import CurrencyTradingAccountResponse as CurrencyTradingAccountResponse
from mkt_trading.models.dead_man_switch import DeadManSwitch as DeadManSwitch
from mkt_trading.models.dead_man_switch_response import DeadManSwitchResponse as DeadManSwitchResponse
from mkt_trading.models.diagnostics import Diagnostics as Diagnostics
from mkt_trading.models.diagnostics_check import DiagnosticsCheck as DiagnosticsCheck
from mkt_trading.models.diagnostics_response import DiagnosticsResponse as DiagnosticsResponse
from mkt_trading.models.diagnostics_status import DiagnosticsStatus as DiagnosticsStatus
from mkt_trading.models.earnings_figures import EarningsFigures as EarningsFigures
from mkt_trading.models.earnings_period import EarningsPeriod as EarningsPeriod
from mkt_trading.models.earnings_period_figures import EarningsPeriodFigures as EarningsPeriodFigures
from mkt_trading.models.earnings_totals import EarningsTotals as EarningsTotals
from mkt_trading.models.endpoint_instrument import EndpointInstrument as EndpointInstrument
from mkt_trading.models.endpoint_standing import EndpointStanding as EndpointStanding
from mkt_trading.models.error_body import ErrorBody as ErrorBody
from mkt_trading.models.error_code import ErrorCode as ErrorCode
from mkt_trading.models.error_envelope import ErrorEnvelope as ErrorEnvelope
from mkt_trading.models.health import Health as Health
from mkt_trading.models.health_response import HealthResponse as HealthResponse
from mkt_trading.models.instrument import Instrument as Instrument
from mkt_trading.models.instrument_ai_specs import InstrumentAiSpecs as InstrumentAiSpecs
from mkt_trading.models.instrument_basic_info import InstrumentBasicInfo as InstrumentBasicInfo
from mkt_trading.models.instrument_earnings import InstrumentEarnings as InstrumentEarnings
from mkt_trading.models.instrument_list import InstrumentList as InstrumentList
from mkt_trading.models.instrument_response import InstrumentResponse as InstrumentResponse
from mkt_trading.models.instrument_status import InstrumentStatus as InstrumentStatus
from mkt_trading.models.instrument_trading_params import InstrumentTradingParams as InstrumentTradingParams
from mkt_trading.models.instrument_type import InstrumentType as InstrumentType
from mkt_trading.models.issuance_account import IssuanceAccount as IssuanceAccount
from mkt_trading.models.issuance_account_list import IssuanceAccountList as IssuanceAccountList
from mkt_trading.models.issuance_transfer import IssuanceTransfer as IssuanceTransfer
from mkt_trading.models.issuance_transfer_request import IssuanceTransferRequest as IssuanceTransferRequest
from mkt_trading.models.issuance_transfer_response import IssuanceTransferResponse as IssuanceTransferResponse
from mkt_trading.models.last_canary import LastCanary as LastCanary
from mkt_trading.models.market import Market as Market
from mkt_trading.models.market_controls import MarketControls as MarketControls
from mkt_trading.models.market_controls_response import MarketControlsResponse as MarketControlsResponse
from mkt_trading.models.market_instrument import MarketInstrument as MarketInstrument
from mkt_trading.models.market_list import MarketList as MarketList
from mkt_trading.models.market_order_count import MarketOrderCount as MarketOrderCount
from mkt_trading.models.market_response import MarketResponse as MarketResponse
from mkt_trading.models.market_stats import MarketStats as MarketStats
from mkt_trading.models.market_stats_response import MarketStatsResponse as MarketStatsResponse
from mkt_trading.models.market_status import MarketStatus as MarketStatus
from mkt_trading.models.market_trade import MarketTrade as MarketTrade
from mkt_trading.models.market_trade_list import MarketTradeList as MarketTradeList
from mkt_trading.models.market_type import MarketType as MarketType
from mkt_trading.models.me import Me as Me
from mkt_trading.models.me_response import MeResponse as MeResponse
from mkt_trading.models.order import Order as Order
from mkt_trading.models.order_batch_placed import OrderBatchPlaced as OrderBatchPlaced
from mkt_trading.models.order_batch_refused import OrderBatchRefused as OrderBatchRefused
from mkt_trading.models.order_batch_result import OrderBatchResult as OrderBatchResult
from mkt_trading.models.order_book import OrderBook as OrderBook
from mkt_trading.models.order_book_level import OrderBookLevel as OrderBookLevel
from mkt_trading.models.order_book_response import OrderBookResponse as OrderBookResponse
from mkt_trading.models.order_controls import OrderControls as OrderControls
from mkt_trading.models.order_count import OrderCount as OrderCount
from mkt_trading.models.order_count_response import OrderCountResponse as OrderCountResponse
from mkt_trading.models.order_direction import OrderDirection as OrderDirection
from mkt_trading.models.order_list import OrderList as OrderList
from mkt_trading.models.order_rate_limits import OrderRateLimits as OrderRateLimits
from mkt_trading.models.order_response import OrderResponse as OrderResponse
from mkt_trading.models.order_side import OrderSide as OrderSide
from mkt_trading.models.order_status import OrderStatus as OrderStatus
from mkt_trading.models.order_status_filter import OrderStatusFilter as OrderStatusFilter
from mkt_trading.models.order_type import OrderType as OrderType
from mkt_trading.models.paging import Paging as Paging
from mkt_trading.models.position import Position as Position
from mkt_trading.models.position_list import PositionList as PositionList
from mkt_trading.models.position_status import PositionStatus as PositionStatus
from mkt_trading.models.price_history import PriceHistory as PriceHistory
from mkt_trading.models.price_history_list import PriceHistoryList as PriceHistoryList
from mkt_trading.models.price_history_resolution import PriceHistoryResolution as PriceHistoryResolution
from mkt_trading.models.public_scorecard import PublicScorecard as PublicScorecard
from mkt_trading.models.public_scorecard_list import PublicScorecardList as PublicScorecardList
from mkt_trading.models.qualification_guarantee_result import QualificationGuaranteeResult as QualificationGuaranteeResult
from mkt_trading.models.qualification_probe_result import QualificationProbeResult as QualificationProbeResult
from mkt_trading.models.qualification_report import QualificationReport as QualificationReport
from mkt_trading.models.qualification_run import QualificationRun as QualificationRun
from mkt_trading.models.qualification_run_list import QualificationRunList as QualificationRunList
from mkt_trading.models.qualification_run_response import QualificationRunResponse as QualificationRunResponse
from mkt_trading.models.rate_limit_header_names import RateLimitHeaderNames as RateLimitHeaderNames
from mkt_trading.models.scorecard_window import ScorecardWindow as ScorecardWindow
from mkt_trading.models.scorecard_window_breaches_inner import ScorecardWindowBreachesInner as ScorecardWindowBreachesInner
from mkt_trading.models.scorecard_window_canaries import ScorecardWindowCanaries as ScorecardWindowCanaries
from mkt_trading.models.scorecard_window_failed_before_first_byte import ScorecardWindowFailedBeforeFirstByte as ScorecardWindowFailedBeforeFirstByte
from mkt_trading.models.scorecard_window_output_tokens_per_second import ScorecardWindowOutputTokensPerSecond as ScorecardWindowOutputTokensPerSecond
from mkt_trading.models.scorecard_window_time_to_first_token_ms import ScorecardWindowTimeToFirstTokenMs as ScorecardWindowTimeToFirstTokenMs
from mkt_trading.models.scorecard_window_tool_call_errors import ScorecardWindowToolCallErrors as ScorecardWindowToolCallErrors
from mkt_trading.models.self_trade_prevention import SelfTradePrevention as SelfTradePrevention
from mkt_trading.models.signing_key_ref import SigningKeyRef as SigningKeyRef
from mkt_trading.models.supplier_endpoint import SupplierEndpoint as SupplierEndpoint
from mkt_trading.models.supplier_endpoint_list import SupplierEndpointList as SupplierEndpointList
from mkt_trading.models.supplier_endpoint_response import SupplierEndpointResponse as SupplierEndpointResponse
from mkt_trading.models.supplier_liability import SupplierLiability as SupplierLiability
from mkt_trading.models.supplier_liability_list import SupplierLiabilityList as SupplierLiabilityList
from mkt_trading.models.supplier_liability_response import SupplierLiabilityResponse as SupplierLiabilityResponse
from mkt_trading.models.supplier_scorecard import SupplierScorecard as SupplierScorecard
from mkt_trading.models.supplier_scorecard_list import SupplierScorecardList as SupplierScorecardList
from mkt_trading.models.supply_earnings import SupplyEarnings as SupplyEarnings
from mkt_trading.models.supply_earnings_response import SupplyEarningsResponse as SupplyEarningsResponse
from mkt_trading.models.supply_issuance import SupplyIssuance as SupplyIssuance
from mkt_trading.models.supply_issuance_list import SupplyIssuanceList as SupplyIssuanceList
from mkt_trading.models.supply_issuance_response import SupplyIssuanceResponse as SupplyIssuanceResponse
from mkt_trading.models.supply_summary_response import SupplySummaryResponse as SupplySummaryResponse
from mkt_trading.models.supply_summary_row import SupplySummaryRow as SupplySummaryRow
from mkt_trading.models.suspended_by import SuspendedBy as SuspendedBy
from mkt_trading.models.ticker import Ticker as Ticker
from mkt_trading.models.ticker_response import TickerResponse as TickerResponse
from mkt_trading.models.time_in_force import TimeInForce as TimeInForce
from mkt_trading.models.trade import Trade as Trade
from mkt_trading.models.trade_list import TradeList as TradeList
from mkt_trading.models.trade_response import TradeResponse as TradeResponse
from mkt_trading.models.trade_status import TradeStatus as TradeStatus
from mkt_trading.models.trading_account import TradingAccount as TradingAccount
from mkt_trading.models.trading_account_list import TradingAccountList as TradingAccountList
from mkt_trading.models.trading_account_response import TradingAccountResponse as TradingAccountResponse
from mkt_trading.models.trading_capability import TradingCapability as TradingCapability
from mkt_trading.models.transfer import Transfer as Transfer
from mkt_trading.models.transfer_account_type import TransferAccountType as TransferAccountType
from mkt_trading.models.transfer_history import TransferHistory as TransferHistory
from mkt_trading.models.transfer_history_kind import TransferHistoryKind as TransferHistoryKind
from mkt_trading.models.transfer_history_list import TransferHistoryList as TransferHistoryList
from mkt_trading.models.transfer_list import TransferList as TransferList
from mkt_trading.models.transfer_response import TransferResponse as TransferResponse
from mkt_trading.models.transfer_status import TransferStatus as TransferStatus
from mkt_trading.models.update_supplier_endpoint_request import UpdateSupplierEndpointRequest as UpdateSupplierEndpointRequest
from mkt_trading.models.withdrawals_paid_period import WithdrawalsPaidPeriod as WithdrawalsPaidPeriod

