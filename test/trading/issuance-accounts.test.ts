import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { marketOf, placeOrder } from '../support/market-fixtures.js';
import { cookieNamed, sendPage } from '../web/form-client.js';
import { describeEachDatabase } from '../support/service.js';
import { journalOf, makeSupplier, sumsByAsset } from '../support/trading-fixtures.js';

/**
 * Issue 21 item 3: issuance accounts as the live service has them. A supplier's issued Units wait
 * in its issuance account until it transfers them to trading; grid-cli's `supply issue`, `supply
 * transfer` (both of its call styles: with and without `trading_account_id`) and `supply summary`
 * send exactly these requests and read these fields (src/sdk/http/client.ts, src/cli/commands/supply/,
 * src/sdk/types/accounts.ts `IssuanceAccount`).
 */
const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const textStandard = seedOf('text-standard').instrumentId;
const textPrime = seedOf('text-prime').instrumentId;

/** The fields grid-cli's IssuanceAccount type and its TUI read. */
const cliIssuanceAccountFields = [
  'account_id',
  'instrument_id',
  'instrument_symbol',
  'total_issued',
  'total_transferred',
  'available_balance',
  'updated_at',
];

describeEachDatabase('trading: issuance accounts (MKT_SUPPLY_ISSUANCE=account, the default)', (env) => {
  const services = () => env().service.services;
  let supplier: TestUser;
  let trader: TestUser;
  let issued: Record<string, any>;
  const issue = (user: TestUser, body: unknown) =>
    env().trading.post('/v1/supply-issuances', { sign: user.signingKey, body });
  const transfer = (user: TestUser, body: unknown, signedAt?: number) =>
    env().trading.post('/v1/issuance-accounts/transfer', {
      sign: user.signingKey,
      body,
      ...(signedAt ? { signedAt } : {}),
    });
  const accounts = async (user: TestUser) => {
    const reply = await env().trading.get('/v1/issuance-accounts', { sign: user.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    return reply.body.data as Record<string, any>[];
  };
  const tradingBalance = async (accountId: string) =>
    (await env().trading.get(`/v1/trading-accounts/${accountId}`, { sign: supplier.signingKey })).body.data
      .total_balance as string;
  const transferCount = async () =>
    Number(((await services().db('issuance_transfers').count({ n: '*' }).first()) as { n: number | string }).n);

  before(async () => {
    supplier = await createTestUser(services(), { mode: 'advanced' });
    trader = await createTestUser(services());
    await makeSupplier(services(), supplier.userId, [textStandard, textPrime]);
  });

  it('is the default, and MKT_SUPPLY_ISSUANCE refuses anything but account or direct at start-up', () => {
    expect(loadConfig({}).supplyIssuance).to.equal('account');
    expect(loadConfig({ MKT_SUPPLY_ISSUANCE: 'direct' }).supplyIssuance).to.equal('direct');
    expect(() => loadConfig({ MKT_SUPPLY_ISSUANCE: 'instant' })).to.throw(
      'MKT_SUPPLY_ISSUANCE must be account or direct, got instant',
    );
  });

  it('issues into the issuance account (supply issue): issuance_account_id, nothing in trading yet, one balanced entry', async () => {
    const reply = await issue(supplier, { instrument_id: textStandard, quantity: 500 });
    expect(reply.status, reply.text).to.equal(201);
    issued = reply.body.data;
    expect(issued.issuance_account_id).to.match(/^issuance_account_[0-9a-f]{16}$/);
    expect(issued.issued_at).to.equal(issued.created_at);
    expect(await tradingBalance(issued.trading_account_id)).to.equal('0');
    const entries = await journalOf(services(), issued.issuance_id);
    expect(entries.map((e) => e.kind)).to.deep.equal(['issuance']);
    expect(entries[0]!.postings).to.have.deep.members([
      {
        account_id: `system:issuance:${unitsOf(textStandard)}`,
        bucket: 'available',
        asset: unitsOf(textStandard),
        amount: -500,
      },
      { account_id: issued.issuance_account_id, bucket: 'available', asset: unitsOf(textStandard), amount: 500 },
    ]);
    // Issued Units cannot be sold before they are transferred.
    const market = await marketOf(services(), 'text-standard');
    const sell = await placeOrder(env(), supplier, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.9000',
      quantity: 1,
    });
    expect(sell.status, sell.text).to.equal(422);
    expect(sell.body.errors.code).to.equal('insufficient_available_balance');
  });

  it('lists the issuance account with the totals grid-cli reads', async () => {
    const [account, ...others] = await accounts(supplier);
    expect(others).to.deep.equal([]);
    expect(account).to.include.all.keys(...cliIssuanceAccountFields);
    expect(account).to.deep.include({
      issuance_account_id: issued.issuance_account_id,
      account_id: issued.issuance_account_id,
      user_id: supplier.userId,
      instrument_id: textStandard,
      instrument_symbol: 'TEXT-STANDARD',
      status: 'active',
      available_balance: 500,
      total_balance: 500,
      total_issued: 500,
      total_transferred: 0,
      total_transferred_to_trading: 0,
      total_deposits: 1,
      total_transfers: 0,
      last_deposit_at: issued.created_at,
      last_transfer_at: null,
    });
    expect(await accounts(trader)).to.deep.equal([]);
  });

  it('transfers as `supply transfer` sends it without a trading account: 201, the Units tradable at once, one balanced entry', async () => {
    const reply = await transfer(supplier, { instrument_id: textStandard, quantity: 300 });
    expect(reply.status, reply.text).to.equal(201);
    const moved = reply.body.data;
    expect(moved.transfer_id).to.match(/^issuance_transfer_[0-9a-f-]{36}$/);
    expect(moved).to.deep.include({
      id: moved.transfer_id,
      issuance_account_id: issued.issuance_account_id,
      trading_account_id: issued.trading_account_id,
      instrument_id: textStandard,
      quantity: 300,
      status: 'completed',
      client_transfer_id: null,
    });
    expect(await tradingBalance(issued.trading_account_id)).to.equal('300');
    const entries = await journalOf(services(), moved.transfer_id);
    expect(entries.map((e) => e.kind)).to.deep.equal(['issuance_transfer']);
    expect(sumsByAsset(entries[0]!)).to.deep.equal({ [unitsOf(textStandard)]: 0 });
    expect(entries[0]!.postings).to.have.deep.members([
      { account_id: issued.issuance_account_id, bucket: 'available', asset: unitsOf(textStandard), amount: -300 },
      { account_id: issued.trading_account_id, bucket: 'available', asset: unitsOf(textStandard), amount: 300 },
    ]);
    const [account] = await accounts(supplier);
    expect(account).to.deep.include({
      available_balance: 200,
      total_issued: 500,
      total_transferred: 300,
      total_transfers: 1,
      last_transfer_at: moved.created_at,
    });
    const market = await marketOf(services(), 'text-standard');
    const sell = await placeOrder(env(), supplier, {
      market_id: market.marketId,
      side: 'sell',
      price: '0.9000',
      quantity: 10,
    });
    expect(sell.status, sell.text).to.equal(201);
    await env().trading.delete('/v1/orders', { sign: supplier.signingKey });
    expect(await auditLedger(services().db)).to.deep.equal([]);
  });

  it("transfers as the SDK's transferFromIssuance sends it, naming the trading account", async () => {
    const reply = await transfer(supplier, {
      instrument_id: textStandard,
      quantity: 50,
      trading_account_id: issued.trading_account_id,
    });
    expect(reply.status, reply.text).to.equal(201);
    expect(reply.body.data.trading_account_id).to.equal(issued.trading_account_id);
    expect(await tradingBalance(issued.trading_account_id)).to.equal('350');
  });

  it('summarises per instrument as `supply summary` reads it', async () => {
    await issue(supplier, { instrument_id: textPrime, quantity: 7 });
    const reply = await env().trading.get('/v1/supply-issuances/summary', { sign: supplier.signingKey });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.deep.equal([
      {
        instrument_id: textPrime,
        instrument_symbol: 'TEXT-PRIME',
        instrument_name: reply.body.data[0].instrument_name,
        total_issued: 7,
        units_available: 7,
        units_transferred_to_trading: 0,
        issuance_count: 1,
        last_issued_at: reply.body.data[0].last_issued_at,
      },
      {
        instrument_id: textStandard,
        instrument_symbol: 'TEXT-STANDARD',
        instrument_name: reply.body.data[1].instrument_name,
        total_issued: 500,
        units_available: 150,
        units_transferred_to_trading: 350,
        issuance_count: 1,
        last_issued_at: issued.created_at,
      },
    ]);
    expect(reply.body.data[0].instrument_name).to.be.a('string').and.not.equal('');
    expect(
      (await env().trading.get('/v1/supply-issuances/summary', { sign: trader.signingKey })).body.data,
    ).to.deep.equal([]);
  });

  // Each row: one thing wrong with the transfer, and the answer. Nothing moves.
  const refusals: {
    name: string;
    user: () => TestUser;
    body: () => unknown;
    status: number;
    code: string;
    context?: Record<string, unknown>;
  }[] = [
    {
      name: 'more than the issuance account holds',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 151 }),
      status: 422,
      code: 'insufficient_issuance_balance',
      context: { quantity: 151, available: 150 },
    },
    {
      name: 'an instrument never issued',
      user: () => trader,
      body: () => ({ instrument_id: textStandard, quantity: 1 }),
      status: 422,
      code: 'insufficient_issuance_balance',
      context: { quantity: 1, available: 0 },
    },
    {
      name: 'an unknown instrument',
      user: () => supplier,
      body: () => ({ instrument_id: 'instrument-00000000-0000-0000-0000-000000000000', quantity: 1 }),
      status: 404,
      code: 'not_found',
    },
    {
      name: 'quantity 0',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 0 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a negative quantity',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: -5 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a fractional quantity',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 1.5 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a quantity past the ledger',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 2 ** 31 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'no quantity',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: "a trading account that is not the supplier's of the instrument",
      user: () => supplier,
      body: () => ({
        instrument_id: textStandard,
        quantity: 1,
        trading_account_id: 'trading_account_0000000000000000',
      }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'the `--trading-account` flag without a value (true)',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 1, trading_account_id: true }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'an unknown field',
      user: () => supplier,
      body: () => ({ instrument_id: textStandard, quantity: 1, destination: 'trading' }),
      status: 422,
      code: 'validation_error',
    },
  ];
  for (const r of refusals) {
    it(`refuses ${r.name} (${r.status} ${r.code}) and moves nothing`, async () => {
      const [before, transfersBefore] = [await accounts(supplier), await transferCount()];
      const reply = await transfer(r.user(), r.body());
      expect(reply.status, reply.text).to.equal(r.status);
      expect(reply.body.errors.code).to.equal(r.code);
      if (r.context) expect(reply.body.errors.context).to.deep.equal(r.context);
      expect(await accounts(supplier)).to.deep.equal(before);
      expect(await transferCount()).to.equal(transfersBefore);
    });
  }

  it('says how to fix an insufficient balance', async () => {
    const reply = await transfer(supplier, { instrument_id: textStandard, quantity: 152 });
    expect(reply.body.errors.detail).to.equal(
      'The issuance account holds 150 Units of TEXT-STANDARD; 152 were asked for. Issue more with POST /v1/supply-issuances, or transfer at most 150.',
    );
  });

  it('answers a retry with the same client_transfer_id with the first transfer, once; another transfer under it is 409', async () => {
    const body = { instrument_id: textStandard, quantity: 20, client_transfer_id: 'restock-1' };
    const first = await transfer(supplier, body);
    expect(first.status, first.text).to.equal(201);
    expect(first.body.data.client_transfer_id).to.equal('restock-1');
    // Signed at another second: a retry, not a replay of the same signed bytes.
    const retry = await transfer(supplier, body, Math.floor(Date.now() / 1000) - 2);
    expect(retry.status, retry.text).to.equal(200);
    expect(retry.body.data).to.deep.equal(first.body.data);
    expect((await accounts(supplier)).find((a) => a.instrument_id === textStandard)).to.deep.include({
      available_balance: 130,
      total_transferred: 370,
    });
    const other = await transfer(supplier, { ...body, quantity: 21 });
    expect(other.status, other.text).to.equal(409);
    expect(other.body.errors.code).to.equal('idempotency_key_reused');
    expect(other.body.errors.context).to.deep.equal({
      transfer_id: first.body.data.transfer_id,
      instrument_id: textStandard,
      quantity: 20,
    });
    // The same client id is the supplier's own: another user may use it.
    const elsewhere = await transfer(trader, body);
    expect(elsewhere.body.errors.code).to.equal('insufficient_issuance_balance');
  });

  it('takes an OAuth access token as grid-cli sends it after login: supply:read lists, supply:write transfers', async () => {
    const { accessToken: reader } = await grantTokens(services(), supplier.userId, ['supply:read']);
    const { accessToken: writer } = await grantTokens(services(), supplier.userId, ['supply:read', 'supply:write']);
    const listed = await env().trading.get('/v1/issuance-accounts', { bearer: reader });
    expect(listed.status, listed.text).to.equal(200);
    expect(listed.body.data).to.deep.equal(await accounts(supplier));
    const summary = await env().trading.get('/v1/supply-issuances/summary', { bearer: reader });
    expect(summary.status, summary.text).to.equal(200);
    const refused = await env().trading.post('/v1/issuance-accounts/transfer', {
      bearer: reader,
      body: { instrument_id: textStandard, quantity: 1 },
    });
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.errors.code).to.equal('insufficient_scope');
    const moved = await env().trading.post('/v1/issuance-accounts/transfer', {
      bearer: writer,
      body: { instrument_id: textStandard, quantity: 1 },
    });
    expect(moved.status, moved.text).to.equal(201);
    const { accessToken: trading } = await grantTokens(services(), supplier.userId, ['trade:read']);
    expect((await env().trading.get('/v1/issuance-accounts', { bearer: trading })).status).to.equal(403);
  });

  it("shows the Units waiting in issuance accounts on the dashboard's balances page, to suppliers only", async () => {
    const balancesPage = async (user: TestUser) => {
      const loggedIn = await sendPage(env().platform.baseUrl, 'POST', '/login', {
        form: { email: user.email, password: 'correct horse battery staple' },
      });
      const cookie = cookieNamed(loggedIn, 'mkt_session')!.split(';')[0]!;
      const page = await sendPage(env().platform.baseUrl, 'GET', '/balances', { cookie });
      expect(page.status).to.equal(200);
      return page.text;
    };
    const waiting = (await accounts(supplier)).map((a) => [a.instrument_symbol, a.available_balance] as const);
    const page = await balancesPage(supplier);
    expect(page).to.contain('<h2>Issuance accounts</h2>');
    for (const [symbol, units] of waiting)
      expect(page).to.match(new RegExp(`<tr><td>${symbol}</td><td class="right mono">${units}</td></tr>`));
    expect(await balancesPage(trader)).not.to.contain('Issuance accounts');
  });

  it('keeps the audit clean: every issuance account is issued − transferred, and the journal', async () => {
    expect(await auditLedger(services().db)).to.deep.equal([]);
    // An issuance account whose balance leaves its records is caught.
    await services()
      .db('issuance_transfers')
      .where({ user_id: supplier.userId, client_transfer_id: 'restock-1' })
      .update({ quantity: 19 });
    const failures = await auditLedger(services().db);
    expect(failures.map((f) => [f.check, f.subject])).to.deep.equal([
      ['issuance_differs_from_records', issued.issuance_account_id],
    ]);
    await services()
      .db('issuance_transfers')
      .where({ user_id: supplier.userId, client_transfer_id: 'restock-1' })
      .update({ quantity: 20 });
  });
});

describeEachDatabase(
  'trading: issuance accounts (MKT_SUPPLY_ISSUANCE=direct)',
  (env) => {
    const services = () => env().service.services;
    let supplier: TestUser;

    before(async () => {
      supplier = await createTestUser(services());
      await makeSupplier(services(), supplier.userId, [textStandard]);
    });

    it('issues straight into trading, recorded as issued and transferred: the issuance account shows both totals and holds nothing', async () => {
      const reply = await env().trading.post('/v1/supply-issuances', {
        sign: supplier.signingKey,
        body: { instrument_id: textStandard, quantity: 40 },
      });
      expect(reply.status, reply.text).to.equal(201);
      const issued = reply.body.data;
      expect(
        (await env().trading.get(`/v1/trading-accounts/${issued.trading_account_id}`, { sign: supplier.signingKey }))
          .body.data.total_balance,
      ).to.equal('40');
      const [account] = (await env().trading.get('/v1/issuance-accounts', { sign: supplier.signingKey })).body.data;
      expect(account).to.deep.include({
        issuance_account_id: issued.issuance_account_id,
        available_balance: 0,
        total_issued: 40,
        total_transferred: 40,
        total_deposits: 1,
        total_transfers: 1,
      });
      const summary = (await env().trading.get('/v1/supply-issuances/summary', { sign: supplier.signingKey })).body
        .data;
      expect(summary).to.have.length(1);
      expect(summary[0]).to.deep.include({ total_issued: 40, units_available: 0, units_transferred_to_trading: 40 });
      const transfer = await env().trading.post('/v1/issuance-accounts/transfer', {
        sign: supplier.signingKey,
        body: { instrument_id: textStandard, quantity: 1 },
      });
      expect(transfer.status, transfer.text).to.equal(422);
      expect(transfer.body.errors).to.deep.include({
        code: 'insufficient_issuance_balance',
        context: { quantity: 1, available: 0 },
      });
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });
  },
  { env: { MKT_SUPPLY_ISSUANCE: 'direct' } },
);
