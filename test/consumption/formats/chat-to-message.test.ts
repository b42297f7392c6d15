import { expect } from 'chai';
import type { components } from '../../../generated/types/consumption.js';
import {
  chatStreamToMessageEvents,
  chatToMessage,
  type MessageContext,
} from '../../../src/consumption/formats/messages.js';
import { ApiError } from '../../../src/lib/errors.js';
import {
  chunk,
  collect,
  completion,
  expectSchema,
  supplier,
  testCost,
  withTestCost,
  toolPiece,
  typesOf,
  usage,
  usageChunk,
} from './support.js';
import type { ChatChunk, ChatCompletion } from './support.js';

type S = components['schemas'];

const ctx = (fields: Partial<MessageContext> = {}): MessageContext => ({
  id: 'msg_T1',
  model: 'agent-prime',
  cost: testCost,
  request: { model: 'agent-prime', max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }] },
  ...fields,
});

const weatherCall = {
  id: 'call_7f',
  type: 'function' as const,
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

describe('formats: chatToMessage', () => {
  const rows: { name: string; completion: ChatCompletion; stopReason: string; content: S['MessageContentBlock'][] }[] =
    [
      {
        name: 'text is one text block, ending the turn',
        completion: completion({ content: '2, 3 and 5.' }, 'stop'),
        stopReason: 'end_turn',
        content: [{ type: 'text', text: '2, 3 and 5.' }],
      },
      {
        name: 'tool calls are tool_use blocks with parsed input after the text',
        completion: completion({ content: 'Checking.', tool_calls: [weatherCall] }, 'tool_calls'),
        stopReason: 'tool_use',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_7f', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        name: 'tool calls reported as stop still stop for tool_use',
        completion: completion({ tool_calls: [weatherCall] }, 'stop'),
        stopReason: 'tool_use',
        content: [{ type: 'tool_use', id: 'toolu_7f', name: 'get_weather', input: { city: 'Paris' } }],
      },
      {
        name: 'arguments cut by the limit give an empty input',
        completion: completion(
          { tool_calls: [{ ...weatherCall, function: { name: 'get_weather', arguments: '{"city":"Pa' } }] },
          'length',
        ),
        stopReason: 'max_tokens',
        content: [{ type: 'tool_use', id: 'toolu_7f', name: 'get_weather', input: {} }],
      },
      {
        name: 'length is max_tokens',
        completion: completion({ content: 'Once upon' }, 'length'),
        stopReason: 'max_tokens',
        content: [{ type: 'text', text: 'Once upon' }],
      },
      {
        name: 'empty content has no blocks',
        completion: completion({ content: '' }, 'stop'),
        stopReason: 'end_turn',
        content: [],
      },
    ];
  for (const row of rows) {
    it(row.name, () => {
      expectSchema('ChatCompletion', withTestCost(row.completion));
      const message = chatToMessage(row.completion, ctx());
      expectSchema('Message', message);
      expect(message.stop_reason).to.equal(row.stopReason);
      expect(message.content).to.deep.equal(row.content);
    });
  }

  it('carries the ids, the requested model and the usage', () => {
    const message = chatToMessage(completion({ content: 'ok' }, 'stop', usage(310, 52, 20)), ctx());
    expect(message).to.deep.equal({
      id: 'msg_T1',
      type: 'message',
      role: 'assistant',
      model: 'agent-prime',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 310, output_tokens: 52, ...testCost },
    });
  });
});

describe('formats: chatStreamToMessageEvents', () => {
  const checkEvents = (events: { data: unknown }[]) =>
    events.forEach((event) => expectSchema('MessageStreamEvent', event.data));

  it('streams text: message_start, one block with a ping, message_delta, message_stop', async () => {
    const chunks = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: '2, 3' }),
      chunk({ content: ' and 5.' }),
      chunk({}, 'stop'),
      usageChunk(usage(21, 8)),
    ];
    const events = await collect(chatStreamToMessageEvents(supplier(chunks), ctx({ inputTokens: 21 })));
    checkEvents(events);
    expect(typesOf(events)).to.deep.equal([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.map((event) => event.data)).to.deep.equal([
      {
        type: 'message_start',
        message: {
          id: 'msg_T1',
          type: 'message',
          role: 'assistant',
          model: 'agent-prime',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 21, output_tokens: 0, cost_usd: null, cost_units: null },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '2, 3' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' and 5.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 8, ...testCost },
      },
      { type: 'message_stop' },
    ]);
  });

  it('streams tool calls with split arguments as input_json_delta, one block per call', async () => {
    const chunks = [
      chunk({ role: 'assistant', content: 'Checking.' }),
      chunk({ tool_calls: [toolPiece(0, '', { id: 'call_7f', name: 'get_weather' })] }),
      chunk({ tool_calls: [toolPiece(0, '{"city":')] }),
      chunk({ tool_calls: [toolPiece(0, '"Paris"}')] }),
      chunk({ tool_calls: [toolPiece(1, '{}', { id: 'call_8g', name: 'now' })] }),
      chunk({}, 'tool_calls'),
      usageChunk(usage(310, 52)),
    ];
    const events = await collect(chatStreamToMessageEvents(supplier(chunks), ctx()));
    checkEvents(events);
    expect(events.map((event) => event.data)).to.deep.equal([
      {
        type: 'message_start',
        message: {
          id: 'msg_T1',
          type: 'message',
          role: 'assistant',
          model: 'agent-prime',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0, cost_usd: null, cost_units: null },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_7f', name: 'get_weather', input: {} },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_8g', name: 'now', input: {} },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{}' } },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 52, ...testCost },
      },
      { type: 'message_stop' },
    ]);
  });

  it('ends with max_tokens when the output limit was hit', async () => {
    const events = await collect(
      chatStreamToMessageEvents(supplier([chunk({ content: 'Once' }, 'length'), usageChunk(usage(5, 1))]), ctx()),
    );
    checkEvents(events);
    const delta = events.at(-2)!.data as S['MessageDeltaEvent'];
    expect(delta.delta.stop_reason).to.equal('max_tokens');
  });

  const failures: { name: string; chunks: ChatChunk[]; failure?: Error; errorType: string }[] = [
    {
      name: 'a supplier that throws mid-block ends with the error event',
      chunks: [chunk({ role: 'assistant', content: 'Half' })],
      failure: new Error('socket hang up at 10.0.0.7'),
      errorType: 'api_error',
    },
    {
      name: 'a supplier that throws before any chunk ends with the error event',
      chunks: [],
      failure: new Error('reset'),
      errorType: 'api_error',
    },
    {
      name: 'no supplier able to continue is overloaded_error',
      chunks: [chunk({ content: 'x' })],
      failure: new ApiError(503, 'supplier_unavailable', 'No supplier could continue.'),
      errorType: 'overloaded_error',
    },
    {
      name: 'a stream without usage ends with the error event',
      chunks: [chunk({ content: 'x' }, 'stop')],
      errorType: 'api_error',
    },
  ];
  for (const row of failures) {
    it(row.name, async () => {
      const events = await collect(chatStreamToMessageEvents(supplier(row.chunks, row.failure), ctx()));
      checkEvents(events);
      const types = typesOf(events);
      expect(types.at(-1)).to.equal('error');
      expect(types.filter((type) => type === 'error')).to.have.length(1);
      expect(types).to.not.include('message_stop');
      expect(types).to.not.include('message_delta');
      const error = events.at(-1)!.data as S['MessageErrorEvent'];
      expect(error.error.type).to.equal(row.errorType);
      expect(error.error.message).to.not.include('10.0.0.7');
    });
  }
});
