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

/**
 * Fields that may hold a secret someone hands us to keep (a supplier's upstream key, an Authorization header), never
 * written to a log line even if a caller logs the object that holds them.
 */
const secretPaths = [
  'apiKey',
  'api_key',
  '*.apiKey',
  '*.api_key',
  'upstream_key_ciphertext',
  '*.upstream_key_ciphertext',
  'headers.authorization',
  '*.headers.authorization',
];

/** JSON lines on stdout, or on another file descriptor (the admin command keeps stdout for its answer) or stream. */
export function createLogger(level: string, destination: 1 | 2 | DestinationStream = 1): Logger {
  const options = {
    level,
    base: { service: 'mkt' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
    redact: { paths: secretPaths, censor: '[redacted]' },
  };
  if (destination === 1) return pino(options);
  return pino(options, destination === 2 ? pino.destination(2) : destination);
}
