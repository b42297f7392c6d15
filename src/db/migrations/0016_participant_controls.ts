import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * Participants' controls (DESIGN.md §12), the columns every part of them shares:
 *
 * - Consumption keys with limits: `expires_at_us` (null: never), `limit_usd_micros` (null: no
 *   budget), `limit_reset` (`daily` | `weekly` | `monthly`, UTC; null: the budget never resets) and
 *   `allowed_models` (a JSON array of models as requests name them; null: every model).
 * - `api_key_spend`: one row per key and budget period (`period_start_us` from src/lib/periods.ts;
 *   0 for a key whose budget never resets). `spent_micros` is what settled requests of the period
 *   cost; `reserved_micros` what admitted requests still in progress may cost at most. Admission
 *   adds to `reserved_micros` only while `spent + reserved + the request's reserve <= limit`, under
 *   the user's slot lock, so a budget holds across processes; settlement moves the request's
 *   reserve out of `reserved_micros` and its real cost into `spent_micros` of the period it was
 *   admitted in. A key view's `usage_usd` is `spent_micros` of the current period.
 * - Account defaults: `auto_buy_max_price_ticks` (null: Auto Mode buys at market) and
 *   `self_trade_prevention` (the mode an order takes when it names none).
 *
 * A key's limits are part of what authentication may cache, so changing them announces a
 * revocation (migration 0014) like deactivating the key does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_keys', (t) => {
    t.bigInteger('expires_at_us').nullable();
    t.bigInteger('limit_usd_micros').nullable();
    t.string('limit_reset', 16).nullable();
    t.text('allowed_models').nullable();
  });
  await knex.schema.createTable('api_key_spend', (t) => {
    t.string('api_key_id', 64).notNullable().references('api_keys.id').onDelete('CASCADE');
    t.bigInteger('period_start_us').notNullable();
    t.bigInteger('spent_micros').notNullable().defaultTo(0);
    t.bigInteger('reserved_micros').notNullable().defaultTo(0);
    t.primary(['api_key_id', 'period_start_us']);
  });
  await knex.schema.alterTable('account_settings', (t) => {
    t.bigInteger('auto_buy_max_price_ticks').nullable();
    t.string('self_trade_prevention', 16).notNullable().defaultTo('expire_taker');
  });
  await announceLimitChanges(knex, [
    'active',
    'key_hash',
    'user_id',
    'expires_at_us',
    'limit_usd_micros',
    'limit_reset',
    'allowed_models',
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await announceLimitChanges(knex, ['active', 'key_hash', 'user_id']);
  await knex.schema.alterTable('account_settings', (t) => {
    t.dropColumn('self_trade_prevention');
    t.dropColumn('auto_buy_max_price_ticks');
  });
  await knex.schema.dropTableIfExists('api_key_spend');
  await knex.schema.alterTable('api_keys', (t) => {
    t.dropColumn('allowed_models');
    t.dropColumn('limit_reset');
    t.dropColumn('limit_usd_micros');
    t.dropColumn('expires_at_us');
  });
}

/** Re-creates migration 0014's `api_keys_changed` trigger over these columns. */
async function announceLimitChanges(knex: Knex, columns: readonly string[]): Promise<void> {
  const list = columns.join(', ');
  if (isPostgres(knex)) {
    const changed = columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
    await knex.raw('DROP TRIGGER IF EXISTS api_keys_changed ON api_keys');
    await knex.raw(
      `CREATE TRIGGER api_keys_changed AFTER UPDATE OF ${list} ON api_keys FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION mkt_notify_api_keys()`,
    );
    return;
  }
  const changed = columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  await knex.raw('DROP TRIGGER IF EXISTS api_keys_changed');
  await knex.raw(
    `CREATE TRIGGER api_keys_changed AFTER UPDATE OF ${list} ON api_keys WHEN ${changed} BEGIN UPDATE api_key_revocations SET version = version + 1 WHERE id = 1; END`,
  );
}
