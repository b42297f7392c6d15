import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import { loggedInUser, loginThroughBrowser, UserCli } from '../support/cli-user.js';
import { fundUser } from '../support/trading-fixtures.js';
import { useBrowser } from '../web/browser.js';

/**
 * `mkt funds withdraw`, `withdrawals`, `cancel` and `destinations`, through the compiled binary: a plain login cannot
 * withdraw and is told how to; `mkt login --allow-withdrawals` can.
 */
describeEachDatabase(
  'the mkt command for users: withdrawals',
  (env) => {
    const browser = useBrowser();
    let cli: UserCli;
    let user: { userId: string; email: string };

    before(async function () {
      this.timeout(90_000);
      cli = new UserCli(env);
      user = await loggedInUser(cli, env(), browser(), env().service.services);
      await fundUser(env().service.services, user.userId, '12.00');
    });
    after(() => cli.remove());

    it('a plain login cannot add a destination, and is told to log in asking for withdrawals', async () => {
      const refused = await cli.run(['funds', 'destinations', 'add', '--label', 'Wallet']);
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain('funds:withdraw').and.contain('mkt login --allow-withdrawals');
    });

    it('with --allow-withdrawals it adds a destination and withdraws to it', async function () {
      this.timeout(90_000);
      await loginThroughBrowser(cli, env(), browser(), user.email, 'default', ['--allow-withdrawals']);
      expect((await cli.json(['whoami'])).scopes).to.include('funds:withdraw');
      const added = await cli.json(['funds', 'destinations', 'add', '--label', 'Wallet']);
      expect(added).to.include({ kind: 'sandbox', label: 'Wallet', usable: true });
      const listed = await cli.json<{ id: string }[]>(['funds', 'destinations']);
      expect(listed.map((d) => d.id)).to.deep.equal([added.id]);
      const paid = await cli.json(['funds', 'withdraw', '3.00', '--destination', added.id]);
      expect(paid).to.include({ amount_usd: '3.00', status: 'paid' });
      expect(await cli.ok(['funds', 'withdrawals']))
        .to.contain(paid.id)
        .and.contain('paid');
      const over = await cli.run(['funds', 'withdraw', '9.01', '--destination', added.id]);
      expect(over.code).to.equal(1);
      expect(over.stderr).to.contain('You can withdraw at most 9.00 USD');
      const malformed = await cli.run(['funds', 'withdraw', '1.001', '--destination', added.id]);
      expect(malformed.code).to.not.equal(0);
      expect(await cli.ok(['funds', 'destinations', 'remove', added.id])).to.contain('Removed');
    });
  },
  { env: { MKT_WITHDRAWAL_COOLOFF_S: '0' } },
);
