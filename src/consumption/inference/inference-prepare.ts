import type { components } from '../../../generated/types/consumption.js';
import type { Db } from '../../db/knex.js';
import { RequestValidationError } from '../../lib/errors.js';
import { Failure } from '../../lib/failure.js';
import type { TokenDemand } from '../capacity/token-shortfall.js';
import { messagesToChat } from '../formats/messages.js';
import { responsesToChat } from '../formats/responses.js';
import { FormatError } from '../formats/sse.js';
import { callerSchemas, echoOf, schemaProblemOf, type JsonSchemas } from './json-schemas.js';
import { completionTokensMax, type ChatRequest } from '../suppliers/types.js';
import { tokenBytesMax } from '../tokens/token-merge.js';
import { countPromptTokens, inlineCharsMax, promptBounds } from '../tokens/tokens.js';
import { findInstrument, resolveModel, type InstrumentRow, type ReferenceCache } from '../../core/reference.js';
import { assert } from '../../lib/assert.js';
import type { Endpoint } from '../../core/inference-endpoint.js';
import type { TicketClaims } from '../../core/tickets.js';
import { askedMaxPriceTicks } from '../capacity/price-cap.js';

/**
 * The first step of inference (DESIGN.md §7): a request of any of the three surfaces checked
 * (its shape, the caller's JSON Schemas, its model, its output limit, its prompt's size against the
 * context window) and translated to chat completions, as suppliers see it.
 */

type Schemas = components['schemas'];
export type BodyOf<E extends Endpoint> = E extends 'chat.completions'
  ? Schemas['ChatCompletionRequest']
  : E extends 'responses'
    ? Schemas['ResponseRequest']
    : Schemas['MessageRequest'];

/** A request refused for its model or its size (mapped in handlers/failures.ts). */
export type PrepareFailure = 'model_not_found' | 'prompt_too_large';

/** What checking and translating a request takes; Services carries all of it. */
export interface PrepareDeps {
  db: Db;
  referenceCache: ReferenceCache;
  jsonSchemas: JsonSchemas;
  /** Told of every request prepared (tests count them: a request is prepared once, by its redirect). */
  onPrepare?: (endpoint: Endpoint) => void;
}

export interface Prepared {
  endpoint: Endpoint;
  body: BodyOf<Endpoint>;
  /** The request as suppliers see it: chat completions, with the output limit always set. */
  chat: ChatRequest;
  model: string;
  instrument: InstrumentRow;
  promptTokens: number;
  reservedTokens: number;
  stream: boolean;
  /** Whether a chat-completions caller asked for the usage chunk. */
  includeUsage: boolean;
}

/** A request checked and translated, its prompt not counted yet: what the cheap checks need. */
interface Uncounted extends Omit<Prepared, 'promptTokens' | 'reservedTokens'> {
  /** The prompt plus the output limit, for admission: bounds now, the exact count on demand. */
  tokens: TokenDemand;
  /** Whether the prompt fits the context window whatever its exact count (its upper bound fits). */
  fitsUncounted: boolean;
  /** The prompt's exact count, checked against the context window; counted once. */
  promptTokens: () => Promise<number>;
  outputTokens: number;
  /**
   * The price cap the request asked for, in ticks (price-cap.ts); undefined: none, so the account's default applies;
   * null: none at all (its ticket says so).
   */
  maxPriceTicks: number | null | undefined;
}

/** The field that carries the output limit, per surface, for 422s. */
const limitField: Record<Endpoint, string> = {
  'chat.completions': 'max_tokens',
  responses: 'max_output_tokens',
  messages: 'max_tokens',
};

type ReasoningEffort = NonNullable<ChatRequest['reasoning_effort']>;
/**
 * Every effort the official OpenAI clients allow is accepted; suppliers get the levels every
 * OpenAI-compatible server understands (openapi/consumption.yaml, ReasoningEffort).
 */
const supplierEffort: Record<ReasoningEffort, ReasoningEffort> = {
  none: 'minimal',
  minimal: 'minimal',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'high',
  max: 'high',
};

/** The request in chat-completions shape as suppliers see it (422 for what the format cannot carry). */
function toChat<E extends Endpoint>(endpoint: E, body: BodyOf<E>): ChatRequest {
  let chat: ChatRequest;
  try {
    chat =
      endpoint === 'chat.completions'
        ? (body as ChatRequest)
        : endpoint === 'responses'
          ? responsesToChat(body as Schemas['ResponseRequest'])
          : messagesToChat(body as Schemas['MessageRequest']);
  } catch (error) {
    if (error instanceof FormatError)
      throw new RequestValidationError([
        { path: `body.${error.path}`, message: error.message, value: error.value ?? null },
      ]);
    throw error;
  }
  // Not the supplier's: the price cap is admission's (pipeline.ts).
  const { max_price: _maxPrice, ...forSupplier } = chat;
  if (forSupplier.reasoning_effort)
    return { ...forSupplier, reasoning_effort: supplierEffort[forSupplier.reasoning_effort] };
  return forSupplier;
}

/**
 * The request in chat-completions shape, once its own shape and the caller's JSON Schemas are valid (else 422), and its
 * instrument (else 404).
 */
export async function translate<E extends Endpoint>(
  deps: PrepareDeps,
  endpoint: E,
  body: BodyOf<E>,
): Promise<{ chat: ChatRequest; model: string; instrument: InstrumentRow }> {
  const chat = toChat(endpoint, body);
  // Specification part 7: a malformed tool or output schema is a 422, so no answer is ever
  // produced (or billed, DESIGN.md §7) against a schema nothing could fit.
  const invalid = callerSchemas(endpoint, body).flatMap(({ path, schema }) => {
    const problem = schemaProblemOf(deps.jsonSchemas, schema);
    return problem === null ? [] : [{ path, message: problem, value: echoOf(schema) }];
  });
  if (invalid.length > 0) throw new RequestValidationError(invalid);
  const model = (body as { model: string }).model;
  const instrument = await resolveModel(deps, model);
  if (!instrument)
    throw new Failure<PrepareFailure>(
      'model_not_found',
      `No model ${model}. GET /v1/models lists the nine instruments and their -latest aliases.`,
    );
  return { chat, model, instrument };
}

export async function prepare<E extends Endpoint>(deps: PrepareDeps, endpoint: E, body: BodyOf<E>): Promise<Uncounted> {
  deps.onPrepare?.(endpoint);
  const { chat, model, instrument } = await translate(deps, endpoint, body);
  const maxPriceTicks = askedMaxPriceTicks((body as { max_price?: string | null }).max_price);
  const asked = completionTokensMax(chat);
  const outputMax = Number(instrument.max_output_length);
  if (asked !== null && asked > outputMax) {
    throw new RequestValidationError([
      {
        path: `body.${limitField[endpoint]}`,
        message: `must be at most ${outputMax}, the output limit of ${instrument.model_name}`,
        value: asked,
      },
    ]);
  }
  const outputTokens = asked ?? outputMax;
  // The prompt is counted last, and only when a decision needs the count: counting a big
  // prompt takes seconds of CPU (spent off the event loop, token-pool.ts), so the refusals that
  // its length alone decides come first.
  const bounds = promptBounds(chat.messages, chat.tools);
  const contextWindow = Number(instrument.context_window);
  if (bounds.tokensMin + outputTokens > contextWindow)
    throw promptTooLarge(endpoint, instrument, outputTokens, { bytes: bounds.bytes, tokensMin: bounds.tokensMin });
  let counting: Promise<number> | undefined;
  const countPrompt = () =>
    (counting ??= countPromptTokens(chat.messages, chat.tools).then((prompt) => {
      if (prompt + outputTokens > contextWindow)
        throw promptTooLarge(endpoint, instrument, outputTokens, { tokens: prompt });
      return prompt;
    }));
  return {
    endpoint,
    body,
    chat: forSupplier(chat, outputTokens),
    model,
    instrument,
    tokens: {
      min: bounds.tokensMin + outputTokens,
      max: bounds.tokensMax + outputTokens,
      output: outputTokens,
      exact: async () => (await countPrompt()) + outputTokens,
      // Bytes bound characters from above: a prompt of at most this many bytes is counted inline (tokens.ts).
      countsInline: bounds.bytes <= inlineCharsMax,
    },
    fitsUncounted: bounds.tokensMax + outputTokens <= contextWindow,
    promptTokens: countPrompt,
    outputTokens,
    maxPriceTicks,
    stream: chat.stream === true,
    includeUsage: chat.stream_options?.include_usage === true,
  };
}

/** What suppliers are sent: the output limit always set, the caller's own labels left out. */
function forSupplier(chat: ChatRequest, outputTokens: number): ChatRequest {
  const { max_tokens: _ignored, user: _user, metadata: _metadata, ...rest } = chat;
  return { ...rest, max_completion_tokens: outputTokens };
}

/**
 * The request as prepared by the redirect that issued `ticket` (the same body: the ticket is bound
 * to its bytes), without preparing it again: only translated to what suppliers see, with the
 * model, instrument and counts the redirect established.
 */
export async function preparedBefore<E extends Endpoint>(
  deps: PrepareDeps,
  endpoint: E,
  body: BodyOf<E>,
  ticket: TicketClaims,
): Promise<Uncounted> {
  const chat = toChat(endpoint, body);
  // The model as named resolves from the reference cache; only an alias remapped since the 307 reads the instrument by
  // id.
  const resolved = await resolveModel(deps, ticket.model);
  const instrument = resolved?.id === ticket.instrumentId ? resolved : await findInstrument(deps, ticket.instrumentId);
  assert(instrument !== undefined, `the instrument ${ticket.instrumentId} of a ticket this deployment signed exists`);
  const { promptTokens, outputTokens } = ticket;
  const reserved = promptTokens + outputTokens;
  return {
    endpoint,
    body,
    chat: forSupplier(chat, outputTokens),
    model: ticket.model,
    instrument,
    tokens: {
      min: reserved,
      max: reserved,
      output: outputTokens,
      exact: () => Promise.resolve(reserved),
      countsInline: true,
    },
    fitsUncounted: true,
    promptTokens: () => Promise.resolve(promptTokens),
    outputTokens,
    maxPriceTicks: ticket.maxPriceTicks,
    stream: chat.stream === true,
    includeUsage: chat.stream_options?.include_usage === true,
  };
}

/** The request with its prompt counted (at once if admission already counted it). */
export async function counted(uncounted: Uncounted): Promise<Prepared> {
  const {
    tokens: _tokens,
    fitsUncounted: _fits,
    promptTokens: countPrompt,
    outputTokens,
    maxPriceTicks: _cap,
    ...rest
  } = uncounted;
  const promptTokens = await countPrompt();
  return { ...rest, promptTokens, reservedTokens: promptTokens + outputTokens };
}

/**
 * 413 for a prompt the instrument's context window cannot hold beside the output limit: from its length, or its count.
 */
function promptTooLarge(
  endpoint: Endpoint,
  instrument: InstrumentRow,
  outputTokens: number,
  found: { bytes: number; tokensMin: number } | { tokens: number },
): Failure<PrepareFailure> {
  const contextWindow = Number(instrument.context_window);
  const promptTokensMax = Math.max(0, contextWindow - outputTokens);
  const size =
    'bytes' in found
      ? `${found.bytes} bytes, so at least ${found.tokensMin} tokens (no token is longer than ${tokenBytesMax} bytes)`
      : `${found.tokens} tokens`;
  return new Failure<PrepareFailure>(
    'prompt_too_large',
    `The prompt is ${size}: more than ${instrument.model_name} can take. Its context window is ${contextWindow} tokens, ${outputTokens} of them kept for the output ` +
      `(${limitField[endpoint]}, or the instrument's output limit when it is not set), so a prompt may have at most ${promptTokensMax} tokens; ` +
      `one of over ${promptTokensMax * tokenBytesMax} bytes is refused before it is counted. Shorten the prompt or lower ${limitField[endpoint]}.`,
    {
      context: {
        context_window: contextWindow,
        output_tokens: outputTokens,
        prompt_tokens_max: promptTokensMax,
        prompt_bytes_max: promptTokensMax * tokenBytesMax,
        ...('bytes' in found
          ? { prompt_bytes: found.bytes, prompt_tokens_min: found.tokensMin }
          : { prompt_tokens: found.tokens }),
      },
    },
  );
}
