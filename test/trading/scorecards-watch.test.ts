import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { insertCanaryRun, type CanaryRunRow } from '../../src/db/canary-runs.js';
import { toIso } from '../../src/lib/clock.js';
import { qualify } from '../../src/trading/supply/endpoints.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { instrumentOf, supplierAt, type Instrument } from '../support/judgment-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { endpointsOf, setStanding } from '../support/watch-fixtures.js';

/**
 * Scorecards with the watch (issue 31, items 4 and 5): each window counts the endpoint's canaries by result with their
 * Quality Score, and their measurements join the first-token and output-rate samples; each scorecard shows the watch's
 * standing, who suspended the endpoint and its last canary. The endpoint views show the standing and who suspended
 * too. Public scorecards show the watch's reasons (counts and rates) but never an operator's.
 */
describeEachDatabase("trading: scorecards' canaries, standing and suspensions", (env) => {
  const services = () => env().service.services;
  const minuteUs = 60_000_000;
  const operatorReason = 'operator: upstream vllm-7 at 10.0.0.7 serves a broken chat template';
  const watchReason = 'out of spec 6 of 10 answers (60%) over 1h';
  let instrument: Instrument;
  let server: SimulatorServer;
  let vouched: TestUser;
  let watched: TestUser;
  let vouchedId: string;
  let watchedId: string;
  let nowUs: number;

  const canary = (
    n: number,
    startedAgoUs: number,
    fields: Pick<CanaryRunRow, 'result' | 'quality_passed' | 'attempt_measurements'>,
  ): CanaryRunRow => ({
    id: `canary_${vouchedId}_${n}`,
    endpoint_id: vouchedId,
    instrument_id: instrument.id,
    probe: `text.exact_words#${n}`,
    spec_breaches: null,
    detail: 'test',
    started_at_us: nowUs - startedAgoUs,
    finished_at_us: nowUs - startedAgoUs + 1_000_000,
    ...fields,
  });
  const measured = (ttftMs: number, tokensPerSecond?: number) =>
    JSON.stringify({
      time_to_first_token_ms: ttftMs,
      ...(tokensPerSecond !== undefined && { tokens_per_second: tokensPerSecond }),
    });

  before(async () => {
    instrument = await instrumentOf(services(), 'text-prime');
    server = await startSimulatorServer({ id: 'scorecards-watch' });
    vouched = await supplierAt(services(), instrument, server.url);
    watched = await supplierAt(services(), instrument, server.url);
    [vouchedId] = (await endpointsOf(services(), vouched.userId)) as [string];
    [watchedId] = (await endpointsOf(services(), watched.userId)) as [string];
    nowUs = services().clock.nowUs();
    for (const run of [
      canary(1, 10 * minuteUs, { result: 'passed', quality_passed: true, attempt_measurements: measured(120, 80) }),
      canary(2, 20 * minuteUs, { result: 'failed', quality_passed: false, attempt_measurements: measured(200) }),
      canary(3, 30 * minuteUs, { result: 'out_of_spec', quality_passed: true, attempt_measurements: measured(900) }),
      canary(4, 120 * minuteUs, { result: 'error', quality_passed: null, attempt_measurements: null }),
      canary(5, 30 * 60 * minuteUs, { result: 'passed', quality_passed: true, attempt_measurements: measured(50) }),
    ])
      await insertCanaryRun(services().db, run);
    const key = { endpointId: vouchedId, instrumentId: instrument.id };
    await setStanding(services(), key, 'misses', 'out of spec 3 of 10 answers (30%) over 1h', nowUs - 5 * minuteUs);
    await qualify(services().db, vouchedId, [instrument.id], { kind: 'suspended', reason: operatorReason }, nowUs);
    await setStanding(services(), { endpointId: watchedId, instrumentId: instrument.id }, 'misses', watchReason, nowUs);
    await qualify(
      services().db,
      watchedId,
      [instrument.id],
      { kind: 'suspended', reason: watchReason, by: 'watch' },
      nowUs,
    );
  });
  after(async () => {
    await server.close();
  });

  const ownScorecard = async (user: TestUser) => {
    const reply = await env().trading.get('/v1/supply/scorecard', { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.have.length(1);
    return reply.body.data[0];
  };

  it("the canaries count by result in each window, with their Quality Score and their measurements' samples", async () => {
    const card = await ownScorecard(vouched);
    const [hour, day] = card.windows;
    expect(hour.canaries).to.deep.equal({
      runs: 3,
      passed: 1,
      failed: 1,
      out_of_spec: 1,
      errors: 0,
      quality_score: 67,
    });
    expect(day.canaries).to.deep.equal({ runs: 4, passed: 1, failed: 1, out_of_spec: 1, errors: 1, quality_score: 67 });
    expect(hour.time_to_first_token_ms).to.deep.equal({ samples: 3, p50: 200, p95: 900 });
    expect(hour.output_tokens_per_second).to.deep.equal({ samples: 1, p50: 80, p5: 80 });
    // Canaries are not buyers' requests, nor failures before the first byte.
    expect(day).to.deep.include({ requests: 0, failures: 0, failed_before_first_byte: { timeouts: 0, failed: 0 } });
    expect(card.last_canary).to.deep.equal({
      at: toIso(nowUs - 10 * minuteUs),
      result: 'passed',
      probe: 'text.exact_words#1',
    });
  });

  it("the supplier's scorecard and endpoint view show the standing and who suspended", async () => {
    const card = await ownScorecard(vouched);
    expect(card).to.deep.include({
      endpoint_id: vouchedId,
      qualification: 'suspended',
      standing: 'misses',
      standing_reason: 'out of spec 3 of 10 answers (30%) over 1h',
      standing_since: toIso(nowUs - 5 * minuteUs),
      suspended_by: 'operator',
    });
    const view = await env().trading.get(`/v1/supply/endpoints/${vouchedId}`, { sign: vouched.signingKey });
    expect(view.status, view.text).to.equal(200);
    expect(view.body.data.instruments[0]).to.deep.include({
      instrument_id: instrument.id,
      qualification: 'suspended',
      reason: operatorReason,
      standing: 'misses',
      standing_since: toIso(nowUs - 5 * minuteUs),
      suspended_by: 'operator',
    });
    const list = await env().trading.get('/v1/supply/endpoints', { sign: watched.signingKey });
    expect(list.body.data[0].instruments[0]).to.deep.include({ suspended_by: 'watch', standing: 'misses' });

    const fresh = await createTestUser(services());
    const registered = await env().trading.post('/v1/supply/endpoints', {
      sign: fresh.signingKey,
      body: { base_url: 'https://inference.example.com/v1', model: 'm', instrument_ids: [instrument.id] },
    });
    expect(registered.status, registered.text).to.equal(201);
    expect(registered.body.data.instruments[0]).to.deep.include({
      standing: 'unjudged',
      standing_reason: null,
      standing_since: null,
      suspended_by: null,
    });
    const freshCard = await ownScorecard(fresh);
    expect(freshCard).to.deep.include({ standing: 'unjudged', suspended_by: null, last_canary: null });
    expect(freshCard.windows[1].canaries).to.deep.equal({
      runs: 0,
      passed: 0,
      failed: 0,
      out_of_spec: 0,
      errors: 0,
      quality_score: null,
    });
  });

  it("public scorecards show the standing, the watch's reasons and who suspended, never an operator's reasons", async () => {
    const reader = await createTestUser(services());
    const reply = await env().trading.get(`/v1/instruments/${instrument.id}/scorecards`, { sign: reader.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    const bySuspender = new Map(reply.body.data.map((card: { suspended_by: string }) => [card.suspended_by, card]));
    expect(bySuspender.get('operator')).to.deep.include({
      qualification: 'suspended',
      standing: 'misses',
      standing_reason: 'out of spec 3 of 10 answers (30%) over 1h',
    });
    expect(bySuspender.get('watch')).to.deep.include({
      qualification: 'suspended',
      standing: 'misses',
      standing_reason: watchReason,
      last_canary: null,
    });
    expect(reply.text).not.to.contain(operatorReason).and.not.to.contain('10.0.0.7');
    expect(reply.text).not.to.contain(vouchedId).and.not.to.contain(watchedId);
  });
});
