import { expect } from 'chai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { tokensOf, unitsOf } from '../../src/ledger/assets.js';
import { auditLedger } from '../../src/ledger/audit.js';
import {
  consumeTokens,
  expireLots,
  lotLifetimeUs,
  transferToConsumption,
  type ConsumptionLotRow,
} from '../../src/ledger/consumption.js';
import { LedgerShortfall, move, post, type LedgerAccountRow } from '../../src/ledger/journal.js';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { issueUnits, journalOf, sumsByAsset } from '../support/trading-fixtures.js';
import { recordRequestInFlight, settleRequestInFlight } from '../support/requests-in-flight.js';

const textStandard = instrumentSeeds.find((s) => s.modelName === 'text-standard')!.instrumentId;
const codeMax = instrumentSeeds.find((s) => s.modelName === 'code-max')!.instrumentId;
const tokensPerUnit = 1_000_000;
const hourUs = 3_600_000_000;

describeEachDatabase('ledger: transfers to consumption, lots, expiry', (env) => {
  const services = () => env().service.services;
  const db = () => services().db;
  const account = async (userId: string, kind: string, asset: string) =>
    (await db()('ledger_accounts').where({ user_id: userId, kind, asset }).first()) as LedgerAccountRow | undefined;
  const lotsOf = async (accountId: string) =>
    (await db()('consumption_lots').where({ account_id: accountId }).orderBy('id')) as ConsumptionLotRow[];
  const transfer = (
    userId: string,
    instrumentId: string,
    quantity: number,
    nowUs: number,
    orderId: string | null = null,
  ) => db().transaction((trx) => transferToConsumption(trx, { userId, instrumentId, quantity, orderId, nowUs }));
  const consume = (accountId: string, tokens: number, nowUs: number, from: 'available' | 'locked' = 'available') =>
    db().transaction((trx) => consumeTokens(trx, accountId, tokens, nowUs, from));
  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of ['journal_entries', 'journal_postings', 'transfers', 'consumption_lots', 'ledger_accounts']) {
      result[table] = Number(((await db()(table).count({ n: '*' }).first()) as { n: number | string }).n);
    }
    return result;
  };
  /** A user holding `units` Units of text-standard in its trading account. */
  const holder = async (units: number) => {
    const user = await createTestUser(services());
    if (units > 0) await issueUnits(services(), user.userId, textStandard, units);
    return user.userId;
  };

  it('moves Units out of trading and tokens into a new lot, in one balanced entry of kind transfer', async () => {
    const userId = await holder(10);
    const t0 = services().clock.nowUs();
    const row = await transfer(userId, textStandard, 4, t0, 'order_ABCDEFGHIJKLMNOP');
    expect(row.id).to.match(/^transfer_[0-9a-f-]{36}$/);
    expect(row).to.deep.include({
      user_id: userId,
      instrument_id: textStandard,
      quantity: 4,
      order_id: 'order_ABCDEFGHIJKLMNOP',
      created_at_us: t0,
    });

    const trading = (await account(userId, 'trading', unitsOf(textStandard)))!;
    const consumption = (await account(userId, 'consumption', tokensOf(textStandard)))!;
    expect(row.from_account_id).to.equal(trading.id);
    expect(row.to_account_id).to.equal(consumption.id);
    expect(consumption.id).to.match(/^consumption_account_[0-9a-f]+$/);
    expect(trading).to.deep.include({ available: 6, locked: 0, last_withdrawal_at_us: t0 });
    expect(consumption).to.deep.include({
      available: 4 * tokensPerUnit,
      locked: 0,
      total_transfers_in: 4,
      last_transfer_at_us: t0,
      instrument_id: textStandard,
    });

    const [entry, ...more] = await journalOf(services(), row.id);
    expect(more).to.deep.equal([]);
    expect(entry!.kind).to.equal('transfer');
    expect(sumsByAsset(entry!)).to.deep.equal({ [unitsOf(textStandard)]: 0, [tokensOf(textStandard)]: 0 });
    expect(entry!.postings).to.have.deep.members([
      { account_id: trading.id, bucket: 'available', asset: unitsOf(textStandard), amount: -4 },
      {
        account_id: `system:conversion:${unitsOf(textStandard)}`,
        bucket: 'available',
        asset: unitsOf(textStandard),
        amount: 4,
      },
      {
        account_id: `system:conversion:${tokensOf(textStandard)}`,
        bucket: 'available',
        asset: tokensOf(textStandard),
        amount: -4 * tokensPerUnit,
      },
      { account_id: consumption.id, bucket: 'available', asset: tokensOf(textStandard), amount: 4 * tokensPerUnit },
    ]);

    const [lot] = await lotsOf(consumption.id);
    expect(lot).to.deep.include({
      tokens_total: 4 * tokensPerUnit,
      tokens_remaining: 4 * tokensPerUnit,
      source: row.id,
      arrived_at_us: t0,
      expires_at_us: t0 + 4 * hourUs,
    });
    expect(await auditLedger(db())).to.deep.equal([]);
  });

  // Each row: Units held, Units asked for; every one falls short.
  const shortfalls: { name: string; held: number; quantity: number; instrumentId: string }[] = [
    { name: 'one more than held', held: 3, quantity: 4, instrumentId: textStandard },
    { name: 'far more than held', held: 3, quantity: 1_000_000, instrumentId: textStandard },
    { name: 'no trading account at all', held: 0, quantity: 1, instrumentId: textStandard },
    { name: 'Units of another instrument', held: 3, quantity: 1, instrumentId: codeMax },
  ];
  for (const c of shortfalls) {
    it(`throws LedgerShortfall and leaves nothing behind: ${c.name}`, async () => {
      const userId = await holder(c.held);
      const before = await counts();
      let thrown: unknown;
      await transfer(userId, c.instrumentId, c.quantity, services().clock.nowUs()).catch(
        (error: unknown) => (thrown = error),
      );
      expect(thrown).to.be.instanceOf(LedgerShortfall);
      expect(await counts()).to.deep.equal(before);
      expect((await account(userId, 'trading', unitsOf(textStandard)))?.available ?? 0).to.equal(c.held);
      expect(await account(userId, 'consumption', tokensOf(c.instrumentId))).to.equal(undefined);
      expect(await auditLedger(db())).to.deep.equal([]);
    });
  }

  // A lot that arrived at t0 lives until t0 + 4 h exactly.
  const expiryTimes: { name: string; afterUs: number; expired: boolean }[] = [
    { name: 'one microsecond before 4 h', afterUs: lotLifetimeUs - 1, expired: false },
    { name: 'at 4 h', afterUs: lotLifetimeUs, expired: true },
    { name: 'a day later', afterUs: 24 * hourUs, expired: true },
  ];
  for (const c of expiryTimes) {
    it(`expires a lot 4 hours after arrival, through the journal: ${c.name}`, async () => {
      const userId = await holder(2);
      const t0 = services().clock.nowUs();
      const row = await transfer(userId, textStandard, 2, t0);
      const written = await expireLots(db(), t0 + c.afterUs, { userId });
      const consumption = (await account(userId, 'consumption', tokensOf(textStandard)))!;
      expect(written).to.equal(c.expired ? 2 * tokensPerUnit : 0);
      expect(consumption.available).to.equal(c.expired ? 0 : 2 * tokensPerUnit);
      expect((await lotsOf(consumption.id))[0]!.tokens_remaining).to.equal(c.expired ? 0 : 2 * tokensPerUnit);
      const entries = await journalOf(services(), consumption.id);
      expect(entries.map((e) => e.kind)).to.deep.equal(c.expired ? ['expiry'] : []);
      if (c.expired) {
        expect(sumsByAsset(entries[0]!)).to.deep.equal({ [tokensOf(textStandard)]: 0 });
        expect(entries[0]!.postings).to.deep.include({
          account_id: `system:expired:${tokensOf(textStandard)}`,
          bucket: 'available',
          asset: tokensOf(textStandard),
          amount: 2 * tokensPerUnit,
        });
        expect(consumption.last_withdrawal_at_us).to.equal(t0 + c.afterUs);
      }
      // Expiring again at the same time writes off nothing more.
      expect(await expireLots(db(), t0 + c.afterUs, { userId })).to.equal(0);
      expect(row.quantity).to.equal(2);
      expect(await auditLedger(db())).to.deep.equal([]);
    });
  }

  it('consumes oldest lot first, and never from an expired one', async () => {
    const userId = await holder(5);
    const t0 = services().clock.nowUs();
    await transfer(userId, textStandard, 2, t0); // lot A: expires t0 + 4 h
    await transfer(userId, textStandard, 3, t0 + hourUs); // lot B: expires t0 + 5 h
    const consumption = (await account(userId, 'consumption', tokensOf(textStandard)))!;
    const [lotA, lotB] = await lotsOf(consumption.id);

    const draws = await consume(consumption.id, 2_500_000, t0 + 2 * hourUs);
    expect(draws).to.deep.equal([
      { lotId: lotA!.id, tokens: 2_000_000, usdMicrosPerUnit: null },
      { lotId: lotB!.id, tokens: 500_000, usdMicrosPerUnit: null },
    ]);
    expect((await lotsOf(consumption.id)).map((l) => l.tokens_remaining)).to.deep.equal([0, 2_500_000]);

    // After lot B expires, nothing is left to consume; the shortfall leaves the lots as they were.
    let thrown: unknown;
    await consume(consumption.id, 1, t0 + 5 * hourUs).catch((error: unknown) => (thrown = error));
    expect(thrown).to.be.instanceOf(LedgerShortfall);
    expect((await lotsOf(consumption.id)).map((l) => l.tokens_remaining)).to.deep.equal([0, 2_500_000]);
    expect(await expireLots(db(), t0 + 5 * hourUs, { userId })).to.equal(2_500_000);
    expect((await lotsOf(consumption.id)).map((l) => l.tokens_remaining)).to.deep.equal([0, 0]);

    const kinds = (await journalOf(services(), consumption.id)).map((e) => e.kind);
    expect(kinds).to.deep.equal(['consumption', 'expiry']);
    const after = (await account(userId, 'consumption', tokensOf(textStandard)))!;
    expect(after).to.deep.include({ available: 0, locked: 0, total_withdrawals: 5_000_000 });
    expect(await auditLedger(db())).to.deep.equal([]);
  });

  it('keeps tokens committed to a request in flight past expiry, and settles them from that lot', async () => {
    const userId = await holder(1);
    const t0 = services().clock.nowUs();
    await transfer(userId, textStandard, 1, t0);
    const consumption = (await account(userId, 'consumption', tokensOf(textStandard)))!;
    const asset = tokensOf(textStandard);
    // An inference request commits 400,000 tokens (issue 5 does this on admission).
    await db().transaction((trx) =>
      post(
        trx,
        'commitment',
        consumption.id,
        move(
          asset,
          { accountId: consumption.id, bucket: 'available' },
          { accountId: consumption.id, bucket: 'locked' },
          400_000,
        ),
        t0 + 1,
      ),
    );
    const requestId = await recordRequestInFlight(db(), {
      userId,
      accountId: consumption.id,
      instrumentId: textStandard,
      tokens: 400_000,
      nowUs: t0 + 1,
    });
    expect(await expireLots(db(), t0 + lotLifetimeUs, { userId })).to.equal(600_000);
    const [lot] = await lotsOf(consumption.id);
    expect(lot!.tokens_remaining).to.equal(400_000);
    expect(await auditLedger(db())).to.deep.equal([]);

    // It used 300,000 tokens and releases the rest, which is expired by now.
    const draws = await consume(consumption.id, 300_000, t0 + lotLifetimeUs + 1, 'locked');
    expect(draws).to.deep.equal([{ lotId: lot!.id, tokens: 300_000, usdMicrosPerUnit: null }]);
    await db().transaction((trx) =>
      post(
        trx,
        'release',
        consumption.id,
        move(
          asset,
          { accountId: consumption.id, bucket: 'locked' },
          { accountId: consumption.id, bucket: 'available' },
          100_000,
        ),
        t0 + lotLifetimeUs + 2,
      ),
    );
    await settleRequestInFlight(db(), requestId, 300_000);
    expect(await expireLots(db(), t0 + lotLifetimeUs + 3, { userId })).to.equal(100_000);
    expect(await account(userId, 'consumption', asset)).to.deep.include({ available: 0, locked: 0 });
    expect((await lotsOf(consumption.id))[0]!.tokens_remaining).to.equal(0);
    expect(await auditLedger(db())).to.deep.equal([]);
  });

  it('expires lots inside a caller-given transaction too, and only within the scope asked for', async () => {
    const first = await holder(1);
    const second = await holder(1);
    const t0 = services().clock.nowUs();
    await transfer(first, textStandard, 1, t0);
    await transfer(second, textStandard, 1, t0);
    const later = t0 + lotLifetimeUs;
    expect(await db().transaction((trx) => expireLots(trx, later, { userId: first }))).to.equal(tokensPerUnit);
    expect((await account(second, 'consumption', tokensOf(textStandard)))!.available).to.equal(tokensPerUnit);
    const secondAccount = (await account(second, 'consumption', tokensOf(textStandard)))!;
    expect(await expireLots(db(), later, { accountId: secondAccount.id })).to.equal(tokensPerUnit);
    expect(await auditLedger(db())).to.deep.equal([]);
  });
});
