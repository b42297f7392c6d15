import type { Push } from './payloads.js';
import { encodePush, type Vsn } from './protocol.js';

/**
 * WebSocket frames made once and written as they are. A server's frames are not masked (RFC 6455
 * §5.1), so the bytes of one push are the same on every socket with the same serialiser and join
 * ref: a fan-out frames each push once per such variant, not once per subscriber. Only for sockets
 * without extensions (the socket is made with permessage-deflate off, so none has any).
 */

/** A final text frame (FIN, opcode 1, no mask) holding `text` as UTF-8 (RFC 6455 §5.2). */
export function textFrame(text: string): Buffer {
  const lengthBytes = Buffer.byteLength(text);
  const headBytes = lengthBytes < 126 ? 2 : lengthBytes < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headBytes + lengthBytes);
  frame[0] = 0x81;
  if (headBytes === 2) frame[1] = lengthBytes;
  else if (headBytes === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(lengthBytes, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(lengthBytes), 2);
  }
  frame.write(text, headBytes, 'utf8');
  return frame;
}

/** The frames of one push made so far, per serialiser, by join ref. */
interface PushFrames {
  objects: Map<string | null, Buffer>;
  arrays: Map<string | null, Buffer>;
}

const framesOfPush = new WeakMap<Push, PushFrames>();

/** The frame of a channel push (ref null), made on first use for its serialiser and join ref and reused after. */
export function pushFrame(vsn: Vsn, joinRef: string | null, topic: string, push: Push): Buffer {
  let frames = framesOfPush.get(push);
  if (frames === undefined) {
    frames = { objects: new Map(), arrays: new Map() };
    framesOfPush.set(push, frames);
  }
  const byJoinRef = vsn === '2.0.0' ? frames.arrays : frames.objects;
  let frame = byJoinRef.get(joinRef);
  if (frame === undefined) {
    frame = textFrame(encodePush(vsn, joinRef, topic, push.event, push.payload));
    byJoinRef.set(joinRef, frame);
  }
  return frame;
}
