import { expect } from 'chai';
import {
  judgeEndpoint,
  maySuspendAnother,
  type WatchCounts,
  type WatchSubject,
} from '../../src/trading/supply/watch-decision.js';

/** The watch's decision (src/trading/supply/watch-decision.ts), a pure function: each rule and its boundary. */
describe('trading: the watch decides from what an endpoint answered', () => {
  const thresholds = {
    minAnswers: 10,
    missPercent: 5,
    suspendPercent: 25,
    scoreCanaries: 4,
    restorePasses: 3,
    suspendMaxPercent: 50,
  };
  const serving: WatchSubject = {
    qualification: 'qualified',
    suspendedBy: null,
    basis: 'run',
    floor: 70,
    canariesSinceSuspension: [],
  };
  const counts = (partial: Partial<WatchCounts>): WatchCounts => ({
    receipts: 0,
    receiptsOutOfSpec: 0,
    receiptsFailed: 0,
    attemptFailures: 0,
    canaries: [],
    ...partial,
  });
  const passed = { result: 'passed', qualityPassed: true } as const;
  const wrong = { result: 'failed', qualityPassed: false } as const;

  it('judges nothing below the least number of answers: one slow answer is not a 100 % rate', () => {
    const decision = judgeEndpoint(serving, counts({ receipts: 9, receiptsOutOfSpec: 9 }), thresholds);
    expect(decision).to.deep.equal({
      kind: 'standing',
      standing: 'unjudged',
      reason: 'fewer than 10 answers to judge',
    });
  });

  it('meets the contract under the miss threshold, misses it from there, and is suspended from the suspension threshold', () => {
    expect(judgeEndpoint(serving, counts({ receipts: 100, receiptsOutOfSpec: 4 }), thresholds)).to.include({
      kind: 'standing',
      standing: 'meets',
    });
    expect(judgeEndpoint(serving, counts({ receipts: 100, receiptsOutOfSpec: 5 }), thresholds)).to.include({
      kind: 'standing',
      standing: 'misses',
    });
    const suspended = judgeEndpoint(
      serving,
      counts({ receipts: 90, receiptsFailed: 15, attemptFailures: 10 }),
      thresholds,
    );
    expect(suspended).to.deep.equal({
      kind: 'suspend',
      reason: '25 of 100 answers out of spec or failed (25 %), at or over the 25 % threshold',
    });
  });

  it('counts canaries out of spec or unanswered as misses, and their quality apart', () => {
    const canaries = [
      ...Array(8).fill(passed),
      { result: 'error', qualityPassed: null },
      { result: 'out_of_spec', qualityPassed: true },
    ];
    const decision = judgeEndpoint(serving, counts({ canaries }), thresholds);
    expect(decision).to.deep.equal({
      kind: 'standing',
      standing: 'misses',
      reason: '2 of 10 answers out of spec or failed (20 %), at or over 5 %',
    });
  });

  it("suspends on a canary Quality Score under the floor only what a run qualified, not the operator's word", () => {
    const canaries = [passed, wrong, wrong, passed];
    expect(judgeEndpoint(serving, counts({ canaries }), thresholds)).to.deep.equal({
      kind: 'suspend',
      reason: 'canary Quality Score 50 over 4 canaries, floor 70: under the floor',
    });
    expect(judgeEndpoint({ ...serving, basis: 'override' }, counts({ canaries }), thresholds)).to.deep.equal({
      kind: 'standing',
      standing: 'misses',
      reason: 'canary Quality Score 50 over 4 canaries, floor 70: under the floor',
    });
  });

  it('restores its own suspension after enough canaries in a row pass, never the operator’s', () => {
    const suspended: WatchSubject = { ...serving, qualification: 'suspended', suspendedBy: 'watch' };
    const three = [{ result: 'passed' }, { result: 'passed' }, { result: 'passed' }] as const;
    expect(judgeEndpoint({ ...suspended, canariesSinceSuspension: three }, counts({}), thresholds)).to.deep.equal({
      kind: 'restore',
      reason: 'the last 3 canaries since the suspension passed',
    });
    const broken = [{ result: 'passed' }, { result: 'out_of_spec' }, { result: 'passed' }] as const;
    expect(judgeEndpoint({ ...suspended, canariesSinceSuspension: broken }, counts({}), thresholds).kind).to.equal(
      'none',
    );
    expect(
      judgeEndpoint({ ...suspended, canariesSinceSuspension: three.slice(0, 2) }, counts({}), thresholds).kind,
    ).to.equal('none');
    const operator = { ...suspended, suspendedBy: 'operator' as const, canariesSinceSuspension: three };
    expect(judgeEndpoint(operator, counts({}), thresholds).kind).to.equal('none');
  });

  it("suspends one of an instrument's endpoints always, more only within MKT_SUSPEND_MAX_PERCENT of them", () => {
    expect(maySuspendAnother(0, 1, thresholds)).to.equal(true);
    expect(maySuspendAnother(1, 2, thresholds)).to.equal(false);
    expect(maySuspendAnother(1, 4, thresholds)).to.equal(true);
    expect(maySuspendAnother(2, 4, thresholds)).to.equal(false);
  });
});
