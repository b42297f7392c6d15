import { expect } from 'chai';
import { newEventLag, stamped, unstamped } from '../../src/db/event-lag.js';
import { batchFrames, newBatch, type Taken } from '../../src/streams/fanout.js';
import { textFrame } from '../../src/streams/frames.js';
import type { Push } from '../../src/streams/payloads.js';

/**
 * The fan-out writes frames it made itself (src/streams/frames.ts): each must be the one final,
 * unmasked text frame RFC 6455 §5.2 describes, with the payload length in 7, 7+16 or 7+64 bits.
 */
describe('streams: WebSocket text frames made once for every subscriber', () => {
  const lengths: [string, number, number[]][] = [
    ['empty', 0, [0x81, 0]],
    ['7-bit length, largest', 125, [0x81, 125]],
    ['16-bit length, smallest', 126, [0x81, 126, 0, 126]],
    ['16-bit length, largest', 65_535, [0x81, 126, 0xff, 0xff]],
    ['64-bit length, smallest', 65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]],
  ];
  for (const [name, lengthBytes, head] of lengths) {
    it(`frames ${lengthBytes} bytes (${name}) with the head ${JSON.stringify(head)}`, () => {
      const text = 'x'.repeat(lengthBytes);
      const frame = textFrame(text);
      expect([...frame.subarray(0, head.length)]).to.deep.equal(head);
      expect(frame.subarray(head.length).toString('utf8')).to.equal(text);
    });
  }

  it('counts the length in UTF-8 bytes, not in characters', () => {
    const frame = textFrame('é€');
    expect([...frame.subarray(0, 2)]).to.deep.equal([0x81, 5]);
    expect(frame.subarray(2).toString('utf8')).to.equal('é€');
  });
});

/** The texts of the frames (7- or 16-bit lengths) one after the other in `bytes`. */
function textsOf(bytes: Buffer): string[] {
  const texts: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const short = bytes[at + 1] ?? 0;
    const [headBytes, lengthBytes] = short < 126 ? [2, short] : [4, bytes.readUInt16BE(at + 2)];
    texts.push(bytes.subarray(at + headBytes, at + headBytes + lengthBytes).toString('utf8'));
    at += headBytes + lengthBytes;
  }
  return texts;
}

describe('streams: the bytes of a fan-out batch (src/streams/fanout.ts)', () => {
  const ack = (n: number): Push => ({
    event: 'ack',
    payload: { request_id: String(n), action: 'subscribe', status: 'ok', streams: [] },
  });

  it('writes the pushes a session took in their order, made once for every session that took the same', () => {
    const batch = newBatch();
    batch.pushes.push(ack(1), ack(2), ack(3));
    const taken = (indices: number[]): Taken => ({ batch, indices });
    const both = batchFrames('2.0.0', '1', 'ws:trading', taken([0, 2]));
    expect(textsOf(both).map((t) => (JSON.parse(t) as unknown[])[4])).to.deep.equal([ack(1).payload, ack(3).payload]);
    expect(textsOf(both)[0]).to.match(/^\["1",null,"ws:trading","ack",/);
    expect(batchFrames('2.0.0', '1', 'ws:trading', taken([0, 2]))).to.equal(both);
    expect(batchFrames('2.0.0', '2', 'ws:trading', taken([0, 2]))).not.to.equal(both);
    expect(textsOf(batchFrames('2.0.0', null, 'ws:trading', taken([1])))).to.have.length(1);
    const objects = textsOf(batchFrames('1.0.0', '1', 'ws:trading', taken([0, 2])));
    expect(objects.map((t) => (JSON.parse(t) as { join_ref: string }).join_ref)).to.deep.equal(['1', '1']);
  });
});

describe('streams: the lag of events between processes (src/db/event-lag.ts)', () => {
  it('takes the stamp off a payload and counts its lag', () => {
    const lag = newEventLag();
    expect(unstamped(lag, stamped('[{"a":1}]', 1_000), 1_040, undefined)).to.equal('[{"a":1}]');
    expect(unstamped(lag, stamped('[]', 2_000), 2_010, undefined)).to.equal('[]');
    expect(lag).to.include({ lastMs: 10, maxMs: 40, heard: 2, late: 0 });
  });

  it('passes a payload without a stamp on as it is, counting nothing', () => {
    const lag = newEventLag();
    expect(unstamped(lag, '[{"t":"1:2"}]', 5_000, undefined)).to.equal('[{"t":"1:2"}]');
    expect(lag.heard).to.equal(0);
  });

  it('counts a payload later than a second as late', () => {
    const lag = newEventLag();
    unstamped(lag, stamped('[]', 1_000), 2_500, undefined);
    expect(lag).to.include({ lastMs: 1_500, maxMs: 1_500, heard: 1, late: 1 });
  });
});
