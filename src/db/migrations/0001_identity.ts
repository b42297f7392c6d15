import type { Knex } from 'knex';

/** Users and the credentials of the three authentication mechanisms (specification part 5). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.string('id', 64).primary();
    t.string('email', 320).notNullable().unique();
    t.string('password_hash', 256).nullable();
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('account_mode', 16).notNullable().defaultTo('auto');
    t.bigInteger('email_verified_at_us').nullable();
    t.bigInteger('legal_terms_accepted_at_us').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
  });
  await knex.schema.createTable('api_keys', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('key_prefix', 32).notNullable();
    t.string('key_hash', 64).notNullable().unique();
    t.boolean('active').notNullable().defaultTo(true);
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
    t.bigInteger('last_used_at_us').nullable();
    t.index(['user_id', 'created_at_us']);
  });
  await knex.schema.createTable('signing_keys', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('label', 100).notNullable();
    t.string('public_key', 64).notNullable();
    t.string('fingerprint', 64).notNullable().unique();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('last_used_at_us').nullable();
    t.index(['user_id', 'created_at_us']);
  });
  await knex.schema.createTable('oauth_grants', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id').onDelete('CASCADE');
    t.string('client_id', 64).notNullable();
    t.text('scopes').notNullable(); // space-separated, RFC 6749 §3.3
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('last_used_at_us').nullable();
    t.bigInteger('revoked_at_us').nullable();
    t.index(['user_id', 'created_at_us']);
  });
  await knex.schema.createTable('oauth_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.string('grant_id', 64).notNullable().references('oauth_grants.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // access | refresh
    t.bigInteger('expires_at_us').notNullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('revoked_at_us').nullable();
    t.bigInteger('rotated_at_us').nullable(); // refresh tokens: set when exchanged; reuse revokes the grant
    t.index(['grant_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['oauth_tokens', 'oauth_grants', 'signing_keys', 'api_keys', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
