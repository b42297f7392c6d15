import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { newIssuanceTransferId } from '../../lib/ids.js';
import { firstRowOf, rowsOf } from '../rows.js';

/**
 * Issuance accounts (DESIGN.md §13, as the live service has them): a supplier's issued Units wait
 * in a ledger account of kind `issuance` (one per user and instrument, asset `units:<instrument>`)
 * until the supplier transfers them to trading. `supply_issuances` says which issuance account each
 * issuance went through; `issuance_transfers` records each move out of one, so that issued −
 * transferred = the account's balance (`mkt admin audit`, src/ledger/audit.ts).
 *
 * Issuances made before this migration reached the trading account at once: each gets the
 * issuance account of its user and instrument and a transfer of its whole quantity at the same
 * time, as `MKT_SUPPLY_ISSUANCE=direct` records them. Their journal entries stay as they were
 * (system:issuance straight to trading), so the new accounts open with a zero balance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('supply_issuances', (t) => {
    t.string('issuance_account_id', 96).nullable();
  });

  await knex.schema.createTable('issuance_transfers', (t) => {
    t.string('id', 64).primary(); // issuance_transfer_<uuid>
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.string('issuance_account_id', 96).notNullable().references('ledger_accounts.id');
    t.string('trading_account_id', 96).notNullable().references('ledger_accounts.id');
    t.integer('quantity').notNullable();
    t.string('client_transfer_id', 128).nullable();
    // The issuance it belongs to when it was made with it (`direct`); null for a transfer the supplier asked for.
    t.string('issuance_id', 64).nullable();
    t.bigInteger('created_at_us').notNullable();
    t.unique(['user_id', 'client_transfer_id']);
    t.index(['issuance_account_id']);
    t.index(['user_id', 'created_at_us']);
  });

  // Supplier liability sums the tokens each supplier served per instrument.
  await knex.schema.alterTable('inference_requests', (t) => {
    t.index(['supplier_user_id', 'instrument_id'], 'inference_requests_supplier_instrument');
  });

  await backfillIssuanceAccounts(knex);
}

async function backfillIssuanceAccounts(knex: Knex): Promise<void> {
  const issuances = await rowsOf<{
    id: string;
    user_id: string;
    instrument_id: string;
    trading_account_id: string;
    quantity: number;
    created_at_us: number | string;
  }>(
    knex('supply_issuances')
      .select('id', 'user_id', 'instrument_id', 'trading_account_id', 'quantity', 'created_at_us')
      .orderBy('created_at_us'),
  );
  const accounts = new Map<string, string>();
  for (const issuance of issuances) {
    const key = `${issuance.user_id} ${issuance.instrument_id}`;
    let accountId = accounts.get(key);
    if (accountId === undefined) {
      accountId = `issuance_account_${randomBytes(8).toString('hex')}`;
      accounts.set(key, accountId);
      const createdAtUs = Number(issuance.created_at_us);
      await knex('ledger_accounts').insert({
        id: accountId,
        user_id: issuance.user_id,
        kind: 'issuance',
        asset: `units:${issuance.instrument_id}`,
        instrument_id: issuance.instrument_id,
        created_at_us: createdAtUs,
        updated_at_us: createdAtUs,
      });
    }
    await knex('supply_issuances').where('id', issuance.id).update({ issuance_account_id: accountId });
    await knex('issuance_transfers').insert({
      id: newIssuanceTransferId(),
      user_id: issuance.user_id,
      instrument_id: issuance.instrument_id,
      issuance_account_id: accountId,
      trading_account_id: issuance.trading_account_id,
      quantity: issuance.quantity,
      client_transfer_id: null,
      issuance_id: issuance.id,
      created_at_us: Number(issuance.created_at_us),
    });
  }
}

/**
 * Only while no issuance account has journal postings: afterwards Units live there that the old schema has no place
 * for.
 */
export async function down(knex: Knex): Promise<void> {
  const posted = await firstRowOf<{ id: number }>(
    knex('journal_postings as p')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('a.kind', 'issuance')
      .first('p.id'),
  );
  if (posted)
    throw new Error(
      'migration 0020 cannot be rolled back: issuance accounts hold journal postings (Units issued with MKT_SUPPLY_ISSUANCE=account)',
    );
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropIndex(['supplier_user_id', 'instrument_id'], 'inference_requests_supplier_instrument');
  });
  await knex.schema.dropTableIfExists('issuance_transfers');
  await knex('ledger_accounts').where('kind', 'issuance').delete();
  await knex.schema.alterTable('supply_issuances', (t) => {
    t.dropColumn('issuance_account_id');
  });
}
