import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { UserCli } from '../support/cli-user.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;

/** Issue 32, item 2 on the command line: `mkt supply earnings`, table and `--json`, against a live server. */
describeEachDatabase('the mkt command for suppliers: the books', (env) => {
  const services = () => env().service.services;
  let cli: UserCli;
  let supplier: TestUser;

  before(async () => {
    cli = new UserCli(env);
    supplier = await createTestUser(services());
    cli.useSigningKey(supplier.signingKey);
    const buyer = await createTestUser(services());
    await fundUser(services(), buyer.userId, '10.00');
    await issueUnits(services(), supplier.userId, textStandard.instrumentId, 8);
    const market = await marketOf(services(), 'text-standard');
    await placed(env(), supplier, { market_id: market.marketId, side: 'sell', price: '0.5000', quantity: 3 });
    await placed(env(), buyer, { market_id: market.marketId, side: 'buy', type: 'market', quantity: 3 });
  });
  after(() => cli.remove());

  it('prints the API document with --json, and a table of each period with the totals', async () => {
    const books = await cli.json(['supply', 'earnings', '--periods', '2']);
    const api = await env().trading.get('/v1/supply/earnings', { sign: supplier.signingKey, query: { periods: 2 } });
    const withoutTimes = (data: Record<string, any>) =>
      data.instruments.map((i: Record<string, any>) => ({ ...i, periods: i.periods.length }));
    expect(withoutTimes(books)).to.deep.equal(withoutTimes(api.body.data));
    expect(books.instruments[0].totals).to.deep.include({
      units_issued: 8,
      units_sold: 3,
      gross_proceeds: '1.500000',
      outstanding_liability: 3_000_000,
    });
    const table = await cli.ok(['supply', 'earnings', '--periods', '2']);
    const today = books.instruments[0].periods[0].period_start.slice(0, 10);
    expect(table).to.match(new RegExp(`│ TEXT-STANDARD │ ${today} │\\s+8 │\\s+3 │`));
    expect(table).to.match(/│ TEXT-STANDARD │ total\s+│\s+8 │\s+3 │/);
    expect(table).to.contain('Withdrawals paid out:').and.contain('gross 1.500000, fees');
  });

  it('takes --period and --instrument, and says why a bad period is refused', async () => {
    const weekly = await cli.json(['supply', 'earnings', '--period', 'week', '--instrument', 'text-standard']);
    expect(weekly.period).to.equal('week');
    expect(weekly.instruments.map((i: { instrument_symbol: string }) => i.instrument_symbol)).to.deep.equal([
      'TEXT-STANDARD',
    ]);
    expect((await cli.json(['supply', 'earnings', '--instrument', 'text-prime'])).instruments).to.deep.equal([]);
    const refused = await cli.run(['supply', 'earnings', '--period', 'year']);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('period');
  });
});
