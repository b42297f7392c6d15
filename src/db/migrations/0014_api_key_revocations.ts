import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * Revocations of consumption API keys, for the caches of authentication (src/http/auth/api-key-cache.ts):
 * every change that can turn a key away — its row deleted, `active`, `key_hash` or `user_id` changed,
 * its user's `status` changed — is announced by a trigger, in the writer's own transaction, whoever
 * writes it (the platform API, the dashboard, `mkt admin`, an operator with psql).
 *
 * - PostgreSQL: `pg_notify('mkt_api_keys', …)`, delivered to every listening process on commit.
 * - SQLite: the one row of `api_key_revocations` counts up; every process reads it per request
 *   (one tiny prepared statement). PRAGMA data_version was the other candidate, but it moves on every
 *   commit of another connection, so two processes serving inference would empty each other's caches
 *   on every request; the counter moves only when a key may have been revoked.
 */
export const apiKeysChannel = 'mkt_api_keys';

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw(`
      CREATE FUNCTION mkt_notify_api_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${apiKeysChannel}', '');
        RETURN NULL;
      END $$`);
    await knex.raw(`
      CREATE TRIGGER api_keys_revoked AFTER DELETE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION mkt_notify_api_keys()`);
    await knex.raw(`
      CREATE TRIGGER api_keys_changed AFTER UPDATE OF active, key_hash, user_id ON api_keys FOR EACH ROW
      WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.key_hash IS DISTINCT FROM NEW.key_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id)
      EXECUTE FUNCTION mkt_notify_api_keys()`);
    await knex.raw(`
      CREATE TRIGGER users_status_changed AFTER UPDATE OF status ON users FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION mkt_notify_api_keys()`);
    return;
  }
  await knex.schema.createTable('api_key_revocations', (t) => {
    t.integer('id').primary();
    t.bigInteger('version').notNullable();
  });
  await knex('api_key_revocations').insert({ id: 1, version: 0 });
  const bump = 'UPDATE api_key_revocations SET version = version + 1 WHERE id = 1';
  await knex.raw(`CREATE TRIGGER api_keys_revoked AFTER DELETE ON api_keys BEGIN ${bump}; END`);
  await knex.raw(`
    CREATE TRIGGER api_keys_changed AFTER UPDATE OF active, key_hash, user_id ON api_keys
    WHEN OLD.active IS NOT NEW.active OR OLD.key_hash IS NOT NEW.key_hash OR OLD.user_id IS NOT NEW.user_id
    BEGIN ${bump}; END`);
  await knex.raw(
    `CREATE TRIGGER users_status_changed AFTER UPDATE OF status ON users WHEN OLD.status IS NOT NEW.status BEGIN ${bump}; END`,
  );
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw('DROP TRIGGER IF EXISTS users_status_changed ON users');
    await knex.raw('DROP TRIGGER IF EXISTS api_keys_changed ON api_keys');
    await knex.raw('DROP TRIGGER IF EXISTS api_keys_revoked ON api_keys');
    await knex.raw('DROP FUNCTION IF EXISTS mkt_notify_api_keys()');
    return;
  }
  await knex.raw('DROP TRIGGER IF EXISTS users_status_changed');
  await knex.raw('DROP TRIGGER IF EXISTS api_keys_changed');
  await knex.raw('DROP TRIGGER IF EXISTS api_keys_revoked');
  await knex.schema.dropTableIfExists('api_key_revocations');
}
