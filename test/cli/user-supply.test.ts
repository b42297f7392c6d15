import { expect } from 'chai';
import type { Services } from '../../src/app/services.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { UserCli } from '../support/cli-user.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;

/** A new supplier of TEXT-STANDARD whose signing key the CLI's profile holds, as `mkt signing-keys create` leaves it. */
async function actAsNewSupplier(cli: UserCli, services: Services): Promise<TestUser> {
  const supplier = await createTestUser(services);
  await makeSupplier(services, supplier.userId, [textStandard.instrumentId]);
  cli.useSigningKey(supplier.signingKey);
  return supplier;
}

/**
 * Issue 21 item 3 on the command line: `mkt supply issue | accounts | transfer | list | liability`,
 * the compiled binary against a live server on the default MKT_SUPPLY_ISSUANCE=account. The
 * profile holds the supplier's signing key, as `mkt signing-keys create` leaves it after a login.
 */
describeEachDatabase('the mkt command for suppliers: issuance accounts', (env) => {
  const services = () => env().service.services;
  let cli: UserCli;

  before(async () => {
    cli = new UserCli(env);
    await actAsNewSupplier(cli, services());
  });
  after(() => cli.remove());

  it('issues by symbol into the issuance account, shows it waiting, and transfers it to trading', async () => {
    expect(await cli.ok(['supply', 'accounts'])).to.contain('No issuance accounts');
    const issued = await cli.ok(['supply', 'issue', 'text-standard', '50']);
    expect(issued)
      .to.match(/issuance account\s*│\s*issuance_account_[0-9a-f]{16}/)
      .and.contain('mkt supply transfer TEXT-STANDARD 50');
    const [waiting] = await cli.json(['supply', 'accounts']);
    expect(waiting).to.deep.include({
      instrument_id: textStandard.instrumentId,
      available_balance: 50,
      total_issued: 50,
      total_transferred: 0,
    });
    const moved = await cli.json(['supply', 'transfer', 'TEXT-STANDARD', '20', '--client-transfer-id', 'cli-1']);
    expect(moved).to.deep.include({
      instrument_id: textStandard.instrumentId,
      quantity: 20,
      status: 'completed',
      client_transfer_id: 'cli-1',
    });
    expect(await cli.ok(['supply', 'accounts'])).to.match(/│\s*TEXT-STANDARD\s*│\s*30\s*│\s*50\s*│\s*20\s*│/);
    const balances = await cli.json(['balances']);
    expect(
      balances.trading.find((a: { instrument_id: string }) => a.instrument_id === textStandard.instrumentId)
        .total_balance,
    ).to.equal('20');
    expect(
      (await cli.json(['supply', 'list', '--instrument', 'text-standard'])).map(
        (i: { quantity: number }) => i.quantity,
      ),
    ).to.deep.equal([50]);
    const [liability] = await cli.json(['supply', 'liability']);
    expect(liability).to.deep.include({
      instrument_symbol: 'TEXT-STANDARD',
      units_issued: 50,
      units_sold: 0,
      outstanding: 0,
    });
  });

  it('says why a transfer of more than the issuance account holds is refused, and exits 1', async () => {
    const result = await cli.run(['supply', 'transfer', 'text-standard', '31']);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain('The issuance account holds 30 Units of TEXT-STANDARD; 31 were asked for.');
  });
});

/** On a `direct` deployment the Units reach trading at once: `mkt supply issue` says to sell them, not to transfer. */
describeEachDatabase(
  'the mkt command for suppliers: direct issuance',
  (env) => {
    const services = () => env().service.services;
    let cli: UserCli;

    before(async () => {
      cli = new UserCli(env);
      await actAsNewSupplier(cli, services());
    });
    after(() => cli.remove());

    it('tells the supplier to sell the Units, with no transfer to run', async () => {
      const issued = await cli.ok(['supply', 'issue', 'text-standard', '40']);
      expect(issued).to.contain('mkt sell TEXT-STANDARD QTY --price P').and.contain('in the trading account already');
      expect(issued).not.to.contain('supply transfer');
      const balances = await cli.json(['balances']);
      expect(
        balances.trading.find((a: { instrument_id: string }) => a.instrument_id === textStandard.instrumentId)
          .total_balance,
      ).to.equal('40');
    });
  },
  { env: { MKT_SUPPLY_ISSUANCE: 'direct' } },
);
