import type { Knex } from 'knex';

/**
 * Identity for the platform API and dashboard (issue 3): dashboard sessions, email verification,
 * the OAuth device flow, and account settings. Every secret (session id, verification token,
 * device code) is stored only as its SHA-256.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.string('id_hash', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('csrf_token', 64).notNullable(); // sent back in forms and x-csrf-token; not a credential on its own
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('expires_at_us').notNullable();
    t.bigInteger('revoked_at_us').nullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('email_verifications', (t) => {
    t.string('token_hash', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('expires_at_us').notNullable();
    t.bigInteger('used_at_us').nullable();
  });
  await knex.schema.createTable('device_codes', (t) => {
    t.string('device_code_hash', 64).primary();
    t.string('user_code', 16).notNullable().unique(); // ABCD-EFGH, typed by a human; short-lived
    t.string('client_id', 64).notNullable();
    t.text('scopes').notNullable(); // space-separated
    t.string('status', 16).notNullable(); // pending | approved | denied | consumed
    t.string('user_id', 64).nullable().references('users.id').onDelete('CASCADE');
    t.integer('interval_seconds').notNullable();
    t.bigInteger('last_polled_at_us').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('expires_at_us').notNullable();
  });
  await knex.schema.createTable('account_settings', (t) => {
    t.string('user_id', 64).primary().references('users.id').onDelete('CASCADE');
    t.boolean('auto_reload_enabled').notNullable().defaultTo(false);
    t.bigInteger('auto_reload_threshold_micros').nullable();
    t.bigInteger('auto_reload_amount_micros').nullable();
    t.bigInteger('auto_reload_monthly_limit_micros').nullable();
    t.bigInteger('updated_at_us').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['account_settings', 'device_codes', 'email_verifications', 'sessions'])
    await knex.schema.dropTableIfExists(table);
}
