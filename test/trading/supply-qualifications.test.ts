import { expect } from 'chai';
import {
  Configuration,
  ResponseError,
  SupplyApi,
  type QualificationRun,
} from '../../generated/sdk/typescript/trading/index.js';
import { signingMiddleware } from '../../generated/sdk/typescript/signing/index.js';
import { insertQualificationRun, qualificationRunById } from '../../src/db/qualification-runs.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { startProbeUpstream, type ProbeUpstream } from '../support/probe-upstream.js';
import { contractCheckingFetch } from '../support/sdk.js';
import { describeEachDatabase } from '../support/service.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;

/**
 * Qualification runs over the trading API (issue 31): a supplier starts one on its endpoint (202), reads it back until
 * it ends, and the endpoint's instrument is then qualified or not on the strength of the run.
 */
describeEachDatabase("trading: qualification runs of suppliers' endpoints", (env) => {
  const services = () => env().service.services;
  let supplier: TestUser;
  let other: TestUser;
  let good: ProbeUpstream;
  let garbage: ProbeUpstream;

  const sdkOf = (user: TestUser) =>
    new SupplyApi(
      new Configuration({
        basePath: env().service.urls.trading,
        fetchApi: contractCheckingFetch('trading'),
        middleware: [signingMiddleware(user.signingKey)],
      }),
    );

  before(async () => {
    supplier = await createTestUser(services());
    other = await createTestUser(services());
    good = await startProbeUpstream({ behaviour: 'good' });
    garbage = await startProbeUpstream({ behaviour: 'garbage' });
  });
  after(async () => {
    await Promise.all([good.close(), garbage.close()]);
  });

  // Each body differs: a signature is good once (identical signed bytes within a second are a replay).
  let endpoints = 0;
  async function endpointAt(url: string): Promise<string> {
    endpoints += 1;
    const { data } = await sdkOf(supplier).createSupplierEndpoint({
      createSupplierEndpointRequest: { baseUrl: url, model: `m-${endpoints}`, instrumentIds: ['TEXT-STANDARD'] },
    });
    return data.endpointId;
  }

  async function ended(endpointId: string, qualificationId: string): Promise<QualificationRun> {
    const untilMs = performance.now() + 60_000;
    for (;;) {
      const { data } = await sdkOf(supplier).getEndpointQualification({ endpointId, qualificationId });
      if (data.status !== 'running') return data;
      if (performance.now() > untilMs) throw new Error(`run ${qualificationId} still running after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('starts a run (202), which qualifies a capable upstream for its instrument', async () => {
    const endpointId = await endpointAt(good.url);
    const raw = await sdkOf(supplier).startEndpointQualificationRaw({ endpointId });
    expect(raw.raw.status).to.equal(202);
    const started = (await raw.value()).data;
    expect(started).to.deep.include({ endpointId, status: 'running', reports: [], failure: null });
    expect(started.qualificationId).to.match(/^qualification_[0-9a-f-]{36}$/);
    const run = await ended(endpointId, started.qualificationId);
    expect(run.status).to.equal('completed');
    expect(run.reports.map((r) => [r.instrumentId, r.qualityScore, r.qualified])).to.deep.equal([
      [textStandard, 100, true],
    ]);
    expect(run.reports[0]!.guarantees.map((g) => g.guarantee)).to.deep.equal([
      'time_to_first_token',
      'token_throughput',
      'context_window',
      'max_output_length',
    ]);
    const { data: endpoint } = await sdkOf(supplier).getSupplierEndpoint({ endpointId });
    expect(endpoint.instruments[0]).to.deep.include({
      qualification: 'qualified',
      basis: 'run',
      qualityScore: 100,
      reportId: started.qualificationId,
    });
    const { data: listed } = await sdkOf(supplier).listEndpointQualifications({ endpointId });
    expect(listed.map((r) => r.qualificationId)).to.deep.equal([started.qualificationId]);
  });

  it('fails the run of an upstream that answers garbage, with the reason, and the instrument is not qualified', async () => {
    const endpointId = await endpointAt(garbage.url);
    const { data: started } = await sdkOf(supplier).startEndpointQualification({ endpointId });
    const run = await ended(endpointId, started.qualificationId);
    expect(run.status).to.equal('failed');
    expect(run.reports[0]!.failure).to.match(/bad_response/);
    const { data: endpoint } = await sdkOf(supplier).getSupplierEndpoint({ endpointId });
    expect(endpoint.instruments[0]).to.deep.include({ qualification: 'not_qualified', basis: 'run' });
  });

  it('marks failed a run whose process stopped (its lease expired) when the next one starts', async () => {
    const endpointId = await endpointAt(good.url);
    const nowUs = services().clock.nowUs();
    const crashed = 'qualification_00000000-0000-4000-8000-000000000001';
    await insertQualificationRun(services().db, {
      id: crashed,
      endpointId,
      userId: supplier.userId,
      leaseUntilUs: nowUs - 1,
      startedAtUs: nowUs - 120_000_000,
    });
    const { data: started } = await sdkOf(supplier).startEndpointQualification({ endpointId });
    const old = await qualificationRunById(services().db, endpointId, crashed);
    expect(old).to.include({ status: 'failed', failure: 'the process running it stopped before it finished' });
    expect((await ended(endpointId, started.qualificationId)).status).to.equal('completed');
  });

  it("refuses a second run while one measures the endpoint (409), and another supplier's endpoint (404)", async () => {
    const endpointId = await endpointAt(good.url);
    const nowUs = services().clock.nowUs();
    await insertQualificationRun(services().db, {
      id: 'qualification_00000000-0000-4000-8000-000000000002',
      endpointId,
      userId: supplier.userId,
      leaseUntilUs: nowUs + 600_000_000,
      startedAtUs: nowUs,
    });
    const status = async (promise: Promise<unknown>): Promise<number> =>
      promise.then(
        () => 200,
        (error: unknown) => (error instanceof ResponseError ? error.response.status : 0),
      );
    expect(await status(sdkOf(supplier).startEndpointQualification({ endpointId }))).to.equal(409);
    expect(await status(sdkOf(other).startEndpointQualification({ endpointId }))).to.equal(404);
    expect(await status(sdkOf(other).listEndpointQualifications({ endpointId }))).to.equal(404);
    expect(
      await status(sdkOf(supplier).getEndpointQualification({ endpointId, qualificationId: 'qualification_nope' })),
    ).to.equal(404);
  });
});
