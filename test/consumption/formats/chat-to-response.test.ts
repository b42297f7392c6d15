import { expect } from 'chai';
import type { components } from '../../../generated/types/consumption.js';
import {
  chatStreamToResponseEvents,
  chatToResponse,
  type ResponseContext,
} from '../../../src/consumption/formats/responses.js';
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

const ctx = (request: Partial<S['ResponseRequest']> = {}): ResponseContext => ({
  id: 'resp_T1',
  model: 'agent-prime',
  cost: testCost,
  createdAt: 1795342530,
  request: { model: 'agent-prime', input: 'Hi', ...request },
});

const weatherCall = {
  id: 'call_7f',
  type: 'function' as const,
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

describe('formats: chatToResponse', () => {
  const rows: {
    name: string;
    completion: ChatCompletion;
    status: string;
    incomplete: S['ResponseIncompleteDetails'] | null;
    output: S['ResponseOutputItem'][];
  }[] = [
    {
      name: 'text becomes one completed message',
      completion: completion({ content: '2, 3 and 5.' }, 'stop'),
      status: 'completed',
      incomplete: null,
      output: [
        {
          type: 'message',
          id: 'msg_T1_0',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: '2, 3 and 5.', annotations: [] }],
        },
      ],
    },
    {
      name: 'tool calls become function_call items',
      completion: completion({ tool_calls: [weatherCall, { ...weatherCall, id: 'call_8g' }] }, 'tool_calls'),
      status: 'completed',
      incomplete: null,
      output: [
        {
          type: 'function_call',
          id: 'fc_T1_0',
          call_id: 'call_7f',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
        {
          type: 'function_call',
          id: 'fc_T1_1',
          call_id: 'call_8g',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
      ],
    },
    {
      name: 'text before tool calls is a message item first',
      completion: completion({ content: 'Checking.', tool_calls: [weatherCall] }, 'tool_calls'),
      status: 'completed',
      incomplete: null,
      output: [
        {
          type: 'message',
          id: 'msg_T1_0',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
        },
        {
          type: 'function_call',
          id: 'fc_T1_1',
          call_id: 'call_7f',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
      ],
    },
    {
      name: 'length is incomplete for max_output_tokens',
      completion: completion({ content: 'Once upon' }, 'length'),
      status: 'incomplete',
      incomplete: { reason: 'max_output_tokens' },
      output: [
        {
          type: 'message',
          id: 'msg_T1_0',
          role: 'assistant',
          status: 'incomplete',
          content: [{ type: 'output_text', text: 'Once upon', annotations: [] }],
        },
      ],
    },
    {
      name: 'content_filter is incomplete for content_filter',
      completion: completion({ content: null, refusal: 'I cannot help.' }, 'content_filter'),
      status: 'incomplete',
      incomplete: { reason: 'content_filter' },
      output: [
        {
          type: 'message',
          id: 'msg_T1_0',
          role: 'assistant',
          status: 'incomplete',
          content: [{ type: 'output_text', text: 'I cannot help.', annotations: [] }],
        },
      ],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      expectSchema('ChatCompletion', withTestCost(row.completion));
      const response = chatToResponse(row.completion, ctx());
      expectSchema('Response', response);
      expect(response.status).to.equal(row.status);
      expect(response.incomplete_details).to.deep.equal(row.incomplete);
      expect(response.output).to.deep.equal(row.output);
    });
  }

  it('reports usage with reasoning tokens, and echoes the request settings', () => {
    const response = chatToResponse(
      completion({ content: 'ok' }, 'stop', usage(96, 41, 22)),
      ctx({
        instructions: 'Be brief.',
        max_output_tokens: 64,
        temperature: 0.5,
        reasoning: { effort: 'low' },
        metadata: { k: 'v' },
      }),
    );
    expectSchema('Response', response);
    expect(response.usage).to.deep.equal({
      input_tokens: 96,
      output_tokens: 41,
      total_tokens: 137,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 22 },
      ...testCost,
    });
    expect(response).to.deep.include({
      id: 'resp_T1',
      object: 'response',
      created_at: 1795342530,
      model: 'agent-prime',
      error: null,
      instructions: 'Be brief.',
      max_output_tokens: 64,
      temperature: 0.5,
      top_p: null,
      tool_choice: 'auto',
      tools: [],
      parallel_tool_calls: true,
    });
    expect(response.text).to.deep.equal({ format: { type: 'text' } });
    expect(response.reasoning).to.deep.equal({ effort: 'low' });
    expect(response.metadata).to.deep.equal({ k: 'v' });
  });
});

describe('formats: chatStreamToResponseEvents', () => {
  function checkSequence(events: { data: unknown }[]): void {
    events.forEach((event, i) => {
      expectSchema('ResponseStreamEvent', event.data);
      expect((event.data as { sequence_number: number }).sequence_number).to.equal(i);
    });
  }

  it('streams text in the documented order and completes with the whole response', async () => {
    const chunks = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: '2, 3' }),
      chunk({ content: ' and 5.' }),
      chunk({}, 'stop'),
      usageChunk(usage(24, 8)),
    ];
    const events = await collect(chatStreamToResponseEvents(supplier(chunks), ctx()));
    checkSequence(events);
    expect(typesOf(events)).to.deep.equal([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const created = events[0]!.data as S['ResponseLifecycleEvent'];
    expect(created.response).to.deep.include({ status: 'in_progress', output: [], usage: null });
    expect((events[6]!.data as S['ResponseOutputTextDoneEvent']).text).to.equal('2, 3 and 5.');
    const completed = (events.at(-1)!.data as S['ResponseLifecycleEvent']).response;
    expect(completed.status).to.equal('completed');
    expect(completed.usage?.total_tokens).to.equal(32);
    // The streamed response is the response of the same completion unstreamed.
    expect(completed).to.deep.equal(
      chatToResponse(completion({ content: '2, 3 and 5.' }, 'stop', usage(24, 8)), ctx()),
    );
  });

  it('streams a tool call with split arguments, after the text before it', async () => {
    const chunks = [
      chunk({ role: 'assistant', content: 'Checking.' }),
      chunk({ tool_calls: [toolPiece(0, '', { id: 'call_7f', name: 'get_weather' })] }),
      chunk({ tool_calls: [toolPiece(0, '{"city":')] }),
      chunk({ tool_calls: [toolPiece(0, '"Paris"}')] }),
      chunk({ tool_calls: [toolPiece(1, '{"city":"Lyon"}', { id: 'call_8g', name: 'get_weather' })] }),
      chunk({}, 'tool_calls'),
      usageChunk(usage(96, 41, 22)),
    ];
    const events = await collect(chatStreamToResponseEvents(supplier(chunks), ctx()));
    checkSequence(events);
    expect(typesOf(events)).to.deep.equal([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const added = events[8]!.data as S['ResponseOutputItemEvent'];
    expect(added.output_index).to.equal(1);
    expect(added.item).to.deep.equal({
      type: 'function_call',
      id: 'fc_T1_1',
      call_id: 'call_7f',
      name: 'get_weather',
      arguments: '',
      status: 'in_progress',
    });
    expect((events[11]!.data as S['ResponseFunctionCallArgumentsDoneEvent']).arguments).to.equal('{"city":"Paris"}');
    const completed = (events.at(-1)!.data as S['ResponseLifecycleEvent']).response;
    const whole = completion(
      {
        content: 'Checking.',
        tool_calls: [
          weatherCall,
          { id: 'call_8g', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
        ],
      },
      'tool_calls',
      usage(96, 41, 22),
    );
    expect(completed).to.deep.equal(chatToResponse(whole, ctx()));
  });

  it('ends with response.incomplete when the output limit was hit', async () => {
    const events = await collect(
      chatStreamToResponseEvents(
        supplier([chunk({ role: 'assistant', content: 'Once' }), chunk({}, 'length'), usageChunk(usage(5, 1))]),
        ctx(),
      ),
    );
    checkSequence(events);
    const last = events.at(-1)!.data as S['ResponseLifecycleEvent'];
    expect(last.type).to.equal('response.incomplete');
    expect(last.response.incomplete_details).to.deep.equal({ reason: 'max_output_tokens' });
    expect((last.response.output[0] as S['ResponseOutputMessage']).status).to.equal('incomplete');
  });

  it('answers an empty completion with one empty message, as unstreamed', async () => {
    const events = await collect(
      chatStreamToResponseEvents(
        supplier([chunk({ role: 'assistant', content: '' }, 'stop'), usageChunk(usage(5, 0))]),
        ctx(),
      ),
    );
    checkSequence(events);
    const completed = (events.at(-1)!.data as S['ResponseLifecycleEvent']).response;
    expect(completed).to.deep.equal(chatToResponse(completion({ content: '' }, 'stop', usage(5, 0)), ctx()));
  });

  const failures: { name: string; chunks: ChatChunk[]; failure?: Error; code: string }[] = [
    {
      name: 'a supplier that throws mid-stream ends with the error event',
      chunks: [chunk({ role: 'assistant', content: 'Half' })],
      failure: new Error('socket hang up at 10.0.0.7'),
      code: 'supplier_error',
    },
    {
      name: 'a supplier that throws before any chunk ends with the error event',
      chunks: [],
      failure: new Error('reset'),
      code: 'supplier_error',
    },
    {
      name: 'an ApiError thrown keeps its code',
      chunks: [chunk({ content: 'x' })],
      failure: new ApiError(503, 'supplier_unavailable', 'No supplier could continue.'),
      code: 'supplier_unavailable',
    },
    {
      name: 'a stream without usage ends with the error event',
      chunks: [chunk({ content: 'x' }, 'stop')],
      code: 'supplier_error',
    },
  ];
  for (const row of failures) {
    it(row.name, async () => {
      const events = await collect(chatStreamToResponseEvents(supplier(row.chunks, row.failure), ctx()));
      checkSequence(events);
      const types = typesOf(events);
      expect(types.at(-1)).to.equal('error');
      expect(types.filter((type) => type === 'error')).to.have.length(1);
      expect(types).to.not.include('response.completed');
      expect(types).to.not.include('response.incomplete');
      const error = events.at(-1)!.data as S['ResponseErrorEvent'];
      expect(error.code).to.equal(row.code);
      expect(error.message).to.not.include('10.0.0.7'); // supplier internals stay inside
    });
  }
});
