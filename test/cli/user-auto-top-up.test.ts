import { expect } from 'chai';
import { describeEachDatabase } from '../support/service.js';
import { loggedInUser, UserCli } from '../support/cli-user.js';
import { useBrowser } from '../web/browser.js';

/** Issue 21, item 5 on the user's `mkt`: `mkt settings` shows auto top-up and `mkt settings auto-top-up` sets it, through the compiled binary. */
describeEachDatabase('the mkt command for users: auto top-up', (env) => {
  const browser = useBrowser();
  let cli: UserCli;

  before(async function () {
    this.timeout(90_000);
    cli = new UserCli(env);
    await loggedInUser(cli, env(), browser(), env().service.services);
  });
  after(() => cli.remove());

  it('shows it off, sets quantity and threshold, turns it on and off; refuses what the service refuses', async () => {
    expect(await cli.ok(['settings']))
      .to.match(/auto top-up\s*│\s*off/)
      .and.match(/last top-up\s*│\s*never/);
    const set = await cli.json(['settings', 'auto-top-up', '--quantity', '5', '--threshold', '2']);
    expect(set.auto_top_up).to.include({ enabled: false, quantity: 5, trigger_threshold: 2 });
    expect((await cli.json(['settings', 'auto-top-up', '--on'])).auto_top_up_enabled).to.equal(true);
    expect(await cli.ok(['settings'])).to.match(
      /auto top-up\s*│\s*buy 5 Units when a consumption account holds fewer than 2/,
    );
    expect((await cli.json(['settings', 'auto-top-up', '--off', '--quantity', 'none'])).auto_top_up).to.include({
      enabled: false,
      quantity: null,
    });

    const fractional = await cli.run(['settings', 'auto-top-up', '--quantity', '1.5']);
    expect(fractional.code).to.equal(1);
    expect(fractional.stderr).to.contain('quantity');
    const unready = await cli.run(['settings', 'auto-top-up', '--on']);
    expect(unready.code).to.equal(1);
    expect(unready.stderr).to.contain('before enabling');
    const nothing = await cli.run(['settings', 'auto-top-up']);
    expect(nothing.code).to.equal(1);
    expect(nothing.stderr).to.contain('nothing to change');
    expect((await cli.run(['settings', 'auto-top-up', '--on', '--off'])).code).to.equal(1);
  });
});
