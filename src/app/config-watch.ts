import { positiveInteger, wholeNumber } from './config-numbers.js';

/**
 * Canaries and the watch over suppliers' endpoints (issue 31, item 4; src/consumption/canary/,
 * src/trading/supply/watch.ts). Rates are whole percentages.
 */
export interface WatchConfig {
  /** The mean interval between one endpoint's canaries (MKT_CANARY_INTERVAL_S, 300 s); 0 sends none. */
  canaryIntervalS: number;
  /**
   * How often each process looks over the endpoints (MKT_WATCH_INTERVAL_S, 10 s); 0 turns the watch off (nothing is
   * suspended or restored but by the operator, and routing ranks by the standings last recorded).
   */
  intervalS: number;
  /** The answers the watch judges: those of the last this many seconds (MKT_WATCH_WINDOW_S, 900 s). */
  windowS: number;
  /** Fewer answers than this in the window (buyers' and canaries') judge nothing (MKT_WATCH_MIN_ANSWERS, 20). */
  minAnswers: number;
  /** At or above this share out of spec or failed, an endpoint misses the contract (MKT_CONTRACT_MISS_PERCENT, 5). */
  missPercent: number;
  /** At or above this share, it is suspended for the instrument (MKT_SUSPEND_OUT_OF_SPEC_PERCENT, 25). */
  suspendPercent: number;
  /**
   * The canaries in the window whose Quality Score may suspend an endpoint qualified by a run when it is under the
   * instrument's floor (MKT_SUSPEND_SCORE_CANARIES, 10).
   */
  scoreCanaries: number;
  /** Canaries in a row that must pass to lift the watch's suspension (MKT_RESTORE_CANARY_PASSES, 3). */
  restorePasses: number;
  /**
   * The most of an instrument's endpoints the watch keeps suspended at once (MKT_SUSPEND_MAX_PERCENT, 50), though it
   * may always suspend one: as Envoy's outlier detection caps its ejections, so that one bad signal (a slow network,
   * a wrong bound) cannot leave buyers with no supplier.
   */
  suspendMaxPercent: number;
}

function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = positiveInteger(env, name, fallback);
  if (value > 100) throw new Error(`${name} is a percentage from 1 to 100, got ${value}`);
  return value;
}

export function loadWatch(env: NodeJS.ProcessEnv): WatchConfig {
  const config: WatchConfig = {
    canaryIntervalS: wholeNumber(env, 'MKT_CANARY_INTERVAL_S', 300),
    intervalS: wholeNumber(env, 'MKT_WATCH_INTERVAL_S', 10),
    windowS: positiveInteger(env, 'MKT_WATCH_WINDOW_S', 900),
    minAnswers: positiveInteger(env, 'MKT_WATCH_MIN_ANSWERS', 20),
    missPercent: percent(env, 'MKT_CONTRACT_MISS_PERCENT', 5),
    suspendPercent: percent(env, 'MKT_SUSPEND_OUT_OF_SPEC_PERCENT', 25),
    scoreCanaries: positiveInteger(env, 'MKT_SUSPEND_SCORE_CANARIES', 10),
    restorePasses: positiveInteger(env, 'MKT_RESTORE_CANARY_PASSES', 3),
    suspendMaxPercent: percent(env, 'MKT_SUSPEND_MAX_PERCENT', 50),
  };
  if (config.missPercent > config.suspendPercent)
    throw new Error(
      `MKT_CONTRACT_MISS_PERCENT (${config.missPercent}) must not exceed MKT_SUSPEND_OUT_OF_SPEC_PERCENT (${config.suspendPercent})`,
    );
  return config;
}
