import type { Knex } from 'knex';

/**
 * OAuth refresh with a narrower scope (RFC 6749 §6): the new access token carries the narrower
 * scope while the grant and its refresh token keep the scope the user approved, so a later refresh
 * may ask for it again. `scopes` is null when a token has exactly its grant's scopes.
 * Expired device codes are swept by expiry, hence the index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_tokens', (t) => {
    t.text('scopes').nullable(); // space-separated; null: the grant's scopes
  });
  await knex.schema.alterTable('device_codes', (t) => {
    t.index(['expires_at_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('device_codes', (t) => {
    t.dropIndex(['expires_at_us']);
  });
  await knex.schema.alterTable('oauth_tokens', (t) => {
    t.dropColumn('scopes');
  });
}
