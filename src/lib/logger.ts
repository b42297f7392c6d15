import { pino, type Logger } from 'pino';

export type { Logger };

/** One JSON line per event on stdout; MKT_LOG_LEVEL=silent in tests. */
/** JSON lines on stdout, or on another file descriptor (the admin command keeps stdout for its answer). */
export function createLogger(level: string, fileDescriptor: 1 | 2 = 1): Logger {
  const options = { level, base: { service: 'mkt' }, timestamp: pino.stdTimeFunctions.isoTime };
  return fileDescriptor === 1 ? pino(options) : pino(options, pino.destination(fileDescriptor));
}
