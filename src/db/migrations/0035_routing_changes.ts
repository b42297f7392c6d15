import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * Changes of what inference routing reads (src/db/routing.ts: endpoints, their instruments' qualification and
 * standing, suppliers' status) are announced on the feed of migration 0014, by the same means, so that routing keeps
 * its read behind that feed (src/consumption/inference/routing-cache.ts): `pg_notify('mkt_api_keys', …)` on
 * PostgreSQL, the counter of `api_key_revocations` on SQLite. Only changes of what routing reads: the canary's and the
 * watch's bookkeeping columns move nothing.
 */
const watched: { table: string; columns: readonly string[] }[] = [
  {
    table: 'supplier_endpoints',
    columns: ['user_id', 'status', 'base_url', 'model', 'upstream_key_ciphertext', 'simulated', 'updated_at_us'],
  },
  { table: 'endpoint_instruments', columns: ['endpoint_id', 'instrument_id', 'qualification', 'standing'] },
  { table: 'suppliers', columns: ['status'] },
];

const triggerName = (table: string, change: string) => `${table}_routing_${change}`;

export async function up(knex: Knex): Promise<void> {
  const postgres = isPostgres(knex);
  for (const { table, columns } of watched) {
    if (postgres) {
      const distinct = columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
      await knex.raw(
        `CREATE TRIGGER ${triggerName(table, 'rows')} AFTER INSERT OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION mkt_notify_api_keys()`,
      );
      await knex.raw(
        `CREATE TRIGGER ${triggerName(table, 'changed')} AFTER UPDATE OF ${columns.join(', ')} ON ${table} FOR EACH ROW WHEN (${distinct}) EXECUTE FUNCTION mkt_notify_api_keys()`,
      );
      continue;
    }
    const bump = 'UPDATE api_key_revocations SET version = version + 1 WHERE id = 1';
    const distinct = columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    await knex.raw(`CREATE TRIGGER ${triggerName(table, 'inserted')} AFTER INSERT ON ${table} BEGIN ${bump}; END`);
    await knex.raw(`CREATE TRIGGER ${triggerName(table, 'deleted')} AFTER DELETE ON ${table} BEGIN ${bump}; END`);
    await knex.raw(
      `CREATE TRIGGER ${triggerName(table, 'changed')} AFTER UPDATE OF ${columns.join(', ')} ON ${table} WHEN ${distinct} BEGIN ${bump}; END`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const postgres = isPostgres(knex);
  for (const { table } of watched) {
    const changes = postgres ? ['rows', 'changed'] : ['inserted', 'deleted', 'changed'];
    for (const change of changes)
      await knex.raw(`DROP TRIGGER IF EXISTS ${triggerName(table, change)}${postgres ? ` ON ${table}` : ''}`);
  }
}
