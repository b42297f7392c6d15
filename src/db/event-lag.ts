import type { Logger } from '../lib/logger.js';

/**
 * How late the events of other transactions reach this process's listener: from the moment the
 * writer staged them (just before its commit) to the moment the listener hands them on. A listener
 * that falls behind (its connection read late, a busy event loop, a full notification queue) shows
 * here and in the log, not only in its subscribers' clocks.
 *
 * Times are the machine's wall-clock milliseconds (lib/clock.ts systemClock) on purpose, not the services'
 * Clock: the writer and the listener may be different processes, and a test's fake clock would make
 * the figure nonsense.
 */
export interface EventLag {
  /** The lag of the last payload heard, and the largest since the listener started. */
  lastMs: number;
  maxMs: number;
  /** Payloads heard with a stamp, and how many of them were later than `lateMs`. */
  heard: number;
  late: number;
  /** When a late payload was last logged: one line per `logEveryMs` at most. */
  loggedAtMs: number;
}

/** Past this a payload counts as late and is logged (the streams' bound: nothing later than 1 s). */
const eventLateMs = 1_000;
const logEveryMs = 10_000;

export const newEventLag = (): EventLag => ({ lastMs: 0, maxMs: 0, heard: 0, late: 0, loggedAtMs: 0 });

/** A payload as it is sent: the writer's time in front, so that the listener can tell its lag. */
export const stamped = (payload: string, nowMs: number): string => `${nowMs}:${payload}`;

/**
 * The payload without its stamp, after counting its lag. A payload without a stamp (a process of an
 * older version) is passed on as it is: the event payloads are JSON arrays, so they start with `[`.
 */
export function unstamped(lag: EventLag, payload: string, nowMs: number, logger: Logger | undefined): string {
  const colon = payload.indexOf(':');
  if (payload.startsWith('[') || colon < 0) return payload;
  const stagedAtMs = Number(payload.slice(0, colon));
  if (Number.isFinite(stagedAtMs)) noteLag(lag, Math.max(0, nowMs - stagedAtMs), nowMs, logger);
  return payload.slice(colon + 1);
}

function noteLag(lag: EventLag, lagMs: number, nowMs: number, logger: Logger | undefined): void {
  lag.heard += 1;
  lag.lastMs = lagMs;
  if (lagMs > lag.maxMs) lag.maxMs = lagMs;
  if (lagMs <= eventLateMs) return;
  lag.late += 1;
  if (nowMs - lag.loggedAtMs < logEveryMs) return;
  lag.loggedAtMs = nowMs;
  logger?.warn(
    { lagMs, maxLagMs: lag.maxMs, late: lag.late, heard: lag.heard },
    `events reached this process more than ${eventLateMs} ms after their commit: the event listener is behind`,
  );
}
