import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { UserCli } from '../support/cli-user.js';
import { callerWithTokens, instrumentOf, receiptOf, supplierAt } from '../support/judgment-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/** Issue 31, item 5 on the command line: `mkt supply scorecard`, table and `--json`, against a live server. */
describeEachDatabase("the mkt command for suppliers' scorecards", (env) => {
  const services = () => env().service.services;
  let cli: UserCli;
  let upstream: SimulatorServer;

  before(async () => {
    cli = new UserCli(env);
    const instrument = await instrumentOf(services(), 'text-standard');
    upstream = await startSimulatorServer({ id: 'scorecard-cli' });
    const supplier = await supplierAt(services(), instrument, upstream.url);
    cli.useSigningKey(supplier.signingKey);
    const buyer = await callerWithTokens(services(), instrument);
    const reply = await env().consumption.post('/r/v1/chat/completions', {
      bearer: buyer.apiKey,
      body: { model: instrument.model, messages: [{ role: 'user', content: 'Hello.' }], max_tokens: 16 },
    });
    expect((await receiptOf(env(), buyer, reply)).status).to.equal('succeeded');
  });
  after(async () => {
    cli.remove();
    await upstream.close();
  });

  it('shows each endpoint × instrument over the last hour and day, and the document with --json', async () => {
    const [card, ...rest] = await cli.json(['supply', 'scorecard']);
    expect(rest).to.deep.equal([]);
    expect(card).to.deep.include({ qualification: 'qualified', basis: 'override' });
    expect(card.windows.map((w: { window: string; requests: number }) => [w.window, w.requests])).to.deep.equal([
      ['1h', 1],
      ['24h', 1],
    ]);
    expect(card).to.deep.include({
      standing: 'unjudged',
      standing_reason: null,
      suspended_by: null,
      last_canary: null,
    });
    expect(card.windows[0]).to.deep.include({ failed_before_first_byte: { timeouts: 0, failed: 0 } });
    expect(card.windows[0].canaries).to.include({ runs: 0, quality_score: null });
    const table = await cli.ok(['supply', 'scorecard']);
    expect(table).to.contain(card.endpoint_id).and.contain('TTFT ms p50 / p95').and.contain('0 (0.0%)');
    expect(table)
      .to.contain('standing')
      .and.contain('unjudged')
      .and.contain('canaries passed / sent')
      .and.contain('0 / 0 (-)');
    expect(table.split('\n').filter((line) => line.includes(card.endpoint_id))).to.have.length(2);
  });
});
