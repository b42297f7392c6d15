import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { openDatabase } from '../../src/db/knex.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt, mktJson } from '../support/processes.js';

const textPrime = instrumentSeeds.find((s) => s.modelName === 'text-prime')!.instrumentId;
const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;

for (const database of databaseKinds) {
  describe(`mkt admin: deposits, suppliers, audit [${database}]`, function () {
    this.timeout(60_000);
    let env: Record<string, string>;
    before(async () => {
      env = { DATABASE_URL: await freshDatabaseUrl(database) };
      await mktJson(['admin', 'user', 'create', '--email', 'ada@example.com'], env);
      await mktJson(['admin', 'user', 'create', '--email', 'sam@example.com'], env);
    });

    /** Runs a command that must succeed and print exactly one JSON object. */
    const run = async (args: string[]) => {
      const result = await mkt(['admin', ...args], env);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
      expect(result.stdout.trim().split('\n'), 'one line of JSON').to.have.length(1);
      return JSON.parse(result.stdout) as Record<string, any>;
    };

    it('deposits and gives bonuses: both spendable, only deposits count as deposited', async () => {
      const deposited = await run(['deposit', '--email', 'ada@example.com', '--usd', '100.00']);
      expect(deposited).to.deep.include({
        email: 'ada@example.com',
        source: 'deposit',
        amount: '100.000000',
        total_balance: '100.000000',
        available_balance: '100.000000',
        locked_balance: '0.000000',
        deposited_total: '100.000000',
      });
      expect(deposited.account_id).to.match(/^trading_account_[0-9a-f]+$/);
      const bonus = await run(['bonus', '--email', 'ADA@example.com', '--usd', '5']);
      expect(bonus).to.deep.include({
        source: 'bonus',
        amount: '5.000000',
        total_balance: '105.000000',
        deposited_total: '100.000000',
        account_id: deposited.account_id,
      });
      const micro = await run(['deposit', '--email', 'ada@example.com', '--usd', '0.000001']);
      expect(micro).to.deep.include({ total_balance: '105.000001', deposited_total: '100.000001' });
    });

    it('registers suppliers by model name or instrument id, lists them, disables them; never prints the upstream key', async () => {
      const simulated = await run([
        'supplier',
        'add',
        '--email',
        'ada@example.com',
        '--instruments',
        `text-standard, ${textPrime}`,
        '--simulated',
      ]);
      expect(simulated).to.deep.include({
        email: 'ada@example.com',
        status: 'enabled',
        simulated: true,
        base_url: null,
        model: null,
        api_key_set: false,
      });
      expect(simulated.instruments).to.deep.equal([
        { instrument_id: textStandard, model: 'text-standard' },
        { instrument_id: textPrime, model: 'text-prime' },
      ]);

      const upstream = await mkt(
        [
          'admin',
          'supplier',
          'add',
          '--email',
          'sam@example.com',
          '--instruments',
          'code-max',
          '--base-url',
          'http://127.0.0.1:11434/v1',
          '--model',
          'qwen3-coder',
          '--api-key',
          'sk-secret-upstream',
        ],
        env,
      );
      expect(upstream.code, upstream.stderr).to.equal(0);
      expect(upstream.stdout).not.to.contain('sk-secret-upstream');
      expect(JSON.parse(upstream.stdout)).to.deep.include({
        simulated: false,
        base_url: 'http://127.0.0.1:11434/v1',
        model: 'qwen3-coder',
        api_key_set: true,
      });

      const listed = (await run(['supplier', 'list'])).suppliers as Record<string, any>[];
      expect(listed.map((s) => [s.email, s.status])).to.deep.equal([
        ['ada@example.com', 'enabled'],
        ['sam@example.com', 'enabled'],
      ]);
      expect(await run(['supplier', 'disable', '--email', 'sam@example.com'])).to.deep.include({
        email: 'sam@example.com',
        status: 'disabled',
      });
      expect(((await run(['supplier', 'list'])).suppliers as Record<string, any>[]).map((s) => s.status)).to.deep.equal(
        ['enabled', 'disabled'],
      );
      // Adding again re-enables, with the new instruments.
      const again = await run([
        'supplier',
        'add',
        '--email',
        'sam@example.com',
        '--instruments',
        'text-prime',
        '--simulated',
      ]);
      expect(again).to.deep.include({ status: 'enabled', simulated: true, api_key_set: false });
      expect(again.instruments).to.deep.equal([{ instrument_id: textPrime, model: 'text-prime' }]);
    });

    // Each row: a mistake in how the command was called — exit 2 and a message naming what to fix.
    const usageMistakes: { args: string[]; says: RegExp }[] = [
      { args: ['deposit', '--email', 'ada@example.com'], says: /--usd is required/ },
      { args: ['deposit', '--email', 'ada@example.com', '--usd', 'ten'], says: /--usd must be a positive amount/ },
      { args: ['deposit', '--email', 'ada@example.com', '--usd', '0'], says: /--usd must be a positive amount/ },
      { args: ['deposit', '--email', 'ada@example.com', '--usd=-5.00'], says: /--usd must be a positive amount/ },
      { args: ['bonus', '--email', 'ada@example.com', '--usd', '1.0000001'], says: /at most 6 decimals/ },
      { args: ['bonus', '--usd', '1.00'], says: /--email is required/ },
      { args: ['deposit', '--email', 'ada@example.com', '--usd', '1', '--eur', '1'], says: /Unknown option '--eur'/ },
      { args: ['supplier', 'add', '--email', 'ada@example.com', '--simulated'], says: /--instruments is required/ },
      {
        args: ['supplier', 'add', '--email', 'ada@example.com', '--instruments', 'text-max'],
        says: /--simulated; one of the two/,
      },
      {
        args: [
          'supplier',
          'add',
          '--email',
          'ada@example.com',
          '--instruments',
          'text-max',
          '--simulated',
          '--base-url',
          'http://x',
        ],
        says: /one of the two/,
      },
      {
        args: ['supplier', 'add', '--email', 'ada@example.com', '--instruments', 'text-max', '--base-url', 'http://x'],
        says: /--model is required/,
      },
      {
        args: [
          'supplier',
          'add',
          '--email',
          'ada@example.com',
          '--instruments',
          'text-max',
          '--base-url',
          'ftp://x',
          '--model',
          'm',
        ],
        says: /must be http or https/,
      },
      {
        args: [
          'supplier',
          'add',
          '--email',
          'ada@example.com',
          '--instruments',
          'text-max',
          '--simulated',
          '--api-key',
          'k',
        ],
        says: /simulated supplier has neither/,
      },
      {
        args: ['supplier', 'add', '--email', 'ada@example.com', '--instruments', ',', '--simulated'],
        says: /at least one instrument/,
      },
      { args: ['supplier'], says: /unknown admin command/ },
      { args: ['supplier', 'remove', '--email', 'ada@example.com'], says: /unknown admin command/ },
      { args: ['audit', '--fix'], says: /Unknown option '--fix'/ },
    ];
    for (const m of usageMistakes) {
      it(`exits 2 on: mkt admin ${m.args.join(' ')}`, async () => {
        const result = await mkt(['admin', ...m.args], env);
        expect(result.code, result.stderr).to.equal(2);
        expect(result.stdout).to.equal('');
        expect(result.stderr).to.match(m.says);
      });
    }

    // Each row: a well-formed command naming something that does not exist — exit 1, JSON on stderr.
    const unknowns: string[][] = [
      ['deposit', '--email', 'nobody@example.com', '--usd', '1.00'],
      ['supplier', 'add', '--email', 'nobody@example.com', '--instruments', 'text-max', '--simulated'],
      ['supplier', 'add', '--email', 'ada@example.com', '--instruments', 'text-ultra', '--simulated'],
      ['supplier', 'disable', '--email', 'nobody@example.com'],
    ];
    for (const args of unknowns) {
      it(`exits 1 with not_found on: mkt admin ${args.join(' ')}`, async () => {
        const result = await mkt(['admin', ...args], env);
        expect(result.code, result.stderr).to.equal(1);
        expect(JSON.parse(result.stderr).error.code).to.equal('not_found');
      });
    }

    it('audits: exit 0 on a clean ledger, exit 1 naming the account once a balance is corrupted', async () => {
      const clean = await run(['audit']);
      expect(clean).to.deep.include({ ok: true, failures: [] });
      expect(clean.checked.journal_entries).to.equal(3);
      expect(Object.keys(clean.checked).sort()).to.deep.equal([
        'consumption_lots',
        'deposits',
        'journal_entries',
        'journal_postings',
        'ledger_accounts',
        'open_orders',
      ]);

      const db = openDatabase(env.DATABASE_URL!);
      try {
        const account = (await db('ledger_accounts').where({ kind: 'currency' }).first()) as {
          id: string;
          available: number;
        };
        await db('ledger_accounts')
          .where({ id: account.id })
          .update({ available: account.available + 1 });
        const dirty = await mkt(['admin', 'audit'], env);
        expect(dirty.code).to.equal(1);
        const report = JSON.parse(dirty.stdout);
        expect(report.ok).to.equal(false);
        expect(report.failures).to.deep.equal([
          {
            check: 'balance_differs_from_journal',
            subject: account.id,
            detail: `balance available ${account.available + 1}, locked 0; its postings sum to available ${account.available}, locked 0`,
          },
        ]);
        await db('ledger_accounts').where({ id: account.id }).update({ available: account.available });
      } finally {
        await db.destroy();
      }
      expect((await run(['audit'])).ok).to.equal(true);
    });
  });
}
