import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { UserCli } from '../support/cli-user.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;
const codeMax = instrumentSeeds.find((s) => s.modelName === 'code-max')!;
const upstreamKey = 'sk-cli-upstream-key-0123456789-ABCD';

/** Issue 31 on the command line: `mkt supply endpoints list | add | update | remove`, against a live server. */
describeEachDatabase("the mkt command for suppliers' endpoints", (env) => {
  const services = () => env().service.services;
  let cli: UserCli;
  let supplier: TestUser;

  before(async () => {
    cli = new UserCli(env);
    supplier = await createTestUser(services());
    cli.useSigningKey(supplier.signingKey);
  });
  after(() => cli.remove());

  it('adds an endpoint pending qualification, lists it, changes it and removes it; never shows the key', async () => {
    expect(await cli.ok(['supply', 'endpoints', 'list'])).to.contain('No endpoints');
    const added = await cli.ok([
      'supply',
      'endpoints',
      'add',
      '--base-url',
      'https://inference.example.com/v1',
      '--model',
      'qwen3',
      '--api-key',
      upstreamKey,
      '--instruments',
      'TEXT-STANDARD',
    ]);
    expect(added).to.contain(`${textStandard.instrumentId}: pending`).and.contain('…ABCD').and.not.contain(upstreamKey);
    const [listed] = await cli.json(['supply', 'endpoints', 'list']);
    expect(listed).to.deep.include({ base_url: 'https://inference.example.com/v1', model: 'qwen3', api_key_set: true });
    const id = String(listed.endpoint_id);

    const changed = await cli.json([
      'supply',
      'endpoints',
      'update',
      id,
      '--instruments',
      'text-standard,CODE-MAX',
      '--remove-api-key',
    ]);
    expect(changed.api_key_set).to.equal(false);
    expect(changed.instruments.map((i: { instrument_id: string }) => i.instrument_id)).to.have.members([
      textStandard.instrumentId,
      codeMax.instrumentId,
    ]);

    expect(await cli.ok(['supply', 'endpoints', 'remove', id])).to.contain(`Deleted ${id}`);
    expect(await cli.json(['supply', 'endpoints', 'list'])).to.deep.equal([]);
  });

  it("refuses mkt's own host as an endpoint, naming why", async () => {
    const own = new URL(env().service.urls.consumption!);
    const refused = await cli.run([
      'supply',
      'endpoints',
      'add',
      '--base-url',
      `http://localhost:${own.port}/v1`,
      '--model',
      'm',
      '--instruments',
      'text-standard',
    ]);
    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.contain('is mkt itself');
  });
});
