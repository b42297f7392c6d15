import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { disableSupplier } from '../../src/trading/supply/supply.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { journalOf, makeSupplier, sumsByAsset } from '../support/trading-fixtures.js';

const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const textStandard = seedOf('text-standard').instrumentId;
const textPrime = seedOf('text-prime').instrumentId;
const codeMax = seedOf('code-max').instrumentId;

/** MKT_SUPPLY_ISSUANCE=direct: issued Units reach the trading account at once (issuance-accounts.test.ts has the default, `account`). */
describeEachDatabase(
  'trading: supply issuance (direct)',
  (env) => {
    const services = () => env().service.services;
    let supplier: TestUser;
    let trader: TestUser;
    let retired: TestUser;
    const issue = (user: TestUser, body: unknown) =>
      env().trading.post('/v1/supply-issuances', { sign: user.signingKey, body });
    const isSupplier = async (user: TestUser) =>
      (await env().trading.get('/v1/me', { sign: user.signingKey })).body.data.is_supplier as boolean;

    before(async () => {
      supplier = await createTestUser(services(), { mode: 'auto' }); // issuance is allowed in Auto Mode too
      trader = await createTestUser(services());
      retired = await createTestUser(services());
      await makeSupplier(services(), supplier.userId, ['text-standard', textPrime]); // a model name and an id
      await makeSupplier(services(), retired.userId, [textStandard]);
      await disableSupplier(services(), retired.userId);
    });

    it('says in GET /v1/me who is an enabled supplier', async () => {
      expect(await isSupplier(supplier)).to.equal(true);
      expect(await isSupplier(trader)).to.equal(false);
      expect(await isSupplier(retired)).to.equal(false);
    });

    it("issues Units into the supplier's trading account: 201, one balanced entry from system:issuance", async () => {
      const reply = await issue(supplier, { instrument_id: textStandard, quantity: 500 });
      expect(reply.status, reply.text).to.equal(201);
      const issuance = reply.body.data;
      expect(issuance.issuance_id).to.match(/^supply_issuance_[0-9a-f-]{36}$/);
      expect(issuance).to.deep.include({ instrument_id: textStandard, quantity: 500 });

      const account = (
        await env().trading.get(`/v1/trading-accounts/${issuance.trading_account_id}`, { sign: supplier.signingKey })
      ).body.data;
      expect(account).to.deep.include({
        instrument_id: textStandard,
        total_balance: '500',
        available_balance: '500',
        locked_balance: '0',
      });
      expect(account.last_deposit_at).to.equal(issuance.created_at);

      const entries = await journalOf(services(), issuance.issuance_id);
      expect(entries.map((e) => e.kind)).to.deep.equal(['issuance']);
      expect(sumsByAsset(entries[0]!)).to.deep.equal({ [unitsOf(textStandard)]: 0 });
      expect(entries[0]!.postings).to.have.deep.members([
        {
          account_id: `system:issuance:${unitsOf(textStandard)}`,
          bucket: 'available',
          asset: unitsOf(textStandard),
          amount: -500,
        },
        { account_id: issuance.trading_account_id, bucket: 'available', asset: unitsOf(textStandard), amount: 500 },
      ]);

      const again = (await issue(supplier, { instrument_id: textStandard, quantity: 20 })).body.data;
      expect(again.trading_account_id).to.equal(issuance.trading_account_id);
      expect(
        (await env().trading.get(`/v1/trading-accounts/${issuance.trading_account_id}`, { sign: supplier.signingKey }))
          .body.data.total_balance,
      ).to.equal('520');
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });

    // Each row: who asks, for what, and the refusal.
    const refusals: { name: string; user: () => TestUser; body: unknown; status: number; code: string }[] = [
      {
        name: 'a user who is not a supplier',
        user: () => trader,
        body: { instrument_id: textStandard, quantity: 1 },
        status: 403,
        code: 'supplier_not_qualified',
      },
      {
        name: 'a disabled supplier',
        user: () => retired,
        body: { instrument_id: textStandard, quantity: 1 },
        status: 403,
        code: 'supplier_not_qualified',
      },
      {
        name: 'an instrument the supplier does not qualify for',
        user: () => supplier,
        body: { instrument_id: codeMax, quantity: 1 },
        status: 403,
        code: 'supplier_not_qualified',
      },
      {
        name: 'an unknown instrument',
        user: () => supplier,
        body: { instrument_id: 'instrument-00000000-0000-0000-0000-000000000000', quantity: 1 },
        status: 404,
        code: 'not_found',
      },
      // A symbol or model name is accepted in place of the id (issue 21); one that names nothing is not.
      {
        name: 'a symbol that names no instrument',
        user: () => supplier,
        body: { instrument_id: 'text-nosuch', quantity: 1 },
        status: 422,
        code: 'validation_error',
      },
      {
        name: 'quantity 0',
        user: () => supplier,
        body: { instrument_id: textStandard, quantity: 0 },
        status: 422,
        code: 'validation_error',
      },
      {
        name: 'a quantity that does not fit the ledger',
        user: () => supplier,
        body: { instrument_id: textStandard, quantity: 2 ** 31 },
        status: 422,
        code: 'validation_error',
      },
    ];
    for (const r of refusals) {
      it(`refuses ${r.name} (${r.status} ${r.code}) and issues nothing`, async () => {
        const before = await services().db('supply_issuances').count({ n: '*' }).first();
        const reply = await issue(r.user(), r.body);
        expect(reply.status, reply.text).to.equal(r.status);
        expect(reply.body.errors.code).to.equal(r.code);
        expect(await services().db('supply_issuances').count({ n: '*' }).first()).to.deep.equal(before);
      });
    }

    it('names the instrument in the refusal', async () => {
      const reply = await issue(supplier, { instrument_id: codeMax, quantity: 1 });
      expect(reply.body.errors.detail).to.equal('This account is not a supplier qualified for CODE-MAX.');
    });

    it("lists the supplier's issuances newest first, filtered by instrument, paged; nobody else's", async () => {
      await issue(supplier, { instrument_id: textPrime, quantity: 7 });
      const all = (await env().trading.get('/v1/supply-issuances', { sign: supplier.signingKey })).body.data as {
        issuance_id: string;
        quantity: number;
        instrument_id: string;
      }[];
      expect(all.map((i) => i.quantity)).to.deep.equal([7, 20, 500]);
      const prime = (
        await env().trading.get('/v1/supply-issuances', {
          sign: supplier.signingKey,
          query: { instrument_id: textPrime },
        })
      ).body.data;
      expect(prime.map((i: { quantity: number }) => i.quantity)).to.deep.equal([7]);
      const first = await env().trading.get('/v1/supply-issuances', { sign: supplier.signingKey, query: { limit: 2 } });
      const second = await env().trading.get('/v1/supply-issuances', {
        sign: supplier.signingKey,
        query: { limit: 2, next: first.body.paging.next_cursor },
      });
      expect(
        [...first.body.data, ...second.body.data].map((i: { issuance_id: string }) => i.issuance_id),
      ).to.deep.equal(all.map((i) => i.issuance_id));
      expect(second.body.paging.has_more).to.equal(false);
      expect((await env().trading.get('/v1/supply-issuances', { sign: trader.signingKey })).body.data).to.deep.equal(
        [],
      );
    });

    it('re-registering replaces the instruments and re-enables; disabling stops issuance at once', async () => {
      await makeSupplier(services(), retired.userId, ['code-max']);
      expect(await isSupplier(retired)).to.equal(true);
      expect((await issue(retired, { instrument_id: codeMax, quantity: 1 })).status).to.equal(201);
      expect((await issue(retired, { instrument_id: textStandard, quantity: 1 })).status).to.equal(403);
      await disableSupplier(services(), retired.userId);
      expect((await issue(retired, { instrument_id: codeMax, quantity: 1 })).status).to.equal(403);
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });
  },
  { env: { MKT_SUPPLY_ISSUANCE: 'direct' } },
);
