import type { CanaryResult } from '../../db/canary-runs.js';
import type { QualificationBasis, Standing } from '../../db/supplier-endpoints.js';

/**
 * The watch's judgment of one endpoint for one instrument (issue 31, item 4), as a pure function of what it answered
 * over the window: no I/O, no clock. watch.ts reads the counts and applies the decision.
 *
 * - A **miss** is an answer out of spec or a failure: a receipt `out_of_spec` or `failed`, an attempt that failed
 *   before its first byte (routing failed over), a canary out of spec or unanswered. The **miss rate** is the misses'
 *   share of everything the endpoint was sent. Judged only from `minAnswers` on: below, one slow answer would be a 100 %
 *   rate.
 * - The canaries' **Quality Score** is the share of their answers that passed the probe's own check: judged from
 *   `scoreCanaries` on, against the instrument's floor. Buyers' answers have no check, so only canaries score.
 * - A qualified endpoint whose miss rate reaches `suspendPercent`, or (qualified by a run, not by the operator's word)
 *   whose Quality Score is under the floor, is **suspended** for the instrument. Else it **misses** the contract from
 *   `missPercent` or under the floor (routing ranks it after those that meet it), and **meets** it otherwise.
 * - The watch lifts only its own suspensions: when the last `restorePasses` canaries since the suspension all passed.
 *   The operator's suspensions are the operator's to lift.
 */

export interface WatchThresholds {
  minAnswers: number;
  missPercent: number;
  suspendPercent: number;
  scoreCanaries: number;
  restorePasses: number;
  suspendMaxPercent: number;
}

/** What the endpoint answered for the instrument over the window (since it last came to serve, at most the window). */
export interface WatchCounts {
  /** Receipts settled, whatever their status, and of them those out of spec and those failed. */
  receipts: number;
  receiptsOutOfSpec: number;
  receiptsFailed: number;
  /** Attempts that failed before their first byte. */
  attemptFailures: number;
  /** The canaries' results and quality verdicts, newest first. */
  canaries: readonly { result: CanaryResult; qualityPassed: boolean | null }[];
}

export interface WatchSubject {
  qualification: 'qualified' | 'suspended';
  suspendedBy: 'operator' | 'watch' | null;
  basis: QualificationBasis;
  /** The instrument's Quality Score floor (`min_performance_benchmark`). */
  floor: number;
  /** The canaries since the suspension, newest first (for a suspended endpoint). */
  canariesSinceSuspension: readonly { result: CanaryResult }[];
}

export type WatchDecision =
  | { kind: 'standing'; standing: Standing; reason: string }
  | { kind: 'suspend'; reason: string }
  | { kind: 'restore'; reason: string }
  | { kind: 'none' };

const isMiss = (result: CanaryResult): boolean => result === 'out_of_spec' || result === 'error';

/** The misses and everything the endpoint was sent; null below the least number of answers. */
function missRate(counts: WatchCounts, thresholds: WatchThresholds): { misses: number; sent: number } | null {
  const sent = counts.receipts + counts.attemptFailures + counts.canaries.length;
  if (sent < thresholds.minAnswers) return null;
  const canaryMisses = counts.canaries.filter((canary) => isMiss(canary.result)).length;
  return { misses: counts.receiptsOutOfSpec + counts.receiptsFailed + counts.attemptFailures + canaryMisses, sent };
}

/** The canaries' Quality Score (0–100), null below `scoreCanaries` verdicts. */
function canaryQualityScore(
  canaries: WatchCounts['canaries'],
  least: number,
): { score: number; verdicts: number } | null {
  const verdicts = canaries.filter((canary) => canary.qualityPassed !== null);
  if (verdicts.length === 0 || verdicts.length < least) return null;
  const passed = verdicts.filter((canary) => canary.qualityPassed === true).length;
  return { score: Math.floor((passed * 100) / verdicts.length), verdicts: verdicts.length };
}

const atLeast = (rate: { misses: number; sent: number }, percent: number): boolean =>
  rate.misses * 100 >= percent * rate.sent;

const rateText = (rate: { misses: number; sent: number }): string =>
  `${rate.misses} of ${rate.sent} answers out of spec or failed (${Math.round((rate.misses * 100) / rate.sent)} %)`;

/** A suspended endpoint: restored by the watch when its last canaries all passed, if the watch suspended it. */
function judgeSuspended(subject: WatchSubject, thresholds: WatchThresholds): WatchDecision {
  if (subject.suspendedBy !== 'watch') return { kind: 'none' };
  const last = subject.canariesSinceSuspension.slice(0, thresholds.restorePasses);
  if (last.length < thresholds.restorePasses || last.some((canary) => canary.result !== 'passed'))
    return { kind: 'none' };
  return { kind: 'restore', reason: `the last ${thresholds.restorePasses} canaries since the suspension passed` };
}

export function judgeEndpoint(subject: WatchSubject, counts: WatchCounts, thresholds: WatchThresholds): WatchDecision {
  if (subject.qualification === 'suspended') return judgeSuspended(subject, thresholds);
  const rate = missRate(counts, thresholds);
  const quality = canaryQualityScore(counts.canaries, thresholds.scoreCanaries);
  const underFloor = quality !== null && quality.score < subject.floor;
  const scoreText =
    quality === null
      ? ''
      : `canary Quality Score ${quality.score} over ${quality.verdicts} canaries, floor ${subject.floor}`;
  if (rate !== null && atLeast(rate, thresholds.suspendPercent))
    return { kind: 'suspend', reason: `${rateText(rate)}, at or over the ${thresholds.suspendPercent} % threshold` };
  // The operator vouched for the endpoint's quality: a low score does not suspend it (it still ranks it lower).
  if (underFloor && subject.basis === 'run') return { kind: 'suspend', reason: `${scoreText}: under the floor` };
  if (rate !== null && atLeast(rate, thresholds.missPercent))
    return {
      kind: 'standing',
      standing: 'misses',
      reason: `${rateText(rate)}, at or over ${thresholds.missPercent} %`,
    };
  if (underFloor) return { kind: 'standing', standing: 'misses', reason: `${scoreText}: under the floor` };
  if (rate === null && quality === null)
    return { kind: 'standing', standing: 'unjudged', reason: `fewer than ${thresholds.minAnswers} answers to judge` };
  const judged = [rate === null ? null : rateText(rate), quality === null ? null : scoreText];
  return { kind: 'standing', standing: 'meets', reason: judged.filter((text) => text !== null).join('; ') };
}

/**
 * Whether the watch may suspend one more of an instrument's `endpoints` while it keeps `suspended` of them suspended:
 * one always, more only within `suspendMaxPercent` of them.
 */
export function maySuspendAnother(suspended: number, endpoints: number, thresholds: WatchThresholds): boolean {
  return suspended === 0 || (suspended + 1) * 100 <= thresholds.suspendMaxPercent * endpoints;
}
