import { expect } from 'chai';
import type { components } from '../../../generated/types/consumption.js';
import { FormatError, responsesToChat } from '../../../src/consumption/formats/responses.js';
import { expectSchema } from './support.js';

type ResponseRequest = components['schemas']['ResponseRequest'];
type ChatRequest = components['schemas']['ChatCompletionRequest'];

const request = (fields: Partial<ResponseRequest>): ResponseRequest => ({
  model: 'text-standard',
  input: 'Hi',
  ...fields,
});
const chat = (fields: Partial<ChatRequest>): ChatRequest => ({
  model: 'text-standard',
  messages: [{ role: 'user', content: 'Hi' }],
  ...fields,
});

const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

const rows: { name: string; body: ResponseRequest; expected: ChatRequest }[] = [
  { name: 'input text is one user message', body: request({}), expected: chat({}) },
  {
    name: 'instructions become a system message before the input',
    body: request({ instructions: 'Be brief.' }),
    expected: chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    }),
  },
  {
    name: 'input items: messages with text parts, function calls, their outputs; reasoning items dropped',
    body: request({
      input: [
        { role: 'developer', content: 'Use tools.' },
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather in ' },
            { type: 'input_text', text: 'Paris?' },
          ],
        },
        { type: 'reasoning', id: 'rs_1' },
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Checking.' }],
        } as components['schemas']['ResponseInputMessage'],
        { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', call_id: 'call_b', name: 'get_weather', arguments: '{"city":"Lyon"}' },
        { type: 'function_call_output', call_id: 'call_a', output: '14C' },
        { type: 'function_call_output', call_id: 'call_b', output: '16C' },
        { type: 'function_call', call_id: 'call_c', name: 'get_weather', arguments: '{}' },
      ],
    }),
    expected: chat({
      messages: [
        { role: 'developer', content: 'Use tools.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather in ' },
            { type: 'text', text: 'Paris?' },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Checking.' }],
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '14C' },
        { role: 'tool', tool_call_id: 'call_b', content: '16C' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_c', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        },
      ],
    }),
  },
  {
    name: 'function tools become chat function tools',
    body: request({
      tools: [
        { type: 'function', name: 'get_weather', description: 'Weather.', parameters: weather, strict: true },
        { type: 'function', name: 'now', description: null },
      ],
    }),
    expected: chat({
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', description: 'Weather.', parameters: weather, strict: true },
        },
        { type: 'function', function: { name: 'now' } },
      ],
    }),
  },
  {
    name: 'tool_choice required passes',
    body: request({ tool_choice: 'required' }),
    expected: chat({ tool_choice: 'required' }),
  },
  {
    name: 'tool_choice by name becomes a named function choice',
    body: request({ tool_choice: { type: 'function', name: 'get_weather' } }),
    expected: chat({ tool_choice: { type: 'function', function: { name: 'get_weather' } } }),
  },
  {
    name: 'parallel_tool_calls passes',
    body: request({ parallel_tool_calls: false }),
    expected: chat({ parallel_tool_calls: false }),
  },
  {
    name: 'text.format json_schema becomes response_format json_schema',
    body: request({ text: { format: { type: 'json_schema', name: 'person', schema: weather, strict: true } } }),
    expected: chat({
      response_format: { type: 'json_schema', json_schema: { name: 'person', schema: weather, strict: true } },
    }),
  },
  {
    name: 'text.format json_object',
    body: request({ text: { format: { type: 'json_object' } } }),
    expected: chat({ response_format: { type: 'json_object' } }),
  },
  {
    name: 'reasoning.effort becomes reasoning_effort',
    body: request({ reasoning: { effort: 'high' } }),
    expected: chat({ reasoning_effort: 'high' }),
  },
  {
    name: 'max_output_tokens becomes max_completion_tokens',
    body: request({ max_output_tokens: 64 }),
    expected: chat({ max_completion_tokens: 64 }),
  },
  {
    name: 'temperature and top_p pass',
    body: request({ temperature: 1.5, top_p: 0.9 }),
    expected: chat({ temperature: 1.5, top_p: 0.9 }),
  },
  {
    name: 'stream asks for usage',
    body: request({ stream: true }),
    expected: chat({ stream: true, stream_options: { include_usage: true } }),
  },
  {
    name: 'nulls mean absent; store, metadata and user are not forwarded',
    body: request({
      instructions: null,
      max_output_tokens: null,
      temperature: null,
      top_p: null,
      stream: null,
      previous_response_id: null,
      store: true,
      metadata: { a: 'b' },
      user: 'u1',
    }),
    expected: chat({}),
  },
];

describe('formats: responsesToChat', () => {
  for (const row of rows) {
    it(row.name, () => {
      expectSchema('ResponseRequest', row.body);
      const translated = responsesToChat(row.body);
      expect(translated).to.deep.equal(row.expected);
      expectSchema('ChatCompletionRequest', translated);
    });
  }

  const refusals: { name: string; body: ResponseRequest; path: string }[] = [
    {
      name: 'previous_response_id is refused (nothing is stored)',
      body: request({ previous_response_id: 'resp_1' }),
      path: 'previous_response_id',
    },
    {
      name: 'an input item of another type is refused',
      body: request({
        input: [
          {
            type: 'web_search_call',
            role: 'user',
            content: 'x',
          } as unknown as components['schemas']['ResponseInputMessage'],
        ],
      }),
      path: 'input.0.type',
    },
  ];
  for (const row of refusals) {
    it(row.name, () => {
      expect(() => responsesToChat(row.body))
        .to.throw(FormatError)
        .with.property('path', row.path);
    });
  }
});
