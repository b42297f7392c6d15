# GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
# coding: utf-8

"""
    mkt consumption API

    Run inference on mkt, a real-time spot market for AI inference. Each of the nine instruments (`text-standard`, `text-prime`, `text-max`, `code-standard`, `code-prime`, `code-max`, `agent-standard`, `agent-prime`, `agent-max`) is a quality contract; use its id as `model`. `GET /v1/models` also lists `-latest` aliases that name third-party model families; an alias is accepted wherever an instrument id is.  Two hosts serve this API with the same key, instruments and routing engine:  | host | surface | credential | |---|---|---| | `{base_url}` | OpenAI-compatible: `/v1/chat/completions`, `/v1/responses`, `/v1/models`; usage receipts; diagnostics | `Authorization: Bearer <consumption key>` | | `{messages_url}` | Anthropic-messages-compatible (beta): `/v1/messages`, `/v1/messages/count_tokens` | `x-api-key: <consumption key>` (or `Authorization: Bearer`) |  A consumption key (`mkt_ck_…`) is created on the platform API (`POST /v1/api-keys`) or in the dashboard. It covers inference and usage only; OAuth access tokens are not accepted here.  ## How an inference request flows  1. **Validate.** The body must be JSON (`400 malformed_json`) and match the operation's schema    (`422`; on chat completions the `{errors: [{path, message, value}]}` list). A `model` that is    neither an instrument nor an alias is `404 model_not_found`. 2. **Authenticate.** An unknown, deactivated or deleted key is `401 invalid_api_key`, and a key    past its `expires_at` is `401 key_expired`, on every endpoint of this host but `GET /v1/key`    (which shows it with `is_active: false`); the body carries `server_time`. 3. **Check the key's limits and capacity.** The key is checked again when the request runs (it    may have expired, been deactivated or deleted since the redirect: `401`, nothing billed); a    `model` outside the key's `allowed_models` is `403 model_not_allowed`; a key whose budget is    spent is `403 key_limit_exceeded`. Then the daily request limit of free accounts and the concurrency    slots (`429`, with `Retry-After`), then the token capacity for the instrument: in Auto Mode the    service buys it (a market buy plus transfer, or a limit buy under a price cap); while that buy    is in flight other requests of the same user and instrument get `503 balance_replenishing`;    no USD or no liquidity is `402`, and capacity that cannot be had within the price cap    (`max_price`) is `402 price_cap_exceeded`. 4. **Redirect.** The answer is `307 Temporary Redirect` with an absolute    `Location: {base_url}/r/v1/…?ticket=T` (the host's configured public URL, so the same origin)    and an empty body. Nothing has run yet. The ticket `T` carries what these checks established    (the model, the counted prompt), so the run does not check the request again. It is opaque,    good for one run within 60 seconds, and bound to the key and to the exact bytes of the body.    The client repeats the same method and body at the target; `fetch`, the OpenAI SDKs and the    Anthropic SDKs do this by themselves. The credential need not follow: a request that carries    a ticket is judged by the ticket alone, whatever its `Authorization` (none, a placeholder, or    the key). A ticket used twice is `401 ticket_used`, one older than 60 seconds    `401 ticket_expired`, and one that was altered or is presented with another body    `401 ticket_invalid` (even beside a valid key); nothing is billed for any of them: start    again at `/v1/…`. A client that does not follow redirects sees only the `307`. 5. **Run.** `/r/v1/…` takes one concurrency slot, reserves the prompt plus the output limit of    Units from the consumption account (oldest lots first; under a price cap only lots bought at    or under it) and the key's budget for them, and routes the request to a supplier qualified for    the instrument. Calling `/r/v1/…` directly with the key (no ticket) runs every check of the    redirect first, and is otherwise equivalent to following the redirect.  Supplier failover is automatic and invisible: a connect error, timeout, `5xx` or `429` from a supplier before the first byte moves the request to the next qualified supplier. If none can serve, the answer is `503 supplier_unavailable`. Once bytes have been sent, a failure ends a stream with an error event, never with a clean end.  Billing: the real usage is settled after the response and the rest of the reservation released. Every successful answer states what it cost in its `usage`: `cost_usd` (USD, 6 decimals) and `cost_units` (Units, 6 decimals: the tokens billed divided by the instrument's tokens per Unit), equal to the receipt's `cost_usd` and `cost_units`. A stream carries them on its last usage event (chat completions: the usage chunk, when `stream_options.include_usage` is set; responses: `response.completed` or `response.incomplete`; messages: `message_delta`), sent once the request is settled. A client that goes away mid-stream gets no final event; its receipt shows the cost of what was delivered.  Guarantees: every answer is judged against its instrument's `ai_specs` from the supplier attempt that answered: time to first token, output rate (answers of at least 64 output tokens), an answer cut short for length before both the caller's limit and `max_output_length`, and tool calls that are not JSON or name no offered tool. An answer that breaks one is `out_of_spec` and not billed: its `usage` (and its stream's last usage event) then carries `spec_breaches`, as its receipt does. A supplier that refuses a prompt the instrument's `context_window` holds is failed over, like a `5xx`.  Price cap: `max_price` (USD per Unit, a decimal string with at most 4 decimals, like an order price) caps the price of the Units a request may use. In Auto Mode the service's buy becomes a limit fill-or-kill buy at `max_price`: it buys the whole shortfall at or under the cap, or nothing (fill-or-kill rather than immediate-or-cancel, so that a request that cannot run buys no part of what it needed). The limit is the cap rounded down to the market's tick size, and no higher than the market's price band (a resting ask above the band cannot fill a limit buy); the buy locks that price for each Unit until it fills, so the USD balance must cover it. In Advanced Mode only lots bought at or under the cap count for the request, and it is billed from those lots only. When the request cannot be covered within the cap the answer is `402 price_cap_exceeded` with `context: {max_price, best_ask, units_needed}`, and nothing is bought or billed. Without `max_price` the account's `auto_buy_max_price` setting (platform API) applies; when that is null too, there is no cap.  Keys with limits: a key's budget (`limit_usd`, per `limit_reset` period in UTC) is reserved when a request is admitted, at the price of the very lots its tokens are reserved from (the request draws only from those lots, so it can never cost more), and trued up when it settles: the reservation leaves the period's reserve and the real cost enters the spend of the period the request was admitted in. Admission reserves only while spend plus reserves plus the request's reserve stays within the limit, in the database, so requests sent at once to several processes never overspend a budget. Not billed: a request that fails entirely (no answer, or the supplier broke off mid-stream) and an answer whose supplier broke the instrument's own guarantees (time to first token, throughput, output length). An answer that reaches the caller is otherwise billed, whatever the request asked of it: one that misses a JSON schema the caller chose (`response_format`, `text.format`) is billed like any other, because the caller, not the supplier, chose the schema (its receipt says `schema_mismatch`). A schema that is not a valid JSON Schema, or obviously admits no value, is a `422` before anything runs. No request shape yields delivered tokens for free. A streamed request costs exactly what the same non-streamed request costs. The `model` in every response is the `model` of the request; the serving supplier is not disclosed.  ## Request ids and usage  Every response of this API carries `x-mkt-request-id` (`req_…`). The id of a `/r/v1/…` response names the usage receipt of that inference: `GET /v1/usage/{request_id}`. Lists are at `GET /v1/usage`, totals at `GET /v1/usage/summary`. Every response also carries `x-request-id`, which echoes a well-formed incoming `x-request-id`, and `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds; on a stream `total` runs up to its headers).  ## Limits  Inference concurrency is one allowance per user shared by chat completions, responses and messages; a request holds one slot from admission at `/r/v1/…` until it finishes, fails or the client disconnects. The tier follows the deposited balance (the lesser of deposits and total balance; a signup bonus does not count):  | deposited balance (USD) | concurrent requests | |---|---| | 0 to 20 | 3 | | 20 to 50 | 10 | | 50 to 150 | 30 | | 150 to 500 | 110 | | 500 and above | 400 |  Inference responses carry `x-ratelimit-limit` (the current maximum of concurrent requests; read it rather than hard-coding a tier) and `x-ratelimit-remaining` (slots left after this admission).  Free accounts (no deposit yet) may make 100 inference requests per UTC day; the first deposit lifts the limit. Each request admitted at `/r/v1/…` counts once, whatever its outcome; the redirect itself, model listing, usage and diagnostics do not count.  A `429` carries `Retry-After` in seconds: wait at least that long, reduce parallelism or queue.  ## Errors  Every error body carries the specification's `errors: {code, detail, message, server_time, context}`: branch on `code`, show `detail` to humans (`message` is the same text). On chat completions a `422` carries instead the list `errors: [{path, message, value}]`. Beside it, each error speaks the dialect of its host, so that official clients show the detail: on `{base_url}` an OpenAI-shaped `error: {message, type, code, param}` (for `503 balance_replenishing`, `type` is `balance_replenishing`); on `{messages_url}` Anthropic's `type: error` and `error: {type, message}`. Retry `402`, `429`, `500` and `503` with exponential backoff and jitter from 1 second (honour `Retry-After`); never retry `400`, `401`, `404` or `422` unchanged. Unknown query parameters are ignored. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


from __future__ import annotations
import json
from enum import Enum
from typing_extensions import Self


class ErrorCode(str, Enum):
    """
    Machine-readable error code. Branch on it; show `detail` to humans.
    """

    """
    allowed enum values
    """
    BAD_REQUEST = 'bad_request'
    MALFORMED_JSON = 'malformed_json'
    UNSUPPORTED_MEDIA_TYPE = 'unsupported_media_type'
    PAYLOAD_TOO_LARGE = 'payload_too_large'
    VALIDATION_ERROR = 'validation_error'
    INVALID_CURSOR = 'invalid_cursor'
    NOT_FOUND = 'not_found'
    METHOD_NOT_ALLOWED = 'method_not_allowed'
    CONFLICT = 'conflict'
    INVALID_API_KEY = 'invalid_api_key'
    KEY_EXPIRED = 'key_expired'
    TICKET_USED = 'ticket_used'
    TICKET_EXPIRED = 'ticket_expired'
    TICKET_INVALID = 'ticket_invalid'
    MODEL_NOT_ALLOWED = 'model_not_allowed'
    KEY_LIMIT_EXCEEDED = 'key_limit_exceeded'
    MISSING_SIGNATURE = 'missing_signature'
    INVALID_SIGNATURE = 'invalid_signature'
    UNKNOWN_FINGERPRINT = 'unknown_fingerprint'
    TIMESTAMP_OUT_OF_RANGE = 'timestamp_out_of_range'
    SIGNATURE_REPLAYED = 'signature_replayed'
    INVALID_TOKEN = 'invalid_token'
    INSUFFICIENT_SCOPE = 'insufficient_scope'
    CSRF_TOKEN_INVALID = 'csrf_token_invalid'
    ACCOUNT_INACTIVE = 'account_inactive'
    EMAIL_UNVERIFIED = 'email_unverified'
    LEGAL_TERMS_NOT_ACCEPTED = 'legal_terms_not_accepted'
    MODE_MANAGED_SETTING = 'mode_managed_setting'
    INVALID_PUBLIC_KEY = 'invalid_public_key'
    DUPLICATE_SIGNING_KEY = 'duplicate_signing_key'
    QUANTITY_BELOW_MIN_ORDER_SIZE = 'quantity_below_min_order_size'
    QUANTITY_ABOVE_MAX_ORDER_SIZE = 'quantity_above_max_order_size'
    NOTIONAL_ABOVE_MAX = 'notional_above_max'
    LOT_SIZE_VIOLATION = 'lot_size_violation'
    TICK_SIZE_VIOLATION = 'tick_size_violation'
    INSUFFICIENT_AVAILABLE_BALANCE = 'insufficient_available_balance'
    CONSUMPTION_UNITS_NOT_RESELLABLE = 'consumption_units_not_resellable'
    INSUFFICIENT_INVENTORY_OR_FUNDS = 'insufficient_inventory_or_funds'
    PRICE_COLLAR_VIOLATION = 'price_collar_violation'
    DUPLICATE_CLIENT_ORDER_ID = 'duplicate_client_order_id'
    POST_ONLY_WOULD_TAKE = 'post_only_would_take'
    STOP_WOULD_TRIGGER = 'stop_would_trigger'
    AUTO_MODE_TRADING_RESTRICTED = 'auto_mode_trading_restricted'
    ORDER_NOT_OPEN = 'order_not_open'
    ORDER_ALREADY_CANCELLED = 'order_already_cancelled'
    MARKET_NOT_OPEN = 'market_not_open'
    SUPPLIER_NOT_QUALIFIED = 'supplier_not_qualified'
    INSUFFICIENT_ISSUANCE_BALANCE = 'insufficient_issuance_balance'
    RATE_LIMIT_EXCEEDED = 'rate_limit_exceeded'
    DEPOSIT_LIMIT_EXCEEDED = 'deposit_limit_exceeded'
    IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused'
    WITHDRAWAL_LIMIT_EXCEEDED = 'withdrawal_limit_exceeded'
    DESTINATION_COOLING_OFF = 'destination_cooling_off'
    DESTINATION_UNUSABLE = 'destination_unusable'
    REAUTHENTICATION_REQUIRED = 'reauthentication_required'
    MODEL_NOT_FOUND = 'model_not_found'
    CONCURRENCY_LIMIT_EXCEEDED = 'concurrency_limit_exceeded'
    DAILY_REQUEST_LIMIT_EXCEEDED = 'daily_request_limit_exceeded'
    INSUFFICIENT_BALANCE = 'insufficient_balance'
    INSUFFICIENT_CAPACITY = 'insufficient_capacity'
    PRICE_CAP_EXCEEDED = 'price_cap_exceeded'
    BALANCE_REPLENISHING = 'balance_replenishing'
    SUPPLIER_UNAVAILABLE = 'supplier_unavailable'
    SUPPLIER_ERROR = 'supplier_error'
    INTERNAL_ERROR = 'internal_error'
    NOT_IMPLEMENTED = 'not_implemented'
    SERVICE_UNAVAILABLE = 'service_unavailable'

    @classmethod
    def from_json(cls, json_str: str) -> Self:
        """Create an instance of ErrorCode from a JSON string"""
        return cls(json.loads(json_str))


