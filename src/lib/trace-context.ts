import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` a caller sends, the ids of the spans this
 * process makes, and the `traceparent`/`traceresponse` it sends on. Ids come from node:crypto (the engine's purity rule
 * covers src/engine, not this).
 */
export interface TraceContext {
  /** 32 lowercase hex digits, not all zeros. */
  traceId: string;
  /** 16 lowercase hex digits, not all zeros: the span this context names (for a caller's, the parent of ours). */
  spanId: string;
  /** The trace flags; bit 0 is `sampled`. */
  flags: number;
}

/** `00`, then four fields: version, trace id, parent id, flags. */
const version00Length = 55;
const lowerHex = /^[0-9a-f]+$/;
const allZeros = /^0+$/;

/**
 * A caller's `traceparent`, or null when there is none or it is malformed (the request then starts a trace of its
 * own; a bad header is never refused). A version above `00` is read by its first four fields, as the specification
 * says, provided what follows them starts with `-`; version `ff` is invalid.
 */
export function parseTraceparent(header: string | string[] | undefined): TraceContext | null {
  if (typeof header !== 'string' || header.length < version00Length) return null;
  const text = header.trim();
  if (text.length < version00Length) return null;
  const version = text.slice(0, 2);
  if (!lowerHex.test(version) || version === 'ff') return null;
  if (version === '00' ? text.length !== version00Length : text.length > version00Length && text[55] !== '-')
    return null;
  if (text[2] !== '-' || text[35] !== '-' || text[52] !== '-') return null;
  const traceId = text.slice(3, 35);
  const spanId = text.slice(36, 52);
  const flags = text.slice(53, 55);
  if (!lowerHex.test(traceId) || !lowerHex.test(spanId) || !lowerHex.test(flags)) return null;
  if (allZeros.test(traceId) || allZeros.test(spanId)) return null;
  return { traceId, spanId, flags: parseInt(flags, 16) };
}

/** `00-<trace id>-<span id>-<flags>`: a `traceparent` naming this span, or the `traceresponse` of a request. */
export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.flags < 16 ? '0' : ''}${context.flags.toString(16)}`;
}

/** Random bytes drawn a page at a time: one system call per 256 requests' ids, not one per id. */
const randomPool = { bytes: Buffer.alloc(4096), used: 4096 };

function randomHex(byteCount: number): string {
  if (randomPool.used + byteCount > randomPool.bytes.length) {
    randomFillSync(randomPool.bytes);
    randomPool.used = 0;
  }
  const start = randomPool.used;
  randomPool.used += byteCount;
  const hex = randomPool.bytes.toString('hex', start, start + byteCount);
  // All zeros is invalid (and, from 16 random bytes, never drawn in practice): draw again.
  return allZeros.test(hex) ? randomHex(byteCount) : hex;
}

export const newTraceId = (): string => randomHex(16);
export const newSpanId = (): string => randomHex(8);

/** The `sampled` flag, which a new trace carries when its spans are recorded. */
export const sampledFlag = 0x01;

/**
 * The trace a request's work runs in: its trace id and the server span's id, for every log line the request writes
 * (lib/logger.ts) and the work it queues (a group commit, a supplier attempt). Set by the edge (src/http/app.ts) around
 * the whole request.
 */
export const requestTraces = new AsyncLocalStorage<TraceContext>();

/** The trace of the request this code runs for, if any. */
export const currentTrace = (): TraceContext | undefined => requestTraces.getStore();
