// GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
/* tslint:disable */
/* eslint-disable */
/**
 * mkt consumption API
 * Run inference on mkt, a real-time spot market for AI inference. Each of the nine instruments (`text-standard`, `text-prime`, `text-max`, `code-standard`, `code-prime`, `code-max`, `agent-standard`, `agent-prime`, `agent-max`) is a quality contract; use its id as `model`. `GET /v1/models` also lists `-latest` aliases that name third-party model families; an alias is accepted wherever an instrument id is.  Two hosts serve this API with the same key, instruments and routing engine:  | host | surface | credential | |---|---|---| | `{base_url}` | OpenAI-compatible: `/v1/chat/completions`, `/v1/responses`, `/v1/models`; usage receipts; diagnostics | `Authorization: Bearer <consumption key>` | | `{messages_url}` | Anthropic-messages-compatible (beta): `/v1/messages`, `/v1/messages/count_tokens` | `x-api-key: <consumption key>` (or `Authorization: Bearer`) |  A consumption key (`mkt_ck_…`) is created on the platform API (`POST /v1/api-keys`) or in the dashboard. It covers inference and usage only; OAuth access tokens are not accepted here.  ## How an inference request flows  1. **Validate.** The body must be JSON (`400 malformed_json`) and match the operation\'s schema    (`422`; on chat completions the `{errors: [{path, message, value}]}` list). A `model` that is    neither an instrument nor an alias is `404 model_not_found`. 2. **Authenticate.** An unknown, deactivated or deleted key is `401 invalid_api_key`, and a key    past its `expires_at` is `401 key_expired`, on every endpoint of this host but `GET /v1/key`    (which shows it with `is_active: false`); the body carries `server_time`. 3. **Check the key\'s limits and capacity.** The key is checked again when the request runs (it    may have expired, been deactivated or deleted since the redirect: `401`, nothing billed); a    `model` outside the key\'s `allowed_models` is `403 model_not_allowed`; a key whose budget is    spent is `403 key_limit_exceeded`. Then the daily request limit of free accounts and the concurrency    slots (`429`, with `Retry-After`), then the token capacity for the instrument: in Auto Mode the    service buys it (a market buy plus transfer, or a limit buy under a price cap); while that buy    is in flight other requests of the same user and instrument get `503 balance_replenishing`;    no USD or no liquidity is `402`, and capacity that cannot be had within the price cap    (`max_price`) is `402 price_cap_exceeded`. 4. **Redirect.** The answer is `307 Temporary Redirect` with an absolute    `Location: {base_url}/r/v1/…?ticket=T` (the host\'s configured public URL, so the same origin)    and an empty body. Nothing has run yet. The ticket `T` carries what these checks established    (the model, the counted prompt), so the run does not check the request again. It is opaque,    good for one run within 60 seconds, and bound to the key and to the exact bytes of the body.    The client repeats the same method and body at the target; `fetch`, the OpenAI SDKs and the    Anthropic SDKs do this by themselves. The credential need not follow: a request that carries    a ticket is judged by the ticket alone, whatever its `Authorization` (none, a placeholder, or    the key). A ticket used twice is `401 ticket_used`, one older than 60 seconds    `401 ticket_expired`, and one that was altered or is presented with another body    `401 ticket_invalid` (even beside a valid key); nothing is billed for any of them: start    again at `/v1/…`. A client that does not follow redirects sees only the `307`. 5. **Run.** `/r/v1/…` takes one concurrency slot, reserves the prompt plus the output limit of    Units from the consumption account (oldest lots first; under a price cap only lots bought at    or under it) and the key\'s budget for them, and routes the request to a supplier qualified for    the instrument. Calling `/r/v1/…` directly with the key (no ticket) runs every check of the    redirect first, and is otherwise equivalent to following the redirect.  Supplier failover is automatic and invisible: a connect error, timeout, `5xx` or `429` from a supplier before the first byte moves the request to the next qualified supplier. If none can serve, the answer is `503 supplier_unavailable`. Once bytes have been sent, a failure ends a stream with an error event, never with a clean end.  Billing: the real usage is settled after the response and the rest of the reservation released. Every successful answer states what it cost in its `usage`: `cost_usd` (USD, 6 decimals) and `cost_units` (Units, 6 decimals: the tokens billed divided by the instrument\'s tokens per Unit), equal to the receipt\'s `cost_usd` and `cost_units`. A stream carries them on its last usage event (chat completions: the usage chunk, when `stream_options.include_usage` is set; responses: `response.completed` or `response.incomplete`; messages: `message_delta`), sent once the request is settled. A client that goes away mid-stream gets no final event; its receipt shows the cost of what was delivered.  Guarantees: every answer is judged against its instrument\'s `ai_specs` from the supplier attempt that answered: time to first token, output rate (answers of at least 64 output tokens), an answer cut short for length before both the caller\'s limit and `max_output_length`, and tool calls that are not JSON or name no offered tool. An answer that breaks one is `out_of_spec` and not billed: its `usage` (and its stream\'s last usage event) then carries `spec_breaches`, as its receipt does. A supplier that refuses a prompt the instrument\'s `context_window` holds is failed over, like a `5xx`.  Price cap: `max_price` (USD per Unit, a decimal string with at most 4 decimals, like an order price) caps the price of the Units a request may use. In Auto Mode the service\'s buy becomes a limit fill-or-kill buy at `max_price`: it buys the whole shortfall at or under the cap, or nothing (fill-or-kill rather than immediate-or-cancel, so that a request that cannot run buys no part of what it needed). The limit is the cap rounded down to the market\'s tick size, and no higher than the market\'s price band (a resting ask above the band cannot fill a limit buy); the buy locks that price for each Unit until it fills, so the USD balance must cover it. In Advanced Mode only lots bought at or under the cap count for the request, and it is billed from those lots only. When the request cannot be covered within the cap the answer is `402 price_cap_exceeded` with `context: {max_price, best_ask, units_needed}`, and nothing is bought or billed. Without `max_price` the account\'s `auto_buy_max_price` setting (platform API) applies; when that is null too, there is no cap.  Keys with limits: a key\'s budget (`limit_usd`, per `limit_reset` period in UTC) is reserved when a request is admitted, at the price of the very lots its tokens are reserved from (the request draws only from those lots, so it can never cost more), and trued up when it settles: the reservation leaves the period\'s reserve and the real cost enters the spend of the period the request was admitted in. Admission reserves only while spend plus reserves plus the request\'s reserve stays within the limit, in the database, so requests sent at once to several processes never overspend a budget. Not billed: a request that fails entirely (no answer, or the supplier broke off mid-stream) and an answer whose supplier broke the instrument\'s own guarantees (time to first token, throughput, output length). An answer that reaches the caller is otherwise billed, whatever the request asked of it: one that misses a JSON schema the caller chose (`response_format`, `text.format`) is billed like any other, because the caller, not the supplier, chose the schema (its receipt says `schema_mismatch`). A schema that is not a valid JSON Schema, or obviously admits no value, is a `422` before anything runs. No request shape yields delivered tokens for free. A streamed request costs exactly what the same non-streamed request costs. The `model` in every response is the `model` of the request; the serving supplier is not disclosed.  ## Request ids and usage  Every response of this API carries `x-mkt-request-id` (`req_…`). The id of a `/r/v1/…` response names the usage receipt of that inference: `GET /v1/usage/{request_id}`. Lists are at `GET /v1/usage`, totals at `GET /v1/usage/summary`. Every response also carries `x-request-id`, which echoes a well-formed incoming `x-request-id`, and `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds; on a stream `total` runs up to its headers).  ## Limits  Inference concurrency is one allowance per user shared by chat completions, responses and messages; a request holds one slot from admission at `/r/v1/…` until it finishes, fails or the client disconnects. The tier follows the deposited balance (the lesser of deposits and total balance; a signup bonus does not count):  | deposited balance (USD) | concurrent requests | |---|---| | 0 to 20 | 3 | | 20 to 50 | 10 | | 50 to 150 | 30 | | 150 to 500 | 110 | | 500 and above | 400 |  Inference responses carry `x-ratelimit-limit` (the current maximum of concurrent requests; read it rather than hard-coding a tier) and `x-ratelimit-remaining` (slots left after this admission).  Free accounts (no deposit yet) may make 100 inference requests per UTC day; the first deposit lifts the limit. Each request admitted at `/r/v1/…` counts once, whatever its outcome; the redirect itself, model listing, usage and diagnostics do not count.  A `429` carries `Retry-After` in seconds: wait at least that long, reduce parallelism or queue.  ## Errors  Every error body carries the specification\'s `errors: {code, detail, message, server_time, context}`: branch on `code`, show `detail` to humans (`message` is the same text). On chat completions a `422` carries instead the list `errors: [{path, message, value}]`. Beside it, each error speaks the dialect of its host, so that official clients show the detail: on `{base_url}` an OpenAI-shaped `error: {message, type, code, param}` (for `503 balance_replenishing`, `type` is `balance_replenishing`); on `{messages_url}` Anthropic\'s `type: error` and `error: {type, message}`. Retry `402`, `429`, `500` and `503` with exponential backoff and jitter from 1 second (honour `Retry-After`); never retry `400`, `401`, `404` or `422` unchanged. Unknown query parameters are ignored. 
 *
 * The version of the OpenAPI document: 1.0.0
 * 
 *
 * NOTE: This class is auto generated by OpenAPI Generator (https://openapi-generator.tech).
 * https://openapi-generator.tech
 * Do not edit the class manually.
 */

import { mapValues, parseDate, parseDateTime, serializeDate, serializeDateTime } from '../runtime.js';
import type { ToolCallError } from './ToolCallError.js';
import {
    ToolCallErrorFromJSON,
    ToolCallErrorFromJSONTyped,
    ToolCallErrorToJSON,
    ToolCallErrorToJSONTyped,
} from './ToolCallError.js';
import type { UsageEndpoint } from './UsageEndpoint.js';
import {
    UsageEndpointFromJSON,
    UsageEndpointFromJSONTyped,
    UsageEndpointToJSON,
    UsageEndpointToJSONTyped,
} from './UsageEndpoint.js';
import type { SpecBreach } from './SpecBreach.js';
import {
    SpecBreachFromJSON,
    SpecBreachFromJSONTyped,
    SpecBreachToJSON,
    SpecBreachToJSONTyped,
} from './SpecBreach.js';
import type { CostStatus } from './CostStatus.js';
import {
    CostStatusFromJSON,
    CostStatusFromJSONTyped,
    CostStatusToJSON,
    CostStatusToJSONTyped,
} from './CostStatus.js';
import type { UsageStatus } from './UsageStatus.js';
import {
    UsageStatusFromJSON,
    UsageStatusFromJSONTyped,
    UsageStatusToJSON,
    UsageStatusToJSONTyped,
} from './UsageStatus.js';

/**
 * What one inference request used and cost.
 * @export
 * @interface UsageReceipt
 */
export interface UsageReceipt {
    /**
     * The `x-mkt-request-id` of the `/r/v1/…` response (`req_…`).
     */
    requestId: string;
    /**
     * 
     */
    object: UsageReceiptObjectEnum;
    /**
     * The `id` of the consumption key that made the request.
     */
    apiKeyId: string;
    /**
     * The `model` as requested (instrument id or alias).
     */
    model: string;
    /**
     * The instrument that served it (`instrument-<uuid>`).
     */
    instrumentId: string;
    /**
     * 
     */
    endpoint: UsageEndpoint;
    /**
     * 
     */
    stream: boolean;
    /**
     * 
     */
    status: UsageStatus;
    /**
     * The prompt as mkt counted it at admission, whichever supplier answered and however its own tokenizer counts: the same prompt is billed the same, streamed or not, completed or left by its client.
     */
    promptTokens: number;
    /**
     * Output tokens, reasoning included: the supplier's count when the answer completed; what was delivered, as mkt counts it, when the client left first (`cancelled`), since the supplier's count would include output nobody received.
     */
    completionTokens: number;
    /**
     * The part of `completion_tokens` spent reasoning.
     */
    reasoningTokens: number;
    /**
     * `prompt_tokens` + `completion_tokens`.
     */
    totalTokens: number;
    /**
     * Tokens reserved on admission (prompt estimate plus the output limit).
     */
    reservedTokens: number;
    /**
     * Null when no token was produced or the request is still waiting.
     */
    timeToFirstTokenMs: number | null;
    /**
     * Output speed after the first token (a measurement, not money). Null until known.
     */
    tokensPerSecond: number | null;
    /**
     * From admission to the last byte; null while in progress.
     */
    durationMs: number | null;
    /**
     * Units consumed, `total_tokens / tokens_per_unit`.
     */
    costUnits: string;
    /**
     * USD value of the Units consumed, at the acquisition price of the lots they came from.
     */
    costUsd: string;
    /**
     * 
     */
    costStatus: CostStatus;
    /**
     * Suppliers tried (1 without failover).
     */
    supplierAttempts: number;
    /**
     * The instrument's guarantees the answer broke (empty when none, or while in progress unless its first token already came late): its status is then `out_of_spec` and it is not billed.
     */
    specBreaches: Array<SpecBreach>;
    /**
     * The answer's tool calls that are wrong, by kind (empty when none).
     */
    toolCallErrors: Array<ToolCallError>;
    /**
     * ISO 8601 UTC.
     */
    createdAt: Date;
    /**
     * Null while in progress.
     */
    completedAt: Date | null;
}


/**
 * @export
 */
export const UsageReceiptObjectEnum = {
    UsageReceipt: 'usage.receipt',
} as const;
export type UsageReceiptObjectEnum = typeof UsageReceiptObjectEnum[keyof typeof UsageReceiptObjectEnum];


/**
 * Check if a given object implements the UsageReceipt interface.
 */
export function instanceOfUsageReceipt(value: object): value is UsageReceipt {
    if ((!('requestId' in (value as Record<string, any>)) && !('request_id' in (value as Record<string, any>))) || ((value as Record<string, any>)['requestId'] === undefined && (value as Record<string, any>)['request_id'] === undefined)) return false;
    if (!('object' in value) || value['object'] === undefined) return false;
    if (value['object'] !== 'usage.receipt') return false;
    
    if ((!('apiKeyId' in (value as Record<string, any>)) && !('api_key_id' in (value as Record<string, any>))) || ((value as Record<string, any>)['apiKeyId'] === undefined && (value as Record<string, any>)['api_key_id'] === undefined)) return false;
    if (!('model' in value) || value['model'] === undefined) return false;
    if ((!('instrumentId' in (value as Record<string, any>)) && !('instrument_id' in (value as Record<string, any>))) || ((value as Record<string, any>)['instrumentId'] === undefined && (value as Record<string, any>)['instrument_id'] === undefined)) return false;
    if (!('endpoint' in value) || value['endpoint'] === undefined) return false;
    if (!('stream' in value) || value['stream'] === undefined) return false;
    if (!('status' in value) || value['status'] === undefined) return false;
    if ((!('promptTokens' in (value as Record<string, any>)) && !('prompt_tokens' in (value as Record<string, any>))) || ((value as Record<string, any>)['promptTokens'] === undefined && (value as Record<string, any>)['prompt_tokens'] === undefined)) return false;
    if ((!('completionTokens' in (value as Record<string, any>)) && !('completion_tokens' in (value as Record<string, any>))) || ((value as Record<string, any>)['completionTokens'] === undefined && (value as Record<string, any>)['completion_tokens'] === undefined)) return false;
    if ((!('reasoningTokens' in (value as Record<string, any>)) && !('reasoning_tokens' in (value as Record<string, any>))) || ((value as Record<string, any>)['reasoningTokens'] === undefined && (value as Record<string, any>)['reasoning_tokens'] === undefined)) return false;
    if ((!('totalTokens' in (value as Record<string, any>)) && !('total_tokens' in (value as Record<string, any>))) || ((value as Record<string, any>)['totalTokens'] === undefined && (value as Record<string, any>)['total_tokens'] === undefined)) return false;
    if ((!('reservedTokens' in (value as Record<string, any>)) && !('reserved_tokens' in (value as Record<string, any>))) || ((value as Record<string, any>)['reservedTokens'] === undefined && (value as Record<string, any>)['reserved_tokens'] === undefined)) return false;
    if ((!('timeToFirstTokenMs' in (value as Record<string, any>)) && !('time_to_first_token_ms' in (value as Record<string, any>))) || ((value as Record<string, any>)['timeToFirstTokenMs'] === undefined && (value as Record<string, any>)['time_to_first_token_ms'] === undefined)) return false;
    if ((!('tokensPerSecond' in (value as Record<string, any>)) && !('tokens_per_second' in (value as Record<string, any>))) || ((value as Record<string, any>)['tokensPerSecond'] === undefined && (value as Record<string, any>)['tokens_per_second'] === undefined)) return false;
    if ((!('durationMs' in (value as Record<string, any>)) && !('duration_ms' in (value as Record<string, any>))) || ((value as Record<string, any>)['durationMs'] === undefined && (value as Record<string, any>)['duration_ms'] === undefined)) return false;
    if ((!('costUnits' in (value as Record<string, any>)) && !('cost_units' in (value as Record<string, any>))) || ((value as Record<string, any>)['costUnits'] === undefined && (value as Record<string, any>)['cost_units'] === undefined)) return false;
    if ((!('costUsd' in (value as Record<string, any>)) && !('cost_usd' in (value as Record<string, any>))) || ((value as Record<string, any>)['costUsd'] === undefined && (value as Record<string, any>)['cost_usd'] === undefined)) return false;
    if ((!('costStatus' in (value as Record<string, any>)) && !('cost_status' in (value as Record<string, any>))) || ((value as Record<string, any>)['costStatus'] === undefined && (value as Record<string, any>)['cost_status'] === undefined)) return false;
    if ((!('supplierAttempts' in (value as Record<string, any>)) && !('supplier_attempts' in (value as Record<string, any>))) || ((value as Record<string, any>)['supplierAttempts'] === undefined && (value as Record<string, any>)['supplier_attempts'] === undefined)) return false;
    if ((!('specBreaches' in (value as Record<string, any>)) && !('spec_breaches' in (value as Record<string, any>))) || ((value as Record<string, any>)['specBreaches'] === undefined && (value as Record<string, any>)['spec_breaches'] === undefined)) return false;
    if ((!('toolCallErrors' in (value as Record<string, any>)) && !('tool_call_errors' in (value as Record<string, any>))) || ((value as Record<string, any>)['toolCallErrors'] === undefined && (value as Record<string, any>)['tool_call_errors'] === undefined)) return false;
    if ((!('createdAt' in (value as Record<string, any>)) && !('created_at' in (value as Record<string, any>))) || ((value as Record<string, any>)['createdAt'] === undefined && (value as Record<string, any>)['created_at'] === undefined)) return false;
    if ((!('completedAt' in (value as Record<string, any>)) && !('completed_at' in (value as Record<string, any>))) || ((value as Record<string, any>)['completedAt'] === undefined && (value as Record<string, any>)['completed_at'] === undefined)) return false;
    return true;
}

export function UsageReceiptFromJSON(json: any): UsageReceipt {
    return UsageReceiptFromJSONTyped(json, false);
}

export function UsageReceiptFromJSONTyped(json: any, ignoreDiscriminator: boolean): UsageReceipt {
    if (json == null) {
        return json;
    }
    return {
        
        'requestId': json['request_id'],
        'object': json['object'],
        'apiKeyId': json['api_key_id'],
        'model': json['model'],
        'instrumentId': json['instrument_id'],
        'endpoint': UsageEndpointFromJSON(json['endpoint']),
        'stream': json['stream'],
        'status': UsageStatusFromJSON(json['status']),
        'promptTokens': json['prompt_tokens'],
        'completionTokens': json['completion_tokens'],
        'reasoningTokens': json['reasoning_tokens'],
        'totalTokens': json['total_tokens'],
        'reservedTokens': json['reserved_tokens'],
        'timeToFirstTokenMs': json['time_to_first_token_ms'],
        'tokensPerSecond': json['tokens_per_second'],
        'durationMs': json['duration_ms'],
        'costUnits': json['cost_units'],
        'costUsd': json['cost_usd'],
        'costStatus': CostStatusFromJSON(json['cost_status']),
        'supplierAttempts': json['supplier_attempts'],
        'specBreaches': ((json['spec_breaches'] as Array<any>).map(SpecBreachFromJSON)),
        'toolCallErrors': ((json['tool_call_errors'] as Array<any>).map(ToolCallErrorFromJSON)),
        'createdAt': (json['created_at'] == null ? json['created_at'] : parseDateTime(json['created_at'])),
        'completedAt': (json['completed_at'] == null ? null : parseDateTime(json['completed_at'])),
    };
}

export function UsageReceiptToJSON(json: any): UsageReceipt {
    return UsageReceiptToJSONTyped(json, false);
}

export function UsageReceiptToJSONTyped(value?: UsageReceipt | null, ignoreDiscriminator: boolean = false): any {
    if (value == null) {
        return value;
    }

    return {
        
        'request_id': value['requestId'],
        'object': value['object'],
        'api_key_id': value['apiKeyId'],
        'model': value['model'],
        'instrument_id': value['instrumentId'],
        'endpoint': UsageEndpointToJSON(value['endpoint']),
        'stream': value['stream'],
        'status': UsageStatusToJSON(value['status']),
        'prompt_tokens': value['promptTokens'],
        'completion_tokens': value['completionTokens'],
        'reasoning_tokens': value['reasoningTokens'],
        'total_tokens': value['totalTokens'],
        'reserved_tokens': value['reservedTokens'],
        'time_to_first_token_ms': value['timeToFirstTokenMs'],
        'tokens_per_second': value['tokensPerSecond'],
        'duration_ms': value['durationMs'],
        'cost_units': value['costUnits'],
        'cost_usd': value['costUsd'],
        'cost_status': CostStatusToJSON(value['costStatus']),
        'supplier_attempts': value['supplierAttempts'],
        'spec_breaches': ((value['specBreaches'] as Array<any>).map(SpecBreachToJSON)),
        'tool_call_errors': ((value['toolCallErrors'] as Array<any>).map(ToolCallErrorToJSON)),
        'created_at': value['createdAt'] == null ? value['createdAt'] : serializeDateTime(value['createdAt']),
        'completed_at': value['completedAt'] == null ? value['completedAt'] : serializeDateTime(value['completedAt']),
    };
}

