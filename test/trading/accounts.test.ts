import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { tokensOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { consumeTokens, lotLifetimeUs } from '../../src/ledger/consumption.js';
import { move, post, type LedgerAccountRow } from '../../src/ledger/journal.js';
import { databaseKinds } from '../support/databases.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { recordRequestInFlight, settleRequestInFlight } from '../support/requests-in-flight.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';
import { fundUser, issueUnits, journalOf, ManualClock, startServiceOnClock } from '../support/trading-fixtures.js';

const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const textStandard = seedOf('text-standard');
const codeMax = seedOf('code-max');
const agentPrime = seedOf('agent-prime');

type Row = Record<string, any>;
const ids = (rows: Row[]) => rows.map((r) => r.account_id as string);

/** The rows as the API must sort them: by the field, ties by account_id, both in `direction`. */
function sortedBy(rows: Row[], field: string, direction: 'asc' | 'desc', numeric: boolean): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: unknown, b: unknown) =>
    numeric ? Number(a) - Number(b) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return [...rows].sort((a, b) => sign * (compare(a[field], b[field]) || compare(a.account_id, b.account_id)));
}

describeEachDatabase('trading: accounts (trading, consumption, currency)', (env) => {
  const services = () => env().service.services;
  let owner: TestUser;
  let other: TestUser;
  const get = (user: TestUser, path: string, query?: Record<string, string | number>) =>
    env().trading.get(path, { sign: user.signingKey, query });
  const list = async (user: TestUser, path: string, query: Record<string, string | number> = {}) => {
    const reply = await get(user, path, query);
    expect(reply.status, `${path} ${JSON.stringify(query)}: ${reply.text}`).to.equal(200);
    return reply.body.data as Row[];
  };
  /** Every row of a list, read `limit` at a time forward, then back again with prev. */
  const pagedBothWays = async (user: TestUser, path: string, query: Record<string, string | number>, limit: number) => {
    const forward: Row[][] = [];
    let reply = await get(user, path, { ...query, limit });
    forward.push(reply.body.data);
    while (reply.body.paging.has_more) {
      reply = await get(user, path, { ...query, limit, next: reply.body.paging.next_cursor });
      forward.push(reply.body.data);
    }
    const backward: Row[][] = [forward.at(-1)!];
    while (reply.body.paging.prev_cursor !== null) {
      reply = await get(user, path, { ...query, limit, prev: reply.body.paging.prev_cursor });
      backward.unshift(reply.body.data);
    }
    return { forward: forward.flat(), backward: backward.flat() };
  };

  before(async () => {
    owner = await createTestUser(services());
    other = await createTestUser(services());
  });

  it('shows no accounts before any money or Units arrive (reads never open one)', async () => {
    for (const path of ['/v1/trading-accounts', '/v1/consumption-accounts', '/v1/currency-trading-accounts']) {
      const reply = await get(owner, path);
      expect(reply.status, path).to.equal(200);
      expect(reply.body, path).to.deep.equal({
        data: [],
        paging: { has_more: false, next_cursor: null, prev_cursor: null },
      });
    }
    const diagnostics = (await get(owner, '/v1/diagnostics')).body.data;
    expect(diagnostics.summary.trading_accounts).to.equal(0);
  });

  it('shows the USD account: deposits and bonuses both spendable, deposited_total counts deposits only', async () => {
    await fundUser(services(), owner.userId, '100.00');
    await fundUser(services(), owner.userId, '5.25', 'bonus');
    const [account, ...more] = await list(owner, '/v1/currency-trading-accounts');
    expect(more).to.deep.equal([]);
    expect(account).to.deep.include({
      user_id: owner.userId,
      currency: 'usd',
      status: 'active',
      total_balance: '105.250000',
      available_balance: '105.250000',
      locked_balance: '0.000000',
      deposited_total: '100.000000',
    });
    expect(account!.account_id).to.match(/^trading_account_[0-9a-f]+$/);
    expect(account!.last_deposit_at).to.be.a('string');
    expect(await list(other, '/v1/currency-trading-accounts')).to.deep.equal([]);
  });

  it('shows a Units account per instrument held, with its market and no last trade price before any trade', async () => {
    // The system clock counts milliseconds: accounts opened in one share created_at and then
    // list by id, so each opens in a millisecond of its own (setTimeout waits at least that long).
    await issueUnits(services(), owner.userId, textStandard.instrumentId, 24);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await issueUnits(services(), owner.userId, codeMax.instrumentId, 5);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await issueUnits(services(), owner.userId, agentPrime.instrumentId, 10);
    const rows = await list(owner, '/v1/trading-accounts');
    expect(rows.map((r) => r.instrument_symbol)).to.deep.equal(['TEXT-STANDARD', 'CODE-MAX', 'AGENT-PRIME']); // created_at asc by default
    const text = rows[0]!;
    expect(text).to.deep.include({
      user_id: owner.userId,
      instrument_id: textStandard.instrumentId,
      instrument_name: 'Text Standard',
      instrument_symbol: 'TEXT-STANDARD',
      market_id: textStandard.marketId,
      status: 'active',
      total_balance: '24',
      available_balance: '24',
      locked_balance: '0',
      last_trade_price: null,
      last_withdrawal_at: null,
    });
    expect(text.market_name).to.be.a('string').and.not.equal('');
    expect(text.last_deposit_at).to.be.a('string');
    expect((await get(owner, `/v1/trading-accounts/${text.account_id}`)).body.data).to.deep.equal(text);
    expect((await get(owner, '/v1/diagnostics')).body.data.summary.trading_accounts).to.equal(4); // three Units accounts and the USD one
  });

  it("shows the last trade price of the account's market", async () => {
    const insertTrade = (priceTicks: number, sequence: number) =>
      services()
        .db('trades')
        .insert({
          id: `trade_${randomUUID()}`,
          market_id: textStandard.marketId,
          price_ticks: priceTicks,
          quantity: 1,
          taker_side: 'buy',
          taker_order_id: 'order_TESTTESTTESTTEST',
          buy_order_id: 'order_TESTTESTTESTTEST',
          sell_order_id: 'order_TESTTESTTESTTES2',
          sequence,
          executed_at_us: services().clock.nowUs(),
        });
    await insertTrade(4_000, 1_000_001);
    await insertTrade(4_200, 1_000_002);
    const rows = await list(owner, '/v1/trading-accounts');
    expect(Object.fromEntries(rows.map((r) => [r.instrument_symbol, r.last_trade_price]))).to.deep.equal({
      'TEXT-STANDARD': '0.4200',
      'CODE-MAX': null,
      'AGENT-PRIME': null,
    });
  });

  it('filters trading accounts by account, market, instrument and status', async () => {
    const all = await list(owner, '/v1/trading-accounts');
    const text = all.find((r) => r.instrument_symbol === 'TEXT-STANDARD')!;
    const cases: { query: Record<string, string>; expected: string[] }[] = [
      { query: { account_id: text.account_id }, expected: [text.account_id] },
      { query: { market_id: textStandard.marketId }, expected: [text.account_id] },
      { query: { instrument_id: textStandard.instrumentId }, expected: [text.account_id] },
      { query: { status: 'active' }, expected: ids(all) },
      { query: { status: 'inactive' }, expected: [] },
      { query: { instrument_id: 'text-standard' }, expected: [text.account_id] }, // a symbol is the instrument (issue 21)
      { query: { instrument_id: 'instrument-00000000-0000-0000-0000-000000000000' }, expected: [] },
      { query: { market_id: 'market_text_standard' }, expected: [] },
      { query: { account_id: (await list(owner, '/v1/currency-trading-accounts'))[0]!.account_id }, expected: [] },
      { query: { instrument_id: codeMax.instrumentId, market_id: textStandard.marketId }, expected: [] },
    ];
    for (const c of cases)
      expect(ids(await list(owner, '/v1/trading-accounts', c.query)), JSON.stringify(c.query)).to.deep.equal(
        c.expected,
      );
    expect(await list(other, '/v1/trading-accounts', { account_id: text.account_id })).to.deep.equal([]);
  });

  const tradingSorts: [string, string, boolean][] = [
    ['account_id', 'account_id', false],
    ['total_balance', 'total_balance', true],
    ['available_balance', 'available_balance', true],
    ['locked_balance', 'locked_balance', true],
    ['status', 'status', false],
    ['created_at', 'created_at', false],
    ['updated_at', 'updated_at', false],
  ];
  for (const [orderBy, field, numeric] of tradingSorts) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts and pages trading accounts by ${orderBy} ${direction}`, async () => {
        const query = { order_by: orderBy, order_direction: direction };
        const rows = await list(owner, '/v1/trading-accounts', query);
        expect(rows).to.have.length(3);
        expect(ids(rows)).to.deep.equal(ids(sortedBy(rows, field, direction, numeric)));
        const paged = await pagedBothWays(owner, '/v1/trading-accounts', query, 1);
        expect(ids(paged.forward)).to.deep.equal(ids(rows));
        expect(ids(paged.backward)).to.deep.equal(ids(rows));
      });
    }
  }

  it("answers 404 for another user's account, the USD account, a consumption account and an unknown id", async () => {
    const mine = (await list(owner, '/v1/trading-accounts'))[0]!;
    const usdAccount = (await list(owner, '/v1/currency-trading-accounts'))[0]!;
    const cases: [TestUser, string][] = [
      [other, `/v1/trading-accounts/${mine.account_id}`],
      [owner, `/v1/trading-accounts/${usdAccount.account_id}`],
      [owner, '/v1/trading-accounts/trading_account_0000000000000000'],
      [owner, `/v1/consumption-accounts/${mine.account_id}`],
      [owner, '/v1/consumption-accounts/consumption_account_0000000000000000'],
    ];
    for (const [user, path] of cases) {
      const reply = await get(user, path);
      expect(reply.status, path).to.equal(404);
      expect(reply.body.errors.code).to.equal('not_found');
    }
  });

  describe('consumption accounts', () => {
    let account: Row;
    let ledgerRow: LedgerAccountRow;
    const transfer = async (instrumentId: string, quantity: number) => {
      const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
        sign: owner.signingKey,
        body: { instrument_id: instrumentId, quantity },
      });
      expect(reply.status, reply.text).to.equal(201);
    };
    let inFlight: string;
    const commit = async (tokens: number) => {
      // What an inference admission does (issue 5): tokens from available to locked, beside the request's receipt.
      await services().db.transaction((trx) =>
        post(
          trx,
          'commitment',
          ledgerRow.id,
          move(
            ledgerRow.asset,
            { accountId: ledgerRow.id, bucket: 'available' },
            { accountId: ledgerRow.id, bucket: 'locked' },
            tokens,
          ),
          services().clock.nowUs(),
        ),
      );
      inFlight = await recordRequestInFlight(services().db, {
        userId: owner.userId,
        accountId: ledgerRow.id,
        instrumentId: textStandard.instrumentId,
        tokens,
        nowUs: services().clock.nowUs(),
      });
    };

    before(async () => {
      await transfer(textStandard.instrumentId, 5);
      await transfer(codeMax.instrumentId, 2);
      await transfer(agentPrime.instrumentId, 7);
      ledgerRow = (await services()
        .db('ledger_accounts')
        .where({ user_id: owner.userId, asset: tokensOf(textStandard.instrumentId) })
        .first()) as LedgerAccountRow;
    });

    it('shows Units transferred in, as Units and as tokens', async () => {
      const rows = await list(owner, '/v1/consumption-accounts');
      expect(rows.map((r) => r.instrument_id)).to.deep.equal([
        textStandard.instrumentId,
        codeMax.instrumentId,
        agentPrime.instrumentId,
      ]);
      account = rows[0]!;
      expect(account.account_id).to.equal(ledgerRow.id);
      expect(account).to.deep.include({
        user_id: owner.userId,
        status: 'active',
        total_balance: 5,
        committed_balance: 0,
        uncommitted_balance: 5,
        tokens_allocated: 5_000_000,
        tokens_available: 5_000_000,
        total_transfers_in: 5,
        total_transfers_out: 0,
        total_deposits: 0,
        total_withdrawals: 0,
        total_commitments: 0,
        last_deposit_at: null,
        last_withdrawal_at: null,
        last_commitment_at: null,
      });
      expect(account.last_transfer_at).to.be.a('string');
      expect((await get(owner, `/v1/consumption-accounts/${account.account_id}`)).body.data).to.deep.equal(account);
      expect((await get(other, `/v1/consumption-accounts/${account.account_id}`)).status).to.equal(404);
    });

    // Steps applied in order to the text-standard account (5 Units = 5,000,000 tokens), and what it shows after each:
    // total and committed rounded up to whole Units, uncommitted = total − committed, tokens exact.
    const steps: { name: string; apply: () => Promise<unknown>; expected: Row }[] = [
      {
        name: 'one token consumed',
        apply: () => services().db.transaction((trx) => consumeTokens(trx, ledgerRow.id, 1, services().clock.nowUs())),
        expected: {
          total_balance: 5,
          committed_balance: 0,
          uncommitted_balance: 5,
          tokens_allocated: 4_999_999,
          tokens_available: 4_999_999,
          total_withdrawals: 1,
        },
      },
      {
        name: '1.5 Units committed to requests in flight',
        apply: () => commit(1_500_000),
        expected: {
          total_balance: 5,
          committed_balance: 2,
          uncommitted_balance: 3,
          tokens_allocated: 4_999_999,
          tokens_available: 3_499_999,
        },
      },
      {
        name: 'the rest of the first 3 Units consumed',
        apply: () =>
          services().db.transaction((trx) => consumeTokens(trx, ledgerRow.id, 2_999_999, services().clock.nowUs())),
        expected: {
          total_balance: 2,
          committed_balance: 2,
          uncommitted_balance: 0,
          tokens_allocated: 2_000_000,
          tokens_available: 500_000,
          total_withdrawals: 3,
        },
      },
      {
        name: 'the committed tokens settled',
        apply: async () => {
          await services().db.transaction((trx) =>
            consumeTokens(trx, ledgerRow.id, 1_500_000, services().clock.nowUs(), 'locked'),
          );
          await settleRequestInFlight(services().db, inFlight, 1_500_000);
        },
        expected: {
          total_balance: 1,
          committed_balance: 0,
          uncommitted_balance: 1,
          tokens_allocated: 500_000,
          tokens_available: 500_000,
          total_withdrawals: 5,
        },
      },
    ];
    for (const step of steps) {
      it(`rounds Units up and keeps tokens exact: ${step.name}`, async () => {
        await step.apply();
        const shown = (await get(owner, `/v1/consumption-accounts/${ledgerRow.id}`)).body.data;
        expect(shown).to.deep.include(step.expected);
        expect(shown.last_withdrawal_at).to.be.a('string');
        expect(await auditLedger(services().db)).to.deep.equal([]);
      });
    }

    it('filters consumption accounts by account, instrument and status', async () => {
      const all = await list(owner, '/v1/consumption-accounts');
      const cases: { query: Record<string, string>; expected: string[] }[] = [
        { query: { account_id: ledgerRow.id }, expected: [ledgerRow.id] },
        {
          query: { instrument_id: codeMax.instrumentId },
          expected: ids(all.filter((r) => r.instrument_id === codeMax.instrumentId)),
        },
        { query: { status: 'active' }, expected: ids(all) },
        { query: { status: 'inactive' }, expected: [] },
        {
          query: { instrument_id: 'code-max' },
          expected: ids(all.filter((r) => r.instrument_id === codeMax.instrumentId)),
        }, // a symbol is the instrument (issue 21)
        { query: { instrument_id: 'instrument-00000000-0000-0000-0000-000000000000' }, expected: [] },
      ];
      for (const c of cases)
        expect(ids(await list(owner, '/v1/consumption-accounts', c.query)), JSON.stringify(c.query)).to.deep.equal(
          c.expected,
        );
      expect(ids(all)).to.have.length(3);
    });

    const consumptionSorts: [string, string, boolean][] = [
      ['account_id', 'account_id', false],
      ['total_balance', 'total_balance', true],
      ['committed_balance', 'committed_balance', true],
      ['uncommitted_balance', 'uncommitted_balance', true],
      ['status', 'status', false],
      ['created_at', 'created_at', false],
      ['updated_at', 'updated_at', false],
    ];
    for (const [orderBy, field, numeric] of consumptionSorts) {
      for (const direction of ['asc', 'desc'] as const) {
        it(`sorts and pages consumption accounts by ${orderBy} ${direction}`, async () => {
          const query = { order_by: orderBy, order_direction: direction };
          const rows = await list(owner, '/v1/consumption-accounts', query);
          expect(rows).to.have.length(3);
          expect(ids(rows)).to.deep.equal(ids(sortedBy(rows, field, direction, numeric)));
          const paged = await pagedBothWays(owner, '/v1/consumption-accounts', query, 2);
          expect(ids(paged.forward)).to.deep.equal(ids(rows));
          expect(ids(paged.backward)).to.deep.equal(ids(rows));
        });
      }
    }

    it('refuses an unknown order_by or status with 422', async () => {
      for (const [path, query] of [
        ['/v1/consumption-accounts', { order_by: 'tokens_available' }],
        ['/v1/consumption-accounts', { status: 'expired' }],
        ['/v1/trading-accounts', { order_by: 'last_trade_price' }],
        ['/v1/currency-trading-accounts', { order_by: 'created_at' }],
      ] as const) {
        const reply = await get(owner, path, query);
        expect(reply.status, `${path} ${JSON.stringify(query)}`).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      }
    });
  });
});

// Lazy expiry, seen through the API: a service on a clock the test moves.
for (const database of databaseKinds) {
  describe(`trading: consumption Units expire 4 hours after arrival [${database}]`, function () {
    this.timeout(30_000);
    const clock = new ManualClock();
    let environment: TestEnvironment;
    let user: TestUser;
    before(async function () {
      this.timeout(60_000);
      environment = await startServiceOnClock(database, clock);
      user = await createTestUser(environment.service.services);
      await issueUnits(environment.service.services, user.userId, textStandard.instrumentId, 3);
    });
    after(async () => environment?.service.stop());
    const get = (path: string) => environment.trading.get(path, { sign: user.signingKey, signedAt: clock.seconds() });

    it('shows the Units until 4 h have passed, then nothing, written off through the journal', async () => {
      const created = await environment.trading.post('/v1/transfers/trading-to-consumption', {
        sign: user.signingKey,
        signedAt: clock.seconds(),
        body: { instrument_id: textStandard.instrumentId, quantity: 2 },
      });
      expect(created.status).to.equal(201);
      const accountId = created.body.data.to_account_id as string;
      const timeline: { afterUs: number; total: number; tokens: number }[] = [
        { afterUs: lotLifetimeUs - 1_000_000, total: 2, tokens: 2_000_000 },
        { afterUs: 1_000_000, total: 0, tokens: 0 },
      ];
      for (const step of timeline) {
        clock.advance(step.afterUs);
        const reply = await get(`/v1/consumption-accounts/${accountId}`);
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.include({
          total_balance: step.total,
          tokens_allocated: step.tokens,
          tokens_available: step.tokens,
        });
      }
      const listed = (await get('/v1/consumption-accounts')).body.data;
      expect(listed[0]).to.deep.include({ total_balance: 0, total_withdrawals: 2 });
      const entries = await journalOf(environment.service.services, accountId);
      expect(entries.map((e) => e.kind)).to.deep.equal(['expiry']);
      expect(await auditLedger(environment.service.services.db)).to.deep.equal([]);
      // The trading side keeps what was not transferred.
      expect((await get('/v1/trading-accounts')).body.data[0]).to.deep.include({ total_balance: '1' });
    });
  });
}
