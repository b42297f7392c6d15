import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { expect } from 'chai';
import type { components } from '../../../generated/types/consumption.js';
import type { ChatChunk, ChatCompletion, ChatUsage, SseEvent } from '../../../src/consumption/formats/sse.js';
export type { ChatChunk, ChatCompletion };

/** Schema checks against openapi/consumption.yaml, and hand-built supplier answers to feed the translators (also used by the supplier tests). */

type S = components['schemas'];

const base = 'https://mkt.test/openapi/';
let ajv: Ajv2020.default | undefined;

function loadedAjv(): Ajv2020.default {
  if (!ajv) {
    // Compiled to dist/test/consumption/formats/, four levels below the repository root.
    const read = (path: string) =>
      parse(readFileSync(fileURLToPath(new URL(`../../../../openapi/${path}`, import.meta.url)), 'utf8'));
    ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(read('components/common.yaml'), `${base}components/common.yaml`);
    ajv.addSchema(read('consumption.yaml'), `${base}consumption.yaml`);
  }
  return ajv;
}

const validators = new Map<string, ValidateFunction>();

/** Fails the test, naming every problem, unless `value` matches components.schemas[name]. */
export function expectSchema(name: keyof S, value: unknown): void {
  let validate = validators.get(name);
  if (!validate) {
    validate = loadedAjv().getSchema(`${base}consumption.yaml#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    validators.set(name, validate);
  }
  const valid = validate(value);
  expect(valid, `${name}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(value)}`).to.equal(true);
}

/** Fails the test unless `value` matches a JSON schema given inline (a tool's parameters, a response format). */
export function expectFits(schema: object, value: unknown): void {
  const validate = loadedAjv().compile(schema);
  expect(validate(value), `${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(value)}`).to.equal(true);
}

/** Every chunk of a supplier's stream, each checked against ChatCompletionChunk. */
export async function collectChunks<T extends ChatChunk>(chunks: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const chunk of chunks) {
    // A supplier's usage has no cost (the gateway adds it once settled): checked as the chunk it becomes.
    expectSchema('ChatCompletionChunk', { ...chunk, usage: chunk.usage && { ...chunk.usage, ...testCost } });
    all.push(chunk);
  }
  return all;
}

/** A cost the translators are given to state, in the shape of the receipt's. */
export const testCost = { cost_usd: '0.000029', cost_units: '0.000029' };

/** A supplier's completion as the schema sees it once the gateway has added the cost. */
export const withTestCost = <T extends { usage: ChatUsage }>(answer: T) => ({
  ...answer,
  usage: { ...answer.usage, ...testCost },
});

export const usage = (prompt: number, completion: number, reasoning = 0): ChatUsage => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  completion_tokens_details: { reasoning_tokens: reasoning },
});

export function completion(
  message: Partial<S['ChatCompletionMessage']>,
  finish: S['FinishReason'],
  used = usage(20, 8),
): ChatCompletion {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1795342530,
    model: 'upstream-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null, tool_calls: null, ...message },
        finish_reason: finish,
      },
    ],
    usage: used,
  };
}

export function chunk(
  delta: S['ChatCompletionChunkDelta'],
  finish: S['ChatCompletionChunkChoice']['finish_reason'] = null,
): ChatChunk {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1795342530,
    model: 'upstream-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
    usage: null,
  };
}

export function usageChunk(used: ChatUsage): ChatChunk {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1795342530,
    model: 'upstream-model',
    choices: [],
    usage: used,
  };
}

export const toolPiece = (index: number, args: string, start?: { id: string; name: string }): S['ChatToolCallChunk'] =>
  start
    ? { index, id: start.id, type: 'function', function: { name: start.name, arguments: args } }
    : { index, function: { arguments: args } };

/** The chunks in order, then (when given) a throw, as a supplier connection that breaks mid-stream. */
export async function* supplier(chunks: ChatChunk[], failure?: Error): AsyncGenerator<ChatChunk> {
  for (const c of chunks) {
    // A supplier's usage has no cost (the gateway adds it once settled): checked as the chunk it becomes.
    expectSchema('ChatCompletionChunk', { ...c, usage: c.usage && { ...c.usage, ...testCost } });
    yield c;
  }
  if (failure) throw failure;
}

export async function collect(events: AsyncIterable<SseEvent>): Promise<SseEvent[]> {
  const all: SseEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** The `type` of each event's data, after checking that the SSE event name equals it. */
export function typesOf(events: SseEvent[]): string[] {
  return events.map((event) => {
    const type = (event.data as { type: string }).type;
    expect(event.event).to.equal(type);
    return type;
  });
}
