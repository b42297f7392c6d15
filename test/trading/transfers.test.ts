import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { tokensOf, unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { move, post, type LedgerAccountRow } from '../../src/ledger/journal.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { issueUnits, journalOf, sumsByAsset } from '../support/trading-fixtures.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;
const textPrime = instrumentSeeds.find((s) => s.modelName === 'text-prime')!.instrumentId;
const path = '/v1/transfers/trading-to-consumption';

describeEachDatabase('trading: transfers from trading to consumption', (env) => {
  const services = () => env().service.services;
  let holder: TestUser;
  let stranger: TestUser;
  const create = (user: TestUser, body: unknown) => env().trading.post(path, { sign: user.signingKey, body });
  const unitsAccount = async (userId: string, instrumentId: string) =>
    (await services()
      .db('ledger_accounts')
      .where({ user_id: userId, kind: 'trading', asset: unitsOf(instrumentId) })
      .first()) as LedgerAccountRow;

  before(async () => {
    holder = await createTestUser(services(), { mode: 'auto' }); // transfers are allowed in Auto Mode too
    stranger = await createTestUser(services());
    await issueUnits(services(), holder.userId, textStandard, 10);
    await issueUnits(services(), holder.userId, textPrime, 3);
  });

  it('answers 201 with the completed transfer, and the journal holds one balanced entry for it', async () => {
    const reply = await create(holder, { instrument_id: textStandard, quantity: 4 });
    expect(reply.status).to.equal(201);
    const transfer = reply.body.data;
    expect(transfer.transfer_id).to.match(/^transfer_[0-9a-f-]{36}$/);
    expect(transfer).to.deep.include({ instrument_id: textStandard, quantity: 4, status: 'completed', order_id: null });
    expect(transfer.from_account_id).to.equal((await unitsAccount(holder.userId, textStandard)).id);
    expect(transfer.to_account_id).to.match(/^consumption_account_[0-9a-f]+$/);
    expect((await unitsAccount(holder.userId, textStandard)).available).to.equal(6);

    const entries = await journalOf(services(), transfer.transfer_id);
    expect(entries.map((e) => e.kind)).to.deep.equal(['transfer']);
    expect(sumsByAsset(entries[0]!)).to.deep.equal({ [unitsOf(textStandard)]: 0, [tokensOf(textStandard)]: 0 });
    expect(await auditLedger(services().db)).to.deep.equal([]);

    const trading = (
      await env().trading.get(`/v1/trading-accounts/${transfer.from_account_id}`, { sign: holder.signingKey })
    ).body.data;
    expect(trading).to.deep.include({ total_balance: '6', available_balance: '6' });
    expect(trading.last_withdrawal_at).to.be.a('string');
  });

  it('adds a second transfer to the same consumption account', async () => {
    const first = (await create(holder, { instrument_id: textStandard, quantity: 1 })).body.data;
    const second = (await create(holder, { instrument_id: textStandard, quantity: 2 })).body.data;
    expect(second.to_account_id).to.equal(first.to_account_id);
    const account = (
      await env().trading.get(`/v1/consumption-accounts/${first.to_account_id}`, { sign: holder.signingKey })
    ).body.data;
    expect(account).to.deep.include({ total_balance: 7, total_transfers_in: 7, tokens_available: 7_000_000 });
  });

  // Each row: a body that must be refused, and how.
  const refusals: {
    name: string;
    body: () => unknown;
    status: number;
    code: string;
    context?: Record<string, unknown>;
  }[] = [
    {
      name: 'more Units than available',
      body: () => ({ instrument_id: textStandard, quantity: 4 }),
      status: 422,
      code: 'insufficient_available_balance',
      context: { quantity: 4, available: '3' },
    },
    {
      name: 'Units of an instrument not held',
      body: () => ({
        instrument_id: instrumentSeeds.find((s) => s.modelName === 'code-max')!.instrumentId,
        quantity: 1,
      }),
      status: 422,
      code: 'insufficient_available_balance',
      context: { quantity: 1, available: '0' },
    },
    {
      name: 'an unknown instrument',
      body: () => ({ instrument_id: 'instrument-00000000-0000-0000-0000-000000000000', quantity: 1 }),
      status: 404,
      code: 'not_found',
    },
    // A symbol is accepted in place of the id (issue 21, test/http/instrument-symbols.test.ts); one that names nothing is not.
    {
      name: 'a symbol that names no instrument',
      body: () => ({ instrument_id: 'TEXT-NOSUCH', quantity: 1 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'quantity 0',
      body: () => ({ instrument_id: textStandard, quantity: 0 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a fractional quantity',
      body: () => ({ instrument_id: textStandard, quantity: 1.5 }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a quantity as a string',
      body: () => ({ instrument_id: textStandard, quantity: '1' }),
      status: 422,
      code: 'validation_error',
    },
    {
      name: 'a quantity beyond any balance',
      body: () => ({ instrument_id: textStandard, quantity: 2 ** 31 }),
      status: 422,
      code: 'validation_error',
    },
    { name: 'no instrument', body: () => ({ quantity: 1 }), status: 422, code: 'validation_error' },
    {
      name: 'an unknown field',
      body: () => ({ instrument_id: textStandard, quantity: 1, to: 'trading' }),
      status: 422,
      code: 'validation_error',
    },
  ];
  for (const r of refusals) {
    it(`refuses ${r.name} (${r.status} ${r.code}) and moves nothing`, async () => {
      const before = await unitsAccount(holder.userId, textStandard);
      const transfersBefore = (await env().trading.get('/v1/transfers', { sign: holder.signingKey })).body.data.length;
      const reply = await create(holder, r.body());
      expect(reply.status, reply.text).to.equal(r.status);
      expect(reply.body.errors.code).to.equal(r.code);
      if (r.context) expect(reply.body.errors.context).to.deep.equal(r.context);
      expect((await unitsAccount(holder.userId, textStandard)).available).to.equal(before.available);
      expect((await env().trading.get('/v1/transfers', { sign: holder.signingKey })).body.data).to.have.length(
        transfersBefore,
      );
    });
  }

  it('refuses Units locked by an open sell order: only available Units move', async () => {
    const account = await unitsAccount(holder.userId, textPrime);
    await services().db.transaction((trx) =>
      post(
        trx,
        'test_reserve',
        account.id,
        move(
          unitsOf(textPrime),
          { accountId: account.id, bucket: 'available' },
          { accountId: account.id, bucket: 'locked' },
          2,
        ),
        1,
      ),
    );
    try {
      const refused = await create(holder, { instrument_id: textPrime, quantity: 2 });
      expect(refused.status).to.equal(422);
      expect(refused.body.errors).to.deep.include({
        code: 'insufficient_available_balance',
        context: { quantity: 2, available: '1' },
      });
      expect((await create(holder, { instrument_id: textPrime, quantity: 1 })).status).to.equal(201);
    } finally {
      await services().db.transaction((trx) =>
        post(
          trx,
          'test_release',
          account.id,
          move(
            unitsOf(textPrime),
            { accountId: account.id, bucket: 'locked' },
            { accountId: account.id, bucket: 'available' },
            2,
          ),
          1,
        ),
      );
    }
  });

  it("lists the caller's transfers newest first, filters by instrument, and pages", async () => {
    const all = (await env().trading.get('/v1/transfers', { sign: holder.signingKey })).body.data as {
      transfer_id: string;
      created_at: string;
      instrument_id: string;
    }[];
    expect(all.map((t) => t.created_at)).to.deep.equal(
      all
        .map((t) => t.created_at)
        .sort()
        .reverse(),
    );
    expect(all.length).to.equal(4);
    const prime = (
      await env().trading.get('/v1/transfers', { sign: holder.signingKey, query: { instrument_id: textPrime } })
    ).body.data;
    expect(prime.map((t: { instrument_id: string }) => t.instrument_id)).to.deep.equal([textPrime]);
    const seen: string[] = [];
    let reply = await env().trading.get('/v1/transfers', { sign: holder.signingKey, query: { limit: 3 } });
    seen.push(...reply.body.data.map((t: { transfer_id: string }) => t.transfer_id));
    expect(reply.body.paging.has_more).to.equal(true);
    reply = await env().trading.get('/v1/transfers', {
      sign: holder.signingKey,
      query: { limit: 3, next: reply.body.paging.next_cursor },
    });
    seen.push(...reply.body.data.map((t: { transfer_id: string }) => t.transfer_id));
    expect(seen).to.deep.equal(all.map((t) => t.transfer_id));
    expect((await env().trading.get('/v1/transfers', { sign: stranger.signingKey })).body.data).to.deep.equal([]);
  });

  it('shows one transfer to its owner only', async () => {
    const [latest] = (await env().trading.get('/v1/transfers', { sign: holder.signingKey })).body.data;
    const own = await env().trading.get(`/v1/transfers/${latest.transfer_id}`, { sign: holder.signingKey });
    expect(own.status).to.equal(200);
    expect(own.body.data).to.deep.equal(latest);
    for (const [user, id] of [
      [stranger, latest.transfer_id],
      [holder, 'transfer_00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const reply = await env().trading.get(`/v1/transfers/${id}`, { sign: user.signingKey });
      expect(reply.status).to.equal(404);
      expect(reply.body.errors.code).to.equal('not_found');
    }
  });

  it('keeps the ledger clean after all of it', async () => {
    expect(await auditLedger(services().db)).to.deep.equal([]);
  });
});
