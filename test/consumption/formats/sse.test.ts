import { expect } from 'chai';
import { serializeSseEvent } from '../../../src/consumption/formats/sse.js';
import { expectSchema } from './support.js';

describe('formats: serializeSseEvent', () => {
  const rows: { name: string; event: Parameters<typeof serializeSseEvent>[0]; text: string }[] = [
    {
      name: 'a named event',
      event: { event: 'ping', data: { type: 'ping' } },
      text: 'event: ping\ndata: {"type":"ping"}\n\n',
    },
    { name: 'an unnamed event is data only', event: { data: { a: 1 } }, text: 'data: {"a":1}\n\n' },
    {
      name: 'newlines inside data stay escaped on one line',
      event: { event: 'x', data: { text: 'a\nb' } },
      text: 'event: x\ndata: {"text":"a\\nb"}\n\n',
    },
  ];
  for (const row of rows) {
    it(row.name, () => expect(serializeSseEvent(row.event)).to.equal(row.text));
  }
});

describe('formats: the schema check the translator tests rely on', () => {
  const rows: { name: string; schema: Parameters<typeof expectSchema>[0]; value: unknown }[] = [
    { name: 'a Response missing its fields', schema: 'Response', value: { id: 'resp_1', object: 'response' } },
    {
      name: 'a stream event with an unknown field',
      schema: 'MessageStreamEvent',
      value: { type: 'message_stop', extra: 1 },
    },
    {
      name: 'a text delta event without sequence_number',
      schema: 'ResponseStreamEvent',
      value: { type: 'response.output_text.delta', item_id: 'm', output_index: 0, content_index: 0, delta: 'x' },
    },
  ];
  for (const row of rows) {
    it(`rejects ${row.name}`, () => expect(() => expectSchema(row.schema, row.value)).to.throw());
  }
});
