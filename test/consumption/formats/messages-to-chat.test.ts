import { expect } from 'chai';
import type { components } from '../../../generated/types/consumption.js';
import { FormatError, messagesToChat } from '../../../src/consumption/formats/messages.js';
import { expectSchema } from './support.js';

type MessageRequest = components['schemas']['MessageRequest'];
type ChatRequest = components['schemas']['ChatCompletionRequest'];

const request = (fields: Partial<MessageRequest>): MessageRequest => ({
  model: 'text-standard',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Hi' }],
  ...fields,
});
const chat = (fields: Partial<ChatRequest>): ChatRequest => ({
  model: 'text-standard',
  messages: [{ role: 'user', content: 'Hi' }],
  max_tokens: 256,
  ...fields,
});

const weather = { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] };

const rows: { name: string; body: MessageRequest; expected: ChatRequest }[] = [
  { name: 'a text turn is one user message; max_tokens passes', body: request({}), expected: chat({}) },
  {
    name: 'system text becomes a system message',
    body: request({ system: 'Be brief.' }),
    expected: chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    }),
  },
  {
    name: 'system blocks are joined into one system message',
    body: request({
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Be kind.' },
      ],
    }),
    expected: chat({
      messages: [
        { role: 'system', content: 'Be brief.\n\nBe kind.' },
        { role: 'user', content: 'Hi' },
      ],
    }),
  },
  {
    name: 'tool_use becomes assistant tool_calls, tool_result tool messages before the turn text; thinking is dropped',
    body: request({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Call the tool.', signature: 'sig' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And now?' },
            { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: '14C' }] },
            { type: 'tool_result', tool_use_id: 'toolu_02', content: 'no such city', is_error: true },
            { type: 'tool_result', tool_use_id: 'toolu_03' },
          ],
        },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Only thought.', signature: 'sig' }] },
      ],
    }),
    expected: chat({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'toolu_01', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_01', content: '14C' },
        { role: 'tool', tool_call_id: 'toolu_02', content: 'Error: no such city' },
        { role: 'tool', tool_call_id: 'toolu_03', content: '' },
        { role: 'user', content: [{ type: 'text', text: 'And now?' }] },
      ],
    }),
  },
  {
    name: 'an assistant turn of tool_use only has null content',
    body: request({
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'now', input: {} }] },
      ],
    }),
    expected: chat({
      messages: [
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'toolu_9', type: 'function', function: { name: 'now', arguments: '{}' } }],
        },
      ],
    }),
  },
  {
    name: 'tools with input_schema become function tools',
    body: request({
      tools: [
        { name: 'get_weather', description: 'Weather.', input_schema: weather },
        { type: 'custom', name: 'now', input_schema: { type: 'object' } },
      ],
    }),
    expected: chat({
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather.', parameters: weather } },
        { type: 'function', function: { name: 'now', parameters: { type: 'object' } } },
      ],
    }),
  },
  {
    name: 'tool_choice auto',
    body: request({ tool_choice: { type: 'auto' } }),
    expected: chat({ tool_choice: 'auto' }),
  },
  {
    name: 'tool_choice any is required',
    body: request({ tool_choice: { type: 'any' } }),
    expected: chat({ tool_choice: 'required' }),
  },
  {
    name: 'tool_choice none',
    body: request({ tool_choice: { type: 'none' } }),
    expected: chat({ tool_choice: 'none' }),
  },
  {
    name: 'tool_choice tool names the function; disable_parallel_tool_use turns parallel calls off',
    body: request({ tool_choice: { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true } }),
    expected: chat({
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    }),
  },
  {
    name: 'thinking budget below 4096 is low effort',
    body: request({ max_tokens: 8192, thinking: { type: 'enabled', budget_tokens: 2048 } }),
    expected: chat({ max_tokens: 8192, reasoning_effort: 'low' }),
  },
  {
    name: 'thinking budget below 16384 is medium effort',
    body: request({ max_tokens: 32000, thinking: { type: 'enabled', budget_tokens: 4096 } }),
    expected: chat({ max_tokens: 32000, reasoning_effort: 'medium' }),
  },
  {
    name: 'thinking budget of 16384 and more is high effort',
    body: request({ max_tokens: 32000, thinking: { type: 'enabled', budget_tokens: 16384 } }),
    expected: chat({ max_tokens: 32000, reasoning_effort: 'high' }),
  },
  {
    name: 'thinking disabled leaves the default effort',
    body: request({ thinking: { type: 'disabled' } }),
    expected: chat({}),
  },
  {
    name: 'stop_sequences become stop',
    body: request({ stop_sequences: ['END', '##'] }),
    expected: chat({ stop: ['END', '##'] }),
  },
  {
    name: 'temperature and top_p pass unchanged; top_k is dropped',
    body: request({ temperature: 0.3, top_p: 0.8, top_k: 40 }),
    expected: chat({ temperature: 0.3, top_p: 0.8 }),
  },
  {
    name: 'stream asks for usage',
    body: request({ stream: true }),
    expected: chat({ stream: true, stream_options: { include_usage: true } }),
  },
  { name: 'metadata.user_id is not forwarded', body: request({ metadata: { user_id: 'u1' } }), expected: chat({}) },
];

describe('formats: messagesToChat', () => {
  for (const row of rows) {
    it(row.name, () => {
      expectSchema('MessageRequest', row.body);
      const translated = messagesToChat(row.body);
      expect(translated).to.deep.equal(row.expected);
      expectSchema('ChatCompletionRequest', translated);
    });
  }

  const refusals: { name: string; body: MessageRequest; path: string }[] = [
    {
      name: 'a thinking budget not below max_tokens',
      body: request({ max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 } }),
      path: 'thinking.budget_tokens',
    },
    {
      name: 'more than 4 stop sequences',
      body: request({ stop_sequences: ['a', 'b', 'c', 'd', 'e'] }),
      path: 'stop_sequences',
    },
    {
      name: 'a tool name longer than 64 characters',
      body: request({
        tools: [
          { name: 'now', input_schema: { type: 'object' } },
          { name: 'x'.repeat(65), input_schema: { type: 'object' } },
        ],
      }),
      path: 'tools.1.name',
    },
    {
      name: 'tool_choice tool without a name',
      body: request({ tool_choice: { type: 'tool' } }),
      path: 'tool_choice.name',
    },
    {
      name: 'tool_use in a user turn',
      body: request({ messages: [{ role: 'user', content: [{ type: 'tool_use', id: 't', name: 'now', input: {} }] }] }),
      path: 'messages.0.content.0.type',
    },
    {
      name: 'tool_result in an assistant turn',
      body: request({
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'a' },
              { type: 'tool_result', tool_use_id: 't' },
            ],
          },
        ],
      }),
      path: 'messages.1.content.1.type',
    },
  ];
  for (const row of refusals) {
    it(`refuses ${row.name}`, () => {
      expectSchema('MessageRequest', row.body); // the schema lets it through: the translation must refuse
      expect(() => messagesToChat(row.body))
        .to.throw(FormatError)
        .with.property('path', row.path);
    });
  }
});
