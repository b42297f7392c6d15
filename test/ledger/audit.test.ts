import { expect } from 'chai';
import type { Knex } from 'knex';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { kindOf } from '../../src/db/knex.js';
import { tokensOf, unitsOf, usd } from '../../src/ledger/assets.js';
import { auditLedger, runAudit, type AuditCheck } from '../../src/ledger/audit.js';
import { move, post, type LedgerAccountRow } from '../../src/ledger/journal.js';
import { createTransfer } from '../../src/trading/accounts/transfers.js';
import { createTestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';

const seed = instrumentSeeds.find((s) => s.modelName === 'text-standard')!;
const units = unitsOf(seed.instrumentId);

interface World {
  userId: string;
  apiKeyId: string;
  usdAccount: string;
  unitsAccount: string;
  consumptionAccount: string;
}

/** A corruption made straight in the tables, the checks it must trip, and how to undo it. */
interface Corruption {
  name: string;
  corrupt(db: Knex, world: World): Promise<() => Promise<void>>;
  checks: AuditCheck[];
}

let orderCounter = 0;
const newOrderId = () => `order_AUDIT${String(++orderCounter).padStart(11, '0')}`;

async function insertOrder(
  db: Knex,
  world: World,
  side: 'buy' | 'sell',
  reserved: number,
  status = 'active',
): Promise<string> {
  const id = newOrderId();
  await db('orders').insert({
    id,
    user_id: world.userId,
    market_id: seed.marketId,
    instrument_id: seed.instrumentId,
    side,
    type: 'limit',
    time_in_force: 'gtc',
    price_ticks: 4200,
    quantity: 10,
    remaining_quantity: 10,
    status,
    reserved,
    submitted_at_us: 1,
    updated_at_us: 1,
  });
  return id;
}

/** Moves between a user's own buckets through the journal, as an order reservation does. */
async function lock(db: Knex, accountId: string, asset: string, amount: number): Promise<void> {
  await db.transaction((trx) =>
    post(
      trx,
      'test_reserve',
      accountId,
      move(asset, { accountId, bucket: 'available' }, { accountId, bucket: 'locked' }, amount),
      1,
    ),
  );
}

async function insertEntry(
  db: Knex,
  postings: { account_id: string; asset: string; amount: number; bucket?: string }[],
): Promise<() => Promise<void>> {
  const [row] = (await db('journal_entries')
    .insert({ kind: 'test_corruption', reference: null, created_at_us: 1 })
    .returning('id')) as ({ id: number } | number)[];
  const entryId = typeof row === 'object' ? row.id : row!;
  await db('journal_postings').insert(postings.map((p) => ({ entry_id: entryId, bucket: 'available', ...p })));
  return async () => {
    await db('journal_postings').where({ entry_id: entryId }).delete();
    await db('journal_entries').where({ id: entryId }).delete();
  };
}

let requestCounter = 0;

/**
 * A request in progress as admission leaves it (src/consumption/capacity/capacity.ts): `tokens` locked in
 * the consumption account through the journal and reserved from its first lot, and `budgetMicros`
 * of its key's budget reserved. `skip` leaves one of the three out. Returns how to settle it.
 */
async function admitRequest(
  db: Knex,
  world: World,
  tokens: number,
  budgetMicros: number,
  skip: 'lock' | 'lot' | 'budget' | null = null,
): Promise<() => Promise<void>> {
  const id = `req_AUDIT${String(++requestCounter).padStart(11, '0')}`;
  const lot = (await db('consumption_lots')
    .where({ account_id: world.consumptionAccount })
    .orderBy('id')
    .first('id')) as { id: number };
  const asset = tokensOf(seed.instrumentId);
  if (skip !== 'lock') await lock(db, world.consumptionAccount, asset, tokens);
  if (skip !== 'lot') await db('consumption_lots').where({ id: lot.id }).increment('tokens_reserved', tokens);
  if (skip !== 'budget')
    await db('api_key_spend').insert({
      api_key_id: world.apiKeyId,
      period_start_us: 0,
      spent_micros: 0,
      reserved_micros: budgetMicros,
    });
  await db('inference_requests').insert({
    id,
    user_id: world.userId,
    api_key_id: world.apiKeyId,
    model: seed.modelName,
    instrument_id: seed.instrumentId,
    endpoint: 'chat.completions',
    stream: false,
    status: 'in_progress',
    reserved_tokens: tokens,
    cost_tokens: tokens,
    cost_status: 'reserved',
    consumption_account_id: world.consumptionAccount,
    created_at_us: 1,
    reserved_lots: JSON.stringify([[Number(lot.id), tokens, null]]),
    budget_reserved_micros: budgetMicros,
    budget_period_start_us: 0,
  });
  return async () => {
    await db('inference_requests').where({ id }).delete();
    await db('api_key_spend').where({ api_key_id: world.apiKeyId }).delete();
    if (skip !== 'lot') await db('consumption_lots').where({ id: lot.id }).decrement('tokens_reserved', tokens);
    if (skip !== 'lock') {
      await db.transaction((trx) =>
        post(
          trx,
          'test_release',
          world.consumptionAccount,
          move(
            asset,
            { accountId: world.consumptionAccount, bucket: 'locked' },
            { accountId: world.consumptionAccount, bucket: 'available' },
            tokens,
          ),
          1,
        ),
      );
    }
  };
}

async function adjust(db: Knex, accountId: string, bucket: 'available' | 'locked', by: number): Promise<void> {
  await db('ledger_accounts')
    .where({ id: accountId })
    .update({ [bucket]: db.raw('?? + ?', [bucket, by]) });
}

const corruptions: Corruption[] = [
  {
    name: 'an available balance edited by hand',
    checks: ['balance_differs_from_journal'],
    async corrupt(db, w) {
      await adjust(db, w.usdAccount, 'available', 1);
      return () => adjust(db, w.usdAccount, 'available', -1);
    },
  },
  {
    name: 'a locked balance edited by hand',
    checks: ['balance_differs_from_journal', 'locked_differs_from_orders'],
    async corrupt(db, w) {
      await adjust(db, w.unitsAccount, 'locked', 2);
      return () => adjust(db, w.unitsAccount, 'locked', -2);
    },
  },
  {
    name: 'a journal entry that does not balance (the balance follows it)',
    checks: ['entry_unbalanced'],
    async corrupt(db) {
      const undo = await insertEntry(db, [{ account_id: 'system:deposits:usd', asset: usd, amount: 5 }]);
      await adjust(db, 'system:deposits:usd', 'available', 5);
      return async () => {
        await adjust(db, 'system:deposits:usd', 'available', -5);
        await undo();
      };
    },
  },
  {
    name: 'a posting in an asset its account does not hold',
    checks: ['posting_asset_mismatch'],
    async corrupt(db, w) {
      const undo = await insertEntry(db, [
        { account_id: w.usdAccount, asset: units, amount: 1 },
        { account_id: `system:issuance:${units}`, asset: units, amount: -1 },
      ]);
      await adjust(db, w.usdAccount, 'available', 1);
      await adjust(db, `system:issuance:${units}`, 'available', -1);
      return async () => {
        await adjust(db, w.usdAccount, 'available', -1);
        await adjust(db, `system:issuance:${units}`, 'available', 1);
        await undo();
      };
    },
  },
  {
    name: 'a lot that lost tokens the account still shows',
    checks: ['lots_differ_from_balance'],
    async corrupt(db, w) {
      await db('consumption_lots')
        .where({ account_id: w.consumptionAccount })
        .update({ tokens_remaining: db.raw('tokens_remaining - 1') });
      return async () => {
        await db('consumption_lots')
          .where({ account_id: w.consumptionAccount })
          .update({ tokens_remaining: db.raw('tokens_remaining + 1') });
      };
    },
  },
  {
    name: 'an open buy order whose reservation was never locked',
    checks: ['locked_differs_from_orders'],
    async corrupt(db, w) {
      const id = await insertOrder(db, w, 'buy', 1_000);
      return async () => void (await db('orders').where({ id }).delete());
    },
  },
  {
    name: 'a cancelled sell order whose Units stayed locked',
    checks: ['locked_differs_from_orders'],
    async corrupt(db, w) {
      await lock(db, w.unitsAccount, units, 3);
      const id = await insertOrder(db, w, 'sell', 3, 'cancelled');
      return async () => {
        await db('orders').where({ id }).delete();
        await db.transaction((trx) =>
          post(
            trx,
            'test_release',
            w.unitsAccount,
            move(
              units,
              { accountId: w.unitsAccount, bucket: 'locked' },
              { accountId: w.unitsAccount, bucket: 'available' },
              3,
            ),
            1,
          ),
        );
      };
    },
  },
  {
    name: 'a user balance below zero',
    checks: ['negative_balance', 'balance_differs_from_journal'],
    async corrupt(db, w) {
      const postgres = kindOf(db) === 'postgres';
      // The schema refuses it, so the corruption has to get past the check constraint first.
      if (postgres)
        await db.raw('ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_balances_not_negative');
      else await db.raw('PRAGMA ignore_check_constraints = ON');
      const before = ((await db('ledger_accounts').where({ id: w.usdAccount }).first()) as LedgerAccountRow).available;
      await db('ledger_accounts').where({ id: w.usdAccount }).update({ available: -7 });
      return async () => {
        await db('ledger_accounts').where({ id: w.usdAccount }).update({ available: before });
        if (postgres)
          await db.raw(
            "ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_user_balances_not_negative CHECK (kind = 'system' OR (available >= 0 AND locked >= 0))",
          );
        else await db.raw('PRAGMA ignore_check_constraints = OFF');
      };
    },
  },
  {
    name: 'a request in progress whose tokens were never locked',
    checks: ['locked_differs_from_requests', 'lot_reservations_exceed_locked'],
    corrupt: (db, w) => admitRequest(db, w, 40, 40, 'lock'),
  },
  {
    name: 'a request in progress that reserved from no lot',
    checks: ['lot_reserved_differs_from_requests'],
    corrupt: (db, w) => admitRequest(db, w, 40, 40, 'lot'),
  },
  {
    name: 'a lot reservation that no request in progress holds',
    checks: ['lot_reserved_differs_from_requests', 'lot_reservations_exceed_locked'],
    async corrupt(db, w) {
      await db('consumption_lots').where({ account_id: w.consumptionAccount }).increment('tokens_reserved', 3);
      return async () =>
        void (await db('consumption_lots').where({ account_id: w.consumptionAccount }).decrement('tokens_reserved', 3));
    },
  },
  {
    name: 'a request in progress whose key budget reserve is missing',
    checks: ['budget_reserved_differs_from_requests'],
    corrupt: (db, w) => admitRequest(db, w, 40, 40, 'budget'),
  },
  {
    name: 'a key budget reserve that no request in progress holds',
    checks: ['budget_reserved_differs_from_requests'],
    async corrupt(db, w) {
      await db('api_key_spend').insert({
        api_key_id: w.apiKeyId,
        period_start_us: 0,
        spent_micros: 0,
        reserved_micros: 9,
      });
      return async () => void (await db('api_key_spend').where({ api_key_id: w.apiKeyId }).delete());
    },
  },
];

describeEachDatabase('ledger audit', (env) => {
  const services = () => env().service.services;
  let world: World;

  before(async () => {
    const user = await createTestUser(services());
    const usdAccount = await fundUser(services(), user.userId, '100.00');
    const issuance = await issueUnits(services(), user.userId, seed.instrumentId, 20);
    await createTransfer(services(), user.userId, seed.instrumentId, 5);
    const consumption = (await services()
      .db('ledger_accounts')
      .where({ user_id: user.userId, asset: tokensOf(seed.instrumentId) })
      .first()) as LedgerAccountRow;
    world = {
      userId: user.userId,
      apiKeyId: user.apiKeyId,
      usdAccount: usdAccount.id,
      unitsAccount: issuance.trading_account_id,
      consumptionAccount: consumption.id,
    };
  });

  it('finds a ledger of deposits, issuance and transfers clean, and says what it looked at', async () => {
    const report = await runAudit(services().db);
    expect(report.failures).to.deep.equal([]);
    expect(report.ok).to.equal(true);
    expect(report.checked.journal_entries).to.be.at.least(3);
    expect(report.checked.journal_postings).to.be.at.least(8);
    expect(report.checked.ledger_accounts).to.be.at.least(3);
    expect(report.checked.consumption_lots).to.be.at.least(1);
  });

  it('finds open orders clean when their reservations are locked: buy in USD, sell in Units', async () => {
    await lock(services().db, world.usdAccount, usd, 4_221_000);
    const buy = await insertOrder(services().db, world, 'buy', 4_221_000, 'partially_filled');
    await lock(services().db, world.unitsAccount, units, 2);
    const sell = await insertOrder(services().db, world, 'sell', 2, 'cancellation_pending');
    const filled = await insertOrder(services().db, world, 'buy', 0, 'filled');
    expect(await auditLedger(services().db)).to.deep.equal([]);
    // Undo through the journal, as a cancel would.
    await services().db('orders').whereIn('id', [buy, sell, filled]).delete();
    await services().db.transaction(async (trx) => {
      await post(
        trx,
        'test_release',
        world.usdAccount,
        move(
          usd,
          { accountId: world.usdAccount, bucket: 'locked' },
          { accountId: world.usdAccount, bucket: 'available' },
          4_221_000,
        ),
        1,
      );
      await post(
        trx,
        'test_release',
        world.unitsAccount,
        move(
          units,
          { accountId: world.unitsAccount, bucket: 'locked' },
          { accountId: world.unitsAccount, bucket: 'available' },
          2,
        ),
        1,
      );
    });
    expect(await auditLedger(services().db)).to.deep.equal([]);
  });

  it('finds a request in progress clean when its tokens are locked, reserved from its lot, and its key budget reserved', async () => {
    const settle = await admitRequest(services().db, world, 40, 40);
    expect(await auditLedger(services().db)).to.deep.equal([]);
    await settle();
    expect(await auditLedger(services().db)).to.deep.equal([]);
  });

  for (const c of corruptions) {
    it(`fails on ${c.name}: ${c.checks.join(', ')}; clean again once undone`, async () => {
      const undo = await c.corrupt(services().db, world);
      try {
        const report = await runAudit(services().db);
        expect(report.ok).to.equal(false);
        expect([...new Set(report.failures.map((f) => f.check))].sort()).to.deep.equal([...c.checks].sort());
        for (const failure of report.failures) expect(failure.detail).to.be.a('string').and.not.equal('');
      } finally {
        await undo();
      }
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });
  }
});
