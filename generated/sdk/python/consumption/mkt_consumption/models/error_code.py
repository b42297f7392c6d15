# GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
# coding: utf-8

"""
    mkt consumption API

    Run inference on mkt, a real-time spot market for AI inference. Each of the nine instruments (`text-standard`, `text-prime`, `text-max`, `code-standard`, `code-prime`, `code-max`, `agent-standard`, `agent-prime`, `agent-max`) is a quality contract; use its id as `model`. `GET /v1/models` also lists `-latest` aliases that name third-party model families; an alias is accepted wherever an instrument id is.  Two hosts serve this API with the same key, instruments and routing engine:  | host | surface | credential | |---|---|---| | `{base_url}` | OpenAI-compatible: `/v1/chat/completions`, `/v1/responses`, `/v1/models`; usage receipts; diagnostics | `Authorization: Bearer <consumption key>` | | `{messages_url}` | Anthropic-messages-compatible (beta): `/v1/messages`, `/v1/messages/count_tokens` | `x-api-key: <consumption key>` (or `Authorization: Bearer`) |  A consumption key (`mkt_ck_…`) is created on the platform API (`POST /v1/api-keys`) or in the dashboard. It covers inference and usage only; OAuth access tokens are not accepted here.  ## How an inference request flows  1. **Validate.** The body must be JSON (`400 malformed_json`) and match the operation's schema    (`422`; on chat completions the `{errors: [{path, message, value}]}` list). A `model` that is    neither an instrument nor an alias is `404 model_not_found`. 2. **Authenticate.** An unknown, revoked or expired key is `401 invalid_api_key`; the body carries    `server_time`. 3. **Check capacity.** The daily request limit of free accounts and the concurrency slots    (`429`, with `Retry-After`), then the token capacity for the instrument: in Auto Mode the service    buys it (a market buy plus transfer); while that buy is in flight other requests of the same    user and instrument get `503 balance_replenishing`; no USD or no liquidity is `402`. 4. **Redirect.** The answer is `307 Temporary Redirect` with an absolute    `Location: {base_url}/r/v1/…` (the host's configured public URL, so the same origin) and an    empty body. Nothing has run yet. The client    repeats the same method, body and `Authorization` (or `x-api-key`) at the target; `fetch`, the    OpenAI SDKs and the Anthropic SDKs do this by themselves because the target is same-origin. A    client that does not follow redirects sees only the `307`. 5. **Run.** `/r/v1/…` authenticates again, repeats the checks, takes one concurrency slot,    reserves the prompt plus the output limit of Units from the consumption account (oldest lots    first) and routes the request to a supplier qualified for the instrument. Calling `/r/v1/…`    directly is equivalent to following the redirect.  Supplier failover is automatic and invisible: a connect error, timeout, `5xx` or `429` from a supplier before the first byte moves the request to the next qualified supplier. If none can serve, the answer is `503 supplier_unavailable`. Once bytes have been sent, a failure ends a stream with an error event, never with a clean end.  Billing: the real usage is settled after the response and the rest of the reservation released. Not billed: a request that fails entirely (no answer, or the supplier broke off mid-stream) and an answer whose supplier broke the instrument's own guarantees (time to first token, throughput, output length). An answer that reaches the caller is otherwise billed, whatever the request asked of it: one that misses a JSON schema the caller chose (`response_format`, `text.format`) is billed like any other, because the caller, not the supplier, chose the schema (its receipt says `schema_mismatch`). A schema that is not a valid JSON Schema, or obviously admits no value, is a `422` before anything runs. No request shape yields delivered tokens for free. A streamed request costs exactly what the same non-streamed request costs. The `model` in every response is the `model` of the request; the serving supplier is not disclosed.  ## Request ids and usage  Every response of this API carries `x-mkt-request-id` (`req_…`). The id of a `/r/v1/…` response names the usage receipt of that inference: `GET /v1/usage/{request_id}`. Lists are at `GET /v1/usage`, totals at `GET /v1/usage/summary`. Every response also carries `x-request-id`, which echoes a well-formed incoming `x-request-id`.  ## Limits  Inference concurrency is one allowance per user shared by chat completions, responses and messages; a request holds one slot from admission at `/r/v1/…` until it finishes, fails or the client disconnects. The tier follows the deposited balance (the lesser of deposits and total balance; a signup bonus does not count):  | deposited balance (USD) | concurrent requests | |---|---| | 0 to 20 | 3 | | 20 to 50 | 10 | | 50 to 150 | 30 | | 150 to 500 | 110 | | 500 and above | 400 |  Inference responses carry `x-ratelimit-limit` (the current maximum of concurrent requests; read it rather than hard-coding a tier) and `x-ratelimit-remaining` (slots left after this admission).  Free accounts (no deposit yet) may make 100 inference requests per UTC day; the first deposit lifts the limit. Each request admitted at `/r/v1/…` counts once, whatever its outcome; the redirect itself, model listing, usage and diagnostics do not count.  A `429` carries `Retry-After` in seconds: wait at least that long, reduce parallelism or queue.  ## Errors  Every error body carries the specification's `errors: {code, detail, server_time, context}`: branch on `code`, show `detail` to humans. On chat completions a `422` carries instead the list `errors: [{path, message, value}]`. Beside it, each error speaks the dialect of its host, so that official clients show the detail: on `{base_url}` an OpenAI-shaped `error: {message, type, code, param}` (for `503 balance_replenishing`, `type` is `balance_replenishing`); on `{messages_url}` Anthropic's `type: error` and `error: {type, message}`. Retry `402`, `429`, `500` and `503` with exponential backoff and jitter from 1 second (honour `Retry-After`); never retry `400`, `401`, `404` or `422` unchanged. Unknown query parameters are ignored. 

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
    RATE_LIMIT_EXCEEDED = 'rate_limit_exceeded'
    DEPOSIT_LIMIT_EXCEEDED = 'deposit_limit_exceeded'
    IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused'
    MODEL_NOT_FOUND = 'model_not_found'
    CONCURRENCY_LIMIT_EXCEEDED = 'concurrency_limit_exceeded'
    DAILY_REQUEST_LIMIT_EXCEEDED = 'daily_request_limit_exceeded'
    INSUFFICIENT_BALANCE = 'insufficient_balance'
    INSUFFICIENT_CAPACITY = 'insufficient_capacity'
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


