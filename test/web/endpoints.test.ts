import { expect } from 'chai';
import { insertQualificationRun } from '../../src/db/qualification-runs.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { disableSupplier } from '../../src/trading/supply/supply.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { startProbeUpstream, type ProbeUpstream } from '../support/probe-upstream.js';
import { describeEachDatabase } from '../support/service.js';
import { PageSession, sectionWithId, visibleText } from './supplier-session.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;
const upstreamKey = 'sk-upstream-0123456789x9Qz';

/**
 * Issue 31, items 2 and 3 on the dashboard: a supplier's endpoints at /endpoints, registered, qualified, disabled and
 * deleted through forms that call the services the trading API calls, and a qualification run's report page. Plain
 * HTTP form posts with the session's CSRF token, as a browser sends them.
 */
describeEachDatabase("dashboard: a supplier's endpoints and qualification reports", (env) => {
  const services = () => env().service.services;
  let good: ProbeUpstream;
  let supplier: TestUser;
  let session: PageSession;

  const register = (form: Record<string, string>) =>
    session.post('/endpoints', { base_url: good.url, model: 'qwen3-32b', [textStandard]: 'on', ...form });

  /** The id of the newest endpoint of the user, read from the database (the page lists it by that id). */
  const newestEndpoint = async (user: TestUser): Promise<string> =>
    (await services().db('supplier_endpoints').where('user_id', user.userId).orderBy('created_at_us', 'desc').first())
      .id as string;

  before(async () => {
    good = await startProbeUpstream({ behaviour: 'good' });
    supplier = await createTestUser(services());
    session = await PageSession.logIn(env().platform.baseUrl, supplier.email);
  });
  after(async () => {
    await good.close();
  });

  it('explains to a user who is no supplier how to become one, and shows no Supply navigation', async () => {
    const page = await session.get('/endpoints');
    expect(page.status).to.equal(200);
    const text = visibleText(page);
    expect(text).to.contain('You are not a supplier yet');
    expect(text).to.contain('Registering your first endpoint below makes you a supplier');
    expect(page.text).not.to.match(/<nav>[^]*?>Supply<\/a>[^]*?<\/nav>/);
    expect(page.text).to.contain('name="api_key"');
    expect(page.text).to.match(/<input id="api_key" type="password"/);
    const scorecard = await session.get('/scorecard');
    expect(scorecard.status).to.equal(200);
    expect(visibleText(scorecard)).to.contain('No scorecards');
  });

  it('refuses what the API refuses, as a notice on the page (never a 500), and never echoes the key', async () => {
    const cases: { form: Record<string, string>; status: number; says: string }[] = [
      { form: { base_url: 'ftp://inference.example.com/v1' }, status: 422, says: 'http' },
      { form: { base_url: 'not a url' }, status: 422, says: 'URL' },
      { form: { base_url: `${env().platform.baseUrl}/v1` }, status: 422, says: 'mkt' },
      { form: { [textStandard]: '' }, status: 422, says: 'Name at least one instrument' },
      { form: { model: '  ' }, status: 422, says: 'Name the model' },
      { form: { model: 'm'.repeat(129) }, status: 422, says: 'at most 128 characters' },
    ];
    for (const { form, status, says } of cases) {
      const reply = await register({ api_key: upstreamKey, ...form });
      expect(reply.status, `${JSON.stringify(form)}: ${visibleText(reply).slice(0, 400)}`).to.equal(status);
      expect(visibleText(reply)).to.contain('The endpoint was not registered.').and.to.contain(says);
      expect(reply.text).not.to.contain(upstreamKey);
    }
    expect(await services().db('supplier_endpoints').where('user_id', supplier.userId)).to.deep.equal([]);
  });

  it('registers an endpoint, pending, showing only the last 4 of its key; the navigation then shows Supply', async () => {
    const reply = await register({ api_key: upstreamKey });
    expect(reply.status, visibleText(reply).slice(0, 400)).to.equal(303);
    expect(reply.headers.location).to.equal('/endpoints?notice=endpoint_registered');
    const endpointId = await newestEndpoint(supplier);
    const page = await session.get('/endpoints?notice=endpoint_registered');
    expect(page.text).not.to.contain(upstreamKey);
    expect(page.text).to.match(/<nav>[^]*?<a href="\/supply" class="current" aria-current="page">Supply<\/a>/);
    const card = visibleText({ ...page, text: sectionWithId(page, endpointId) });
    expect(card).to.contain(good.url).and.to.contain('qwen3-32b').and.to.contain('…x9Qz');
    expect(card).to.match(/TEXT-STANDARD pending qualification run — no report yet/);
    expect(card).to.contain('never run');
    expect(visibleText(page)).to.contain('The endpoint was registered.');
  });

  it('shows a run as running (the page reloads itself), and refuses a second run meanwhile', async () => {
    await register({ model: 'busy' });
    const endpointId = await newestEndpoint(supplier);
    const runId = 'qualification_00000000-0000-4000-8000-00000000a001';
    const nowUs = services().clock.nowUs();
    await insertQualificationRun(services().db, {
      id: runId,
      endpointId,
      userId: supplier.userId,
      leaseUntilUs: nowUs + 600_000_000,
      startedAtUs: nowUs,
    });
    const page = await session.get('/endpoints');
    expect(page.text).to.match(/<meta http-equiv="refresh" content="3">/);
    const card = sectionWithId(page, endpointId);
    expect(visibleText({ ...page, text: card })).to.contain(`running ${runId}`);
    expect(card).to.match(/<button type="submit" disabled>Run qualification<\/button>/);
    const again = await session.post(`/endpoints/${endpointId}/qualify`);
    expect(again.status).to.equal(409);
    expect(visibleText(again)).to.contain('The qualification run did not start.').and.to.contain(runId);
    const report = await session.get(`/endpoints/${endpointId}/qualifications/${runId}`);
    expect(report.status).to.equal(200);
    expect(report.text).to.match(/<meta http-equiv="refresh" content="3">/);
    expect(visibleText(report)).to.contain('still running');
  });

  it('runs a qualification from the page; the run ends, qualifies the endpoint, and its report renders', async () => {
    await register({ model: 'to-qualify' });
    const endpointId = await newestEndpoint(supplier);
    const started = await session.post(`/endpoints/${endpointId}/qualify`);
    expect(started.status, visibleText(started).slice(0, 400)).to.equal(303);
    expect(started.headers.location).to.equal('/endpoints?notice=qualification_started');
    const run = await services().db('qualification_runs').where('endpoint_id', endpointId).first();
    const reportPath = `/endpoints/${endpointId}/qualifications/${run.id}`;
    const untilMs = performance.now() + 60_000;
    let report = await session.get(reportPath);
    while (/id="run-status"><span class="pill off">running/.test(report.text)) {
      if (performance.now() > untilMs) throw new Error(`run ${run.id} still running after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = await session.get(reportPath);
    }
    expect(report.status).to.equal(200);
    expect(report.text).not.to.contain('http-equiv="refresh"');
    const text = visibleText(report);
    expect(text).to.contain('Status completed');
    expect(text).to.match(/TEXT-STANDARD qualified/);
    expect(text).to.match(/Quality Score 100 floor \d+/);
    const guarantees = /<table class="guarantees">[^]*?<\/table>/.exec(report.text)![0];
    expect(guarantees.match(/<tr>/g)).to.have.length(5); // the head and four guarantees
    for (const guarantee of ['time to first token', 'token throughput', 'context window', 'max output length'])
      expect(guarantees).to.contain(`<td>${guarantee}</td>`);
    const probes = /<table class="probes">[^]*?<\/table>/.exec(report.text)![0];
    expect(probes).to.match(/<td class="mono">text\.[a-z_]+#\d+<\/td><td>text<\/td><td><span class="pill on">pass/);
    expect(probes).to.match(/<td class="right">\d+ ms<\/td>/);

    const page = await session.get('/endpoints');
    const card = visibleText({ ...page, text: sectionWithId(page, endpointId) });
    expect(card).to.match(/TEXT-STANDARD qualified qualification run 100 Report/);
    expect(card).to.contain(`completed ${run.id}`);
    expect(sectionWithId(page, endpointId)).to.contain(`href="${reportPath}"`);
  });

  it('disables, enables and deletes an endpoint; a deleted one is gone and cannot be deleted again', async () => {
    await register({ model: 'to-delete' });
    const endpointId = await newestEndpoint(supplier);
    const disabled = await session.post(`/endpoints/${endpointId}/status`, { status: 'disabled' });
    expect(disabled.headers.location).to.equal('/endpoints?notice=endpoint_disabled');
    let page = await session.get('/endpoints');
    expect(sectionWithId(page, endpointId)).to.contain('<span class="pill off">disabled</span>');
    expect(sectionWithId(page, endpointId)).to.contain('value="active"');
    const enabled = await session.post(`/endpoints/${endpointId}/status`, { status: 'active' });
    expect(enabled.headers.location).to.equal('/endpoints?notice=endpoint_enabled');
    const nonsense = await session.post(`/endpoints/${endpointId}/status`, { status: 'deleted' });
    expect(nonsense.status).to.equal(422);
    const deleted = await session.post(`/endpoints/${endpointId}/delete`);
    expect(deleted.headers.location).to.equal('/endpoints?notice=endpoint_deleted');
    page = await session.get('/endpoints?notice=endpoint_deleted');
    expect(page.text).not.to.contain(`id="${endpointId}"`);
    expect(visibleText(page)).to.contain('The endpoint was deleted.');
    const again = await session.post(`/endpoints/${endpointId}/delete`);
    expect(again.status).to.equal(404);
    expect(visibleText(again)).to.contain(`You have no endpoint with id ${endpointId}.`);
  });

  it("answers 404 for another user's endpoint, and changes nothing of it", async () => {
    const other = await createTestUser(services());
    const otherSession = await PageSession.logIn(env().platform.baseUrl, other.email);
    expect(
      (await otherSession.post('/endpoints', { base_url: good.url, model: 'theirs', [textStandard]: 'on' })).status,
    ).to.equal(303);
    const theirs = await newestEndpoint(other);
    const runId = 'qualification_00000000-0000-4000-8000-00000000a002';
    await insertQualificationRun(services().db, {
      id: runId,
      endpointId: theirs,
      userId: other.userId,
      leaseUntilUs: services().clock.nowUs() - 1,
      startedAtUs: services().clock.nowUs(),
    });
    const report = await session.get(`/endpoints/${theirs}/qualifications/${runId}`);
    expect(report.status).to.equal(404);
    expect(visibleText(report)).to.contain('There is no such report.');
    const missing = await session.get(`/endpoints/${await newestEndpoint(supplier)}/qualifications/qualification_nope`);
    expect(missing.status).to.equal(404);
    for (const action of ['delete', 'qualify', 'status']) {
      const reply = await session.post(`/endpoints/${theirs}/${action}`, { status: 'disabled' });
      expect(reply.status, action).to.equal(404);
    }
    const row = await services().db('supplier_endpoints').where('id', theirs).first();
    expect(row.status).to.equal('active');
    expect(await services().db('qualification_runs').where('endpoint_id', theirs)).to.have.length(1);
  });

  it('refuses a form without the CSRF token of the session, and registers nothing', async () => {
    const before = await services().db('supplier_endpoints').where('user_id', supplier.userId);
    const forged = await session.post('/endpoints', {
      csrf_token: 'x'.repeat(43),
      base_url: good.url,
      model: 'forged',
      [textStandard]: 'on',
    });
    expect(forged.status).to.equal(403);
    expect(visibleText(forged)).to.contain('This form has expired');
    expect(await services().db('supplier_endpoints').where('user_id', supplier.userId)).to.have.length(before.length);
  });

  it('tells a supplier the operator disabled, and still lists its endpoints', async () => {
    const disabled = await createTestUser(services());
    const disabledSession = await PageSession.logIn(env().platform.baseUrl, disabled.email);
    const form = { base_url: good.url, model: 'kept', [textStandard]: 'on' };
    expect((await disabledSession.post('/endpoints', form)).status).to.equal(303);
    await disableSupplier(services(), disabled.userId);
    const page = await disabledSession.get('/endpoints');
    expect(page.status).to.equal(200);
    expect(visibleText(page)).to.contain('The operator has disabled your supplier account.');
    expect(page.text).to.contain(`id="${await newestEndpoint(disabled)}"`);
    expect(page.text).to.match(/<nav>[^]*?>Supply<\/a>/);
  });
});
