import { expect } from 'chai';
import { midMonthClock, recordKeySpend } from '../support/key-limits.js';
import { describeEachDatabase } from '../support/service.js';
import { loggedInUser, UserCli } from '../support/cli-user.js';
import { useBrowser } from '../web/browser.js';

/**
 * Issue 20 on the user's `mkt`: keys with limits (`keys create … --limit --reset --expires
 * --models`, `keys update`, limits and usage in `keys list`), `mkt key` (GET /v1/key with the stored
 * key) and `mkt settings` for the account defaults, through the compiled binary against a live server.
 */
describeEachDatabase(
  'the mkt command for users: key limits, mkt key, settings',
  (env) => {
    const browser = useBrowser();
    let cli: UserCli;

    before(async function () {
      this.timeout(90_000);
      cli = new UserCli(env);
      await loggedInUser(cli, env(), browser(), env().service.services);
    });
    after(() => cli.remove());

    it('keys create takes the limits; the answer, keys list and mkt key show them', async () => {
      const created = await cli.json([
        'keys',
        'create',
        'ci',
        '--limit',
        '10',
        '--reset',
        'monthly',
        '--expires',
        '2099-12-31',
        '--models',
        'text-standard, llama-latest',
      ]);
      expect(created).to.deep.include({
        name: 'ci',
        limit_usd: '10.00',
        limit_reset: 'monthly',
        expires_at: '2099-12-31T00:00:00.000000Z',
        allowed_models: ['text-standard', 'llama-latest'],
        usage_usd: '0.000000',
        limit_remaining_usd: '10.000000',
      });
      expect(cli.profile().consumption_key.id).to.equal(created.id);

      await recordKeySpend(env().service.services, created.id, 'monthly', 3_204_117);
      const listed = (await cli.json<{ id: string }[]>(['keys', 'list'])).find((k) => k.id === created.id);
      expect(listed).to.deep.include({ usage_usd: '3.204117', limit_remaining_usd: '6.795883' });
      const table = await cli.ok(['keys', 'list']);
      const line = table.split('\n').find((l) => l.includes(created.id))!;
      expect(line)
        .to.contain('3.204117')
        .and.contain('10.00')
        .and.contain('monthly')
        .and.contain('6.795883')
        .and.contain('text-standard,llama-latest');

      const own = await cli.json(['key']);
      expect(own).to.deep.equal({
        id: created.id,
        name: 'ci',
        expires_at: '2099-12-31T00:00:00.000000Z',
        limit_usd: '10.00',
        limit_reset: 'monthly',
        limit_remaining_usd: '6.795883',
        usage_usd: '3.204117',
        allowed_models: ['text-standard', 'llama-latest'],
        rate_limit: { concurrency: 3 },
        is_active: true,
      });
      expect(await cli.ok(['key']))
        .to.match(/usage USD\s*│\s*3\.204117/)
        .and.match(/concurrency\s*│\s*3/);
    });

    it('keys create without limits shows none; keys update sets and removes each limit', async () => {
      const created = await cli.json(['keys', 'create', 'plain']);
      expect(created).to.deep.include({
        limit_usd: null,
        limit_reset: null,
        expires_at: null,
        allowed_models: null,
        limit_remaining_usd: null,
      });
      const rows: [string[], Record<string, unknown>][] = [
        [['--limit', '25.5', '--reset', 'weekly'], { limit_usd: '25.50', limit_reset: 'weekly' }],
        [['--models', 'code-max'], { allowed_models: ['code-max'] }],
        [
          ['--expires', '2100-01-02T03:04:05Z', '--name', 'renamed'],
          { expires_at: '2100-01-02T03:04:05.000000Z', name: 'renamed' },
        ],
        [['--limit', 'none'], { limit_usd: null, limit_reset: null, limit_remaining_usd: null }],
        [['--models', 'all', '--expires', 'none'], { allowed_models: null, expires_at: null }],
      ];
      for (const [options, expected] of rows) {
        expect(await cli.json(['keys', 'update', created.id, ...options]), options.join(' ')).to.deep.include(expected);
      }
      expect(await cli.ok(['keys', 'update', created.id, '--limit', '1'])).to.match(/limit USD\s*│\s*1\.00/);
    });

    it('refuses bad limits with the service detail (exit 1, JSON with --json), and an update without a change', async () => {
      const { id } = await cli.json(['keys', 'create', 'strict']);
      const decimals = await cli.run(['keys', 'update', id, '--limit', '1.001']);
      expect(decimals.code).to.equal(1);
      expect(decimals.stderr).to.contain('at most 2 decimals');
      const unknown = await cli.run(['--json', 'keys', 'create', 'x', '--models', 'gpt-5']);
      expect(unknown.code).to.equal(1);
      expect(JSON.parse(unknown.stderr).errors).to.deep.include({ code: 'validation_error' });
      expect(JSON.parse(unknown.stderr).errors.detail).to.contain('gpt-5');
      const past = await cli.run(['keys', 'create', 'old', '--expires', '2001-01-01']);
      expect(past.code).to.equal(1);
      expect(past.stderr).to.contain('must be in the future');
      const nothing = await cli.run(['keys', 'update', id]);
      expect(nothing.code).to.equal(1);
      expect(nothing.stderr).to.contain('nothing to change');
      expect((await cli.run(['keys', 'create', 'y', '--reset', 'yearly'])).code).to.equal(2);
    });

    it('mkt settings shows the defaults; settings set changes the auto-buy price cap and self-trade prevention', async () => {
      expect(await cli.json(['settings'])).to.deep.include({
        auto_buy_max_price: null,
        self_trade_prevention: 'expire_taker',
      });
      expect((await cli.json(['settings', 'set', 'auto-buy-max-price', '0.45'])).auto_buy_max_price).to.equal('0.4500');
      expect(await cli.ok(['settings']))
        .to.match(/auto-buy max price\s*│\s*0\.4500/)
        .and.match(/self-trade prevention\s*│\s*expire_taker/);
      expect(
        (await cli.json(['settings', 'set', 'self-trade-prevention', 'decrement'])).self_trade_prevention,
      ).to.equal('decrement');
      expect((await cli.json(['settings', 'set', 'auto-buy-max-price', 'none'])).auto_buy_max_price).to.equal(null);
      const bad = await cli.run(['settings', 'set', 'auto-buy-max-price', '0.00001']);
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.contain('at most 4 decimals');
      expect((await cli.run(['settings', 'set', 'self-trade-prevention', 'sideways'])).code).to.equal(1);
      expect((await cli.run(['settings', 'set', 'colour', 'red'])).code).to.equal(2);
      expect(await cli.json(['settings'])).to.deep.include({
        auto_buy_max_price: null,
        self_trade_prevention: 'decrement',
      });
    });
  },
  { clock: midMonthClock },
);
