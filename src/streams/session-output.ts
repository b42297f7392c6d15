import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { batchFrames, type Batch, type Taken } from './fanout.js';
import { pushFrame, textFrame } from './frames.js';
import type { Push } from './payloads.js';
import { encodeFrame, encodePush, type Frame, type Vsn } from './protocol.js';

/** The topic every push of the socket is on. */
export const channelTopic = 'ws:trading';

/**
 * What one session writes to its socket, in the order it was decided: replies and pushes (held by cork until the
 * turn ends, so a turn's frames leave in one write), and what the session took of a fan-out batch (fanout.ts),
 * written in one go when the router comes to it, or before anything written after it was taken.
 */
export interface SessionOutput {
  ws: WebSocket;
  /** The socket `ws` frames on: frames made once (frames.ts) are written to it directly. */
  socket: Duplex;
  vsn: Vsn;
  /**
   * Whether ready-made frames (frames.ts) may go to this socket: only without extensions. The socket is made with
   * permessage-deflate off, so always; were it negotiated, a frame would have to be compressed for this socket alone.
   */
  framesShared: boolean;
  /** Bytes queued for the socket past which `tooSlow` is called. */
  sendBufferBytesMax: number;
  tooSlow: () => void;
  /** Whether the socket holds this turn's frames, to write them in one go once the turn ends. */
  corked: boolean;
  uncork: () => void;
  /** The pushes of a fan-out batch the session took and has not written yet. */
  taken: Taken | null;
  /** Set when the session ends: nothing more is written. */
  ended: boolean;
}

export function newSessionOutput(
  ws: WebSocket,
  socket: Duplex,
  vsn: Vsn,
  sendBufferBytesMax: number,
  tooSlow: () => void,
): SessionOutput {
  const output: SessionOutput = {
    ws,
    socket,
    vsn,
    framesShared: ws.extensions === '',
    sendBufferBytesMax,
    tooSlow,
    corked: false,
    uncork: () => uncork(output),
    taken: null,
    ended: false,
  };
  return output;
}

/**
 * Push `index` of `batch` is the session's to write (the first one joins the batch's takers); `joinRef` is the
 * session's, for what it still holds of an earlier batch.
 */
export function take(
  output: SessionOutput,
  joinRef: string | null,
  batch: Batch,
  index: number,
  taker: Batch['takers'][number],
): void {
  if (output.taken?.batch !== batch) {
    writeTaken(output, joinRef);
    output.taken = { batch, indices: [] };
    batch.takers.push(taker);
  }
  output.taken.indices.push(index);
}

/** Writes what the session took of a batch: one buffer, the same bytes as every session with the same pushes. */
export function writeTaken(output: SessionOutput, joinRef: string | null): void {
  const taken = output.taken;
  if (taken === null) return;
  output.taken = null;
  if (output.framesShared) return writeFrames(output, batchFrames(output.vsn, joinRef, channelTopic, taken));
  for (const index of taken.indices) {
    const push = taken.batch.pushes[index];
    if (push !== undefined)
      write(output, joinRef, encodePush(output.vsn, joinRef, channelTopic, push.event, push.payload));
  }
}

/** A push of the channel: ref null, the join's join_ref; an event's frame is made once for all its subscribers. */
export function writePush(output: SessionOutput, joinRef: string | null, push: Push): void {
  if (output.framesShared) write(output, joinRef, pushFrame(output.vsn, joinRef, channelTopic, push));
  else write(output, joinRef, encodePush(output.vsn, joinRef, channelTopic, push.event, push.payload));
}

/** `joinRef` is the session's, for what it took of a batch and writes first. */
export function writeFrame(output: SessionOutput, joinRef: string | null, frame: Frame): void {
  const text = encodeFrame(output.vsn, frame);
  write(output, joinRef, output.framesShared ? textFrame(text) : text);
}

/**
 * Writes a whole frame (or has ws frame a text) to the socket. The frames of one turn of the event loop (a reply and
 * its pushes) are held by cork and leave in one write when the turn ends.
 */
function write(output: SessionOutput, joinRef: string | null, frame: Buffer | string): void {
  if (output.ended || output.ws.readyState !== WebSocket.OPEN) return;
  // What the session took of a fan-out batch came first: it leaves before.
  if (output.taken !== null) writeTaken(output, joinRef);
  if (!output.corked) {
    output.corked = true;
    output.socket.cork();
    process.nextTick(output.uncork);
  }
  if (typeof frame === 'string') output.ws.send(frame);
  else output.socket.write(frame);
  checkBuffered(output);
}

/** Ready-made frames at once: the fan-out's one write per batch needs no cork (unless the turn holds one already). */
function writeFrames(output: SessionOutput, frames: Buffer): void {
  if (output.ended || output.ws.readyState !== WebSocket.OPEN) return;
  output.socket.write(frames);
  checkBuffered(output);
}

function checkBuffered(output: SessionOutput): void {
  if (output.ws.bufferedAmount > output.sendBufferBytesMax) output.tooSlow();
}

function uncork(output: SessionOutput): void {
  output.corked = false;
  output.socket.uncork();
}
