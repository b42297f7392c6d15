import { expect } from 'chai';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

type Row = Record<string, any>;

/**
 * The fields grid-cli's TransferHistorySchema (src/sdk/validators/transfer-history.ts) requires,
 * with the type it checks; `nullable` ones may also be null.
 */
const cliRequired: [string, 'string' | 'number', 'nullable'?][] = [
  ['id', 'string'],
  ['transfer_id', 'string'],
  ['account_id', 'string'],
  ['instrument_id', 'string'],
  ['instrument_name', 'string', 'nullable'],
  ['market_id', 'string', 'nullable'],
  ['quantity', 'number'],
  ['sender_account_id', 'string', 'nullable'],
  ['transferred_at', 'string'],
  ['inserted_at', 'string'],
  ['updated_at', 'string'],
];

function expectCliShape(row: Row): void {
  for (const [field, type, nullable] of cliRequired) {
    if (nullable && row[field] === null) continue;
    expect(row[field], field).to.be.a(type);
  }
}

describeEachDatabase('trading: transfer history (GET /v1/transfer-histories)', (env) => {
  const services = () => env().service.services;
  let textStandard: MarketRef;
  let codeMax: MarketRef;
  let holder: TestUser;
  let stranger: TestUser;
  let seller: TestUser;
  const histories = (user: TestUser, query: Record<string, string | number> = {}) =>
    env().trading.get('/v1/transfer-histories', { sign: user.signingKey, query });
  const transfer = async (instrumentId: string, quantity: number) => {
    const reply = await env().trading.post('/v1/transfers/trading-to-consumption', {
      sign: holder.signingKey,
      body: { instrument_id: instrumentId, quantity },
    });
    expect(reply.status, reply.text).to.equal(201);
    return reply.body.data as Row;
  };

  before(async () => {
    [textStandard, codeMax] = [await marketOf(services(), 'text-standard'), await marketOf(services(), 'code-max')];
    [holder, stranger, seller] = [
      await createTestUser(services()),
      await createTestUser(services()),
      await createTestUser(services()),
    ];
    await giveUnits(services(), holder.userId, textStandard.instrumentId, 10);
    await giveUnits(services(), holder.userId, codeMax.instrumentId, 5);
    await transfer(textStandard.instrumentId, 3);
    await transfer(codeMax.instrumentId, 2);
    await transfer(textStandard.instrumentId, 1);
    // An automatic transfer after a buy fill carries its order.
    await giveUnits(services(), seller.userId, textStandard.instrumentId, 4);
    await giveUsd(services(), holder.userId, '10.00');
    await placed(env(), seller, { market_id: textStandard.marketId, side: 'sell', price: '0.5000', quantity: 2 });
    await placed(env(), holder, {
      market_id: textStandard.marketId,
      side: 'buy',
      price: '0.5000',
      quantity: 2,
      should_autotransfer: true,
    });
  });

  it("lists every transfer newest first, in the CLI's shape and as GET /v1/transfers has them", async () => {
    const reply = await histories(holder);
    expect(reply.status, reply.text).to.equal(200);
    const rows = reply.body.data as Row[];
    const transfers = (await env().trading.get('/v1/transfers', { sign: holder.signingKey })).body.data as Row[];
    expect(rows.map((r) => r.transfer_id)).to.deep.equal(transfers.map((t) => t.transfer_id));
    expect(rows).to.have.length(4);
    for (const [row, same] of rows.map((r, i) => [r, transfers[i]!] as const)) {
      expectCliShape(row);
      expect(row).to.include({
        id: same.transfer_id,
        kind: 'trading_to_consumption',
        sender_account_id: same.from_account_id,
        sender_account_type: 'trading',
        from_account_type: 'trading',
        account_id: same.to_account_id,
        account_type: 'consumption',
        to_account_type: 'consumption',
        instrument_id: same.instrument_id,
        quantity: same.quantity,
        status: 'completed',
        order_id: same.order_id,
        transferred_at: same.created_at,
        created_at: same.created_at,
      });
    }
    const [automatic] = rows;
    expect(automatic).to.include({
      instrument_symbol: 'TEXT-STANDARD',
      instrument_name: 'Text Standard',
      market_id: textStandard.marketId,
      quantity: 2,
    });
    expect(automatic!.order_id).to.match(/^order_/);
  });

  it('filters by instrument, market, receiving and sending account', async () => {
    const all = (await histories(holder)).body.data as Row[];
    const codeMaxRow = all.find((r) => r.instrument_id === codeMax.instrumentId)!;
    const rows: { query: Record<string, string>; expected: Row[] }[] = [
      { query: { instrument_id: codeMax.instrumentId }, expected: [codeMaxRow] },
      {
        query: { market_id: textStandard.marketId },
        expected: all.filter((r) => r.market_id === textStandard.marketId),
      },
      { query: { account_id: codeMaxRow.account_id }, expected: [codeMaxRow] },
      { query: { sender_account_id: codeMaxRow.sender_account_id }, expected: [codeMaxRow] },
      { query: { market_id: 'market_00000000-0000-0000-0000-000000000000' }, expected: [] },
    ];
    for (const row of rows) {
      const reply = await histories(holder, row.query);
      expect(reply.status, reply.text).to.equal(200);
      expect(reply.body.data, JSON.stringify(row.query)).to.deep.equal(row.expected);
    }
    expect(rows[1]!.expected).to.have.length(3);
  });

  it('pages newest first with next and prev', async () => {
    const all = (await histories(holder)).body.data as Row[];
    const first = await histories(holder, { limit: 3 });
    expect(first.body.paging.has_more).to.equal(true);
    const second = await histories(holder, { limit: 3, next: first.body.paging.next_cursor });
    expect([...first.body.data, ...second.body.data]).to.deep.equal(all);
    const back = await histories(holder, { limit: 3, prev: second.body.paging.prev_cursor });
    expect(back.body.data).to.deep.equal(first.body.data);
  });

  it("lists a supplier's moves out of its issuance account as issuance_to_trading, and counts them in its position from the move", async () => {
    const supplier = await createTestUser(services());
    await makeSupplier(services(), supplier.userId, [codeMax.instrumentId]);
    const issued = await env().trading.post('/v1/supply-issuances', {
      sign: supplier.signingKey,
      body: { instrument_id: codeMax.instrumentId, quantity: 9 },
    });
    expect(issued.status, issued.text).to.equal(201);
    const position = async () =>
      ((await env().trading.get('/v1/positions', { sign: supplier.signingKey })).body.data as Row[]).find(
        (p) => p.instrument_id === codeMax.instrumentId,
      );
    expect((await histories(supplier)).body.data).to.deep.equal([]);
    expect((await position())?.quantity ?? 0).to.equal(0);

    const moved = await env().trading.post('/v1/issuance-accounts/transfer', {
      sign: supplier.signingKey,
      body: { instrument_id: codeMax.instrumentId, quantity: 4 },
    });
    expect(moved.status, moved.text).to.equal(201);
    const [row, ...rest] = (await histories(supplier)).body.data as Row[];
    expect(rest).to.deep.equal([]);
    expectCliShape(row!);
    expect(row).to.include({
      transfer_id: moved.body.data.transfer_id,
      kind: 'issuance_to_trading',
      sender_account_id: issued.body.data.issuance_account_id,
      sender_account_type: 'issuance',
      account_id: issued.body.data.trading_account_id,
      account_type: 'trading',
      instrument_id: codeMax.instrumentId,
      quantity: 4,
      order_id: null,
    });
    expect(await position()).to.include({ quantity: 4, trading_quantity: 4, average_cost: '0.000000' });
  });

  it("shows nothing of another user's transfers", async () => {
    expect((await histories(stranger)).body.data).to.deep.equal([]);
  });

  it('takes an OAuth access token with trade:read', async () => {
    const { accessToken } = await grantTokens(services(), holder.userId, ['trade:read']);
    const reply = await env().trading.get('/v1/transfer-histories', {
      bearer: accessToken,
      query: { instrument_id: codeMax.instrumentId },
    });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.data).to.have.length(1);
  });

  // Each row: a query that must be refused with 422 naming the parameter.
  const refusals: { name: string; query: Record<string, string>; code: string; path: string }[] = [
    {
      name: 'a cursor of another list',
      query: { next: 'bm90IGEgY3Vyc29y' },
      code: 'invalid_cursor',
      path: 'query.next',
    },
    { name: 'an unknown parameter', query: { direction: 'in' }, code: 'validation_error', path: 'query.direction' },
    { name: 'limit 0', query: { limit: '0' }, code: 'validation_error', path: 'query.limit' },
  ];
  for (const r of refusals) {
    it(`refuses ${r.name} (422 ${r.code})`, async () => {
      const reply = await histories(holder, r.query);
      expect(reply.status, reply.text).to.equal(422);
      expect(reply.body.errors.code).to.equal(r.code);
      expect(reply.body.errors.detail).to.contain(r.path);
    });
  }
});
