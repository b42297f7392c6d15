import { expect } from 'chai';
import {
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  type TraceContext,
} from '../../src/lib/trace-context.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const spanId = '00f067aa0ba902b7';
const valid = `00-${traceId}-${spanId}-01`;

describe('W3C traceparent', () => {
  const rows: [string, string | string[] | undefined, TraceContext | null][] = [
    ['version 00, sampled', valid, { traceId, spanId, flags: 1 }],
    ['version 00, not sampled', `00-${traceId}-${spanId}-00`, { traceId, spanId, flags: 0 }],
    ['surrounding spaces', `  ${valid} `, { traceId, spanId, flags: 1 }],
    [
      'a future version, by its first four fields',
      `cc-${traceId}-${spanId}-09-what-comes-next`,
      { traceId, spanId, flags: 9 },
    ],
    ['a future version of exactly four fields', `01-${traceId}-${spanId}-01`, { traceId, spanId, flags: 1 }],
    ['absent', undefined, null],
    ['empty', '', null],
    ['repeated (two headers)', [valid, valid], null],
    ['version ff', `ff-${traceId}-${spanId}-01`, null],
    ['version 00 with more after it', `${valid}-extra`, null],
    ['a future version with no dash after the flags', `cc-${traceId}-${spanId}-01x`, null],
    ['upper-case hex', `00-${traceId.toUpperCase()}-${spanId}-01`, null],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${spanId}-01`, null],
    ['an all-zero parent id', `00-${traceId}-${'0'.repeat(16)}-01`, null],
    ['a short trace id', `00-${traceId.slice(1)}-${spanId}-01-`, null],
    ['not hex', `00-${traceId.slice(0, 31)}g-${spanId}-01`, null],
    ['wrong separators', `00_${traceId}_${spanId}_01`, null],
    ['flags not hex', `00-${traceId}-${spanId}-0z`, null],
  ];
  for (const [what, header, expected] of rows) {
    it(`${what}: ${expected === null ? 'ignored' : 'read'}`, () => {
      expect(parseTraceparent(header)).to.deep.equal(expected);
    });
  }

  it('formats version 00 with two-digit flags', () => {
    expect(formatTraceparent({ traceId, spanId, flags: 1 })).to.equal(valid);
    expect(formatTraceparent({ traceId, spanId, flags: 0x1f })).to.equal(`00-${traceId}-${spanId}-1f`);
  });

  it('makes ids of the right length, lower-case hex, never repeated', () => {
    const traces = new Set(Array.from({ length: 1000 }, () => newTraceId()));
    const spans = new Set(Array.from({ length: 1000 }, () => newSpanId()));
    expect(traces.size).to.equal(1000);
    expect(spans.size).to.equal(1000);
    for (const id of traces) expect(id).to.match(/^[0-9a-f]{32}$/);
    for (const id of spans) expect(id).to.match(/^[0-9a-f]{16}$/);
    expect(parseTraceparent(formatTraceparent({ traceId: newTraceId(), spanId: newSpanId(), flags: 1 }))).not.to.equal(
      null,
    );
  });
});
