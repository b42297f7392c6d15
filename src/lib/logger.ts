import { pino, type Logger } from 'pino';

export type { Logger };

/** One JSON line per event on stdout; MKT_LOG_LEVEL=silent in tests. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'mkt' }, timestamp: pino.stdTimeFunctions.isoTime });
}
