import { expect } from 'chai';
import { qualifyUpstream } from '../../../src/consumption/qualification/upstream-run.js';
import { instrumentSeeds } from '../../../src/db/seed/instruments.js';
import { startProbeUpstream, type ProbeUpstream } from '../../support/probe-upstream.js';
import { describeEachDatabase } from '../../support/service.js';

const instrumentId = (modelName: string): string =>
  instrumentSeeds.find((seed) => seed.modelName === modelName)?.instrumentId ?? 'none';

/**
 * A registered upstream measured for an instrument of the database's reference data, through the adapter routing
 * would use: the OpenAI-compatible one over HTTP, or the built-in simulator for a simulated endpoint.
 */
describeEachDatabase('qualification of a registered upstream, by instrument id', (env) => {
  let good: ProbeUpstream;
  const never = new AbortController().signal;
  const deps = () => ({
    db: env().service.services.db,
    clock: env().service.services.clock,
    limits: { perTemplate: 1 },
  });
  before(async () => {
    good = await startProbeUpstream({ behaviour: 'good' });
  });
  after(() => good.close());

  it('qualifies a capable upstream for code-prime, read from the reference data', async () => {
    const upstream = { id: 'endpoint_a', baseUrl: good.url, model: 'm', apiKey: 'sk-test', simulated: false };
    const report = await qualifyUpstream(deps(), upstream, instrumentId('code-prime'), never);
    expect(report).to.include({ instrument_id: instrumentId('code-prime'), qualified: true, quality_score: 100 });
    expect(report?.min_performance_benchmark).to.equal(75);
  });

  it('measures the built-in simulator of a simulated endpoint: it answers, and fails on quality', async () => {
    const upstream = { id: 'endpoint_b', baseUrl: null, model: null, apiKey: null, simulated: true };
    const report = await qualifyUpstream(deps(), upstream, instrumentId('agent-standard'), never);
    expect(report).to.include({ status: 'completed', qualified: false });
    expect(report?.quality_score).to.be.below(60);
  });

  it('answers undefined for an instrument the reference data does not have', async () => {
    const upstream = { id: 'endpoint_c', baseUrl: good.url, model: 'm', apiKey: null, simulated: false };
    expect(await qualifyUpstream(deps(), upstream, 'instrument-none', never)).to.equal(undefined);
  });
});
