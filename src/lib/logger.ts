import { pino, type DestinationStream, type Logger } from 'pino';
import { currentTrace } from './trace-context.js';

export type { Logger };

/**
 * The trace of the request a line is logged for (lib/trace-context.ts): `trace_id` and `span_id` (the request's server
 * span) on every line a request writes, however deep in its handler, without passing a logger down. A new object each
 * time: pino merges the line's own fields into it.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const trace = currentTrace();
  return trace === undefined ? {} : { trace_id: trace.traceId, span_id: trace.spanId };
}

/** JSON lines on stdout, or on another file descriptor (the admin command keeps stdout for its answer) or stream. */
export function createLogger(level: string, destination: 1 | 2 | DestinationStream = 1): Logger {
  const options = { level, base: { service: 'mkt' }, timestamp: pino.stdTimeFunctions.isoTime, mixin: traceFields };
  if (destination === 1) return pino(options);
  return pino(options, destination === 2 ? pino.destination(2) : destination);
}
