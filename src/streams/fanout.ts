import { pushFrame } from './frames.js';
import type { Push } from './payloads.js';
import type { Vsn } from './protocol.js';

/**
 * The events heard in one turn of the event loop (one committed transaction's, or a few), on their way to their
 * subscribers. The router first asks every session of each event's subject whether it takes the event (sessions
 * `collect` the indices of the pushes they take), then each session that took any writes them in one go: one
 * ready-made buffer, one socket write per session per batch. Sessions with the same serialiser, join ref and
 * pushes get the same bytes, made once per batch (`batchFrames`).
 */
export interface Batch {
  /** The pushes of the batch, in arrival order; a session takes them by index. */
  pushes: Push[];
  /** Sessions that took at least one push, in the order they first did; `flushed` of them have written. */
  takers: BatchTaker[];
  flushed: number;
  /** The bytes made so far, by serialiser, pushes taken and join ref (`variantKey`). */
  frames: Map<string, Buffer>;
}

/** A session as a batch sees it: it writes what it took (`Session.flushBatch`). */
export interface BatchTaker {
  flushBatch(batch: Batch): void;
}

/** What a session took of a batch and has not written yet. */
export interface Taken {
  batch: Batch;
  indices: number[];
}

export const newBatch = (): Batch => ({ pushes: [], takers: [], flushed: 0, frames: new Map() });

/** Unambiguous: indices are digits and commas, and a join ref (any text) is last and marked when present. */
const variantKey = (vsn: Vsn, joinRef: string | null, indices: readonly number[]): string =>
  `${vsn} ${indices.join(',')} ${joinRef === null ? '' : `=${joinRef}`}`;

/** The frames of the pushes a session took, one after the other in one buffer, made once per variant of the batch. */
export function batchFrames(vsn: Vsn, joinRef: string | null, topic: string, taken: Taken): Buffer {
  const { batch, indices } = taken;
  const key = variantKey(vsn, joinRef, indices);
  let frames = batch.frames.get(key);
  if (frames === undefined) {
    const parts: Buffer[] = [];
    for (const index of indices) {
      const push = batch.pushes[index];
      if (push !== undefined) parts.push(pushFrame(vsn, joinRef, topic, push));
    }
    frames = parts.length === 1 && parts[0] !== undefined ? parts[0] : Buffer.concat(parts);
    batch.frames.set(key, frames);
  }
  return frames;
}
