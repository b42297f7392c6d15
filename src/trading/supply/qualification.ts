import type {
  EndpointInstrumentRow,
  Qualification,
  QualificationActor,
  QualificationBasis,
} from '../../db/supplier-endpoints.js';

/**
 * An endpoint's qualification for one instrument, as a state machine (issue 31): what each event does to it, as a pure
 * function of the state before. An endpoint serves an instrument, and its supplier may issue Units of it, only while
 * `qualified`.
 *
 * - `registered`: a new endpoint, or one whose base URL, model or key changed: `pending` a measured run, whatever it
 *   was (nothing measured of the old upstream holds for the new one).
 * - `vouched`: the operator qualifies it (`mkt admin supplier add` without `--qualify`, `mkt admin supplier
 *   qualify`), with a reason: `qualified` on the basis of an override.
 * - `measured`: a qualification run's result (score and report). It decides a run-based qualification; on an
 *   endpoint the operator vouched for it records the score and report and leaves the qualification alone (a low score
 *   does not unseat the operator's word). A suspended endpoint stays suspended.
 * - `suspended`: by the operator or by the watch (src/trading/supply/watch.ts), with a reason; only a `qualified`
 *   endpoint (one that serves) can be suspended, so lifting the suspension knows what it goes back to. Who suspended
 *   it is kept (`suspended_by`).
 * - `restored`: lifts a suspension, with a reason: back to `qualified` on the basis it had; only from `suspended`. The
 *   watch lifts only its own suspensions (canaries passed again); the operator lifts any.
 */
export type QualificationEvent =
  | { kind: 'registered' }
  | { kind: 'vouched'; reason: string }
  | { kind: 'measured'; passed: boolean; qualityScore: number; reportId: string }
  | { kind: 'suspended'; reason: string; by?: SuspensionActor }
  | { kind: 'restored'; reason: string; by?: SuspensionActor };

/** Who suspends and restores: the operator unless the event says the watch. */
type SuspensionActor = Extract<QualificationActor, 'operator' | 'watch'>;

/** Why an event does not apply to the state it meets. */
export type QualificationRefusal = 'not_suspendable' | 'not_suspended';

/** The fields of an endpoint × instrument row the state machine decides. */
type QualificationState = Pick<
  EndpointInstrumentRow,
  'qualification' | 'basis' | 'quality_score' | 'report_id' | 'reason' | 'suspended_by'
>;

const pending: QualificationState = {
  qualification: 'pending',
  basis: 'run',
  quality_score: null,
  report_id: null,
  reason: null,
  suspended_by: null,
};

/** The state after `event`, from `before` (undefined for an instrument the endpoint did not offer yet). */
export function nextQualification(
  before: QualificationState | undefined,
  event: QualificationEvent,
): { state: QualificationState } | { refused: QualificationRefusal } {
  const current = before ?? pending;
  switch (event.kind) {
    case 'registered':
      return { state: pending };
    case 'vouched':
      return {
        state: { ...current, qualification: 'qualified', basis: 'override', reason: event.reason, suspended_by: null },
      };
    case 'measured':
      return { state: measured(current, event) };
    case 'suspended':
      if (current.qualification !== 'qualified') return { refused: 'not_suspendable' };
      return {
        state: { ...current, qualification: 'suspended', reason: event.reason, suspended_by: event.by ?? 'operator' },
      };
    case 'restored':
      if (current.qualification !== 'suspended') return { refused: 'not_suspended' };
      if (event.by === 'watch' && current.suspended_by !== 'watch') return { refused: 'not_suspended' };
      return { state: { ...current, qualification: 'qualified', reason: event.reason, suspended_by: null } };
  }
}

function measured(
  current: QualificationState,
  event: Extract<QualificationEvent, { kind: 'measured' }>,
): QualificationState {
  const recorded = { ...current, quality_score: event.qualityScore, report_id: event.reportId };
  if (current.qualification === 'suspended' || current.basis === 'override') return recorded;
  const qualification: Qualification = event.passed ? 'qualified' : 'not_qualified';
  const basis: QualificationBasis = 'run';
  return { ...recorded, qualification, basis, reason: null };
}
