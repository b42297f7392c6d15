import type { Knex } from 'knex';
import { isPostgres } from '../knex-client.js';

/**
 * What a signed order reads besides its own rows — the signing key by fingerprint, the user's
 * account mode, the market's status and controls — is kept in memory by each process
 * (src/core/trading-cache.ts), trusted only while migration 0014's revocation feed has not moved.
 * These triggers move it, in the writer's own transaction, whoever writes: a signing key deleted or
 * re-pointed, a user's account mode changed or a user deleted, a market changed or deleted. Each is
 * rare; the consumption key cache, which shares the feed, only reads its keys again once.
 */
const tables = {
  signingKeys: 'signing_keys_changed',
  signingKeysDeleted: 'signing_keys_deleted',
  usersMode: 'users_mode_changed',
  usersDeleted: 'users_deleted',
  markets: 'markets_changed',
  marketsDeleted: 'markets_deleted',
} as const;

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    const notify = 'EXECUTE FUNCTION mkt_notify_api_keys()';
    await knex.raw(
      `CREATE TRIGGER ${tables.signingKeysDeleted} AFTER DELETE ON signing_keys FOR EACH STATEMENT ${notify}`,
    );
    await knex.raw(`
      CREATE TRIGGER ${tables.signingKeys} AFTER UPDATE OF user_id, public_key, fingerprint ON signing_keys FOR EACH ROW
      WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.public_key IS DISTINCT FROM NEW.public_key OR OLD.fingerprint IS DISTINCT FROM NEW.fingerprint)
      ${notify}`);
    await knex.raw(`
      CREATE TRIGGER ${tables.usersMode} AFTER UPDATE OF account_mode ON users FOR EACH ROW
      WHEN (OLD.account_mode IS DISTINCT FROM NEW.account_mode) ${notify}`);
    await knex.raw(`CREATE TRIGGER ${tables.usersDeleted} AFTER DELETE ON users FOR EACH STATEMENT ${notify}`);
    await knex.raw(`CREATE TRIGGER ${tables.markets} AFTER UPDATE ON markets FOR EACH STATEMENT ${notify}`);
    await knex.raw(`CREATE TRIGGER ${tables.marketsDeleted} AFTER DELETE ON markets FOR EACH STATEMENT ${notify}`);
    return;
  }
  const bump = 'BEGIN UPDATE api_key_revocations SET version = version + 1 WHERE id = 1; END';
  await knex.raw(`CREATE TRIGGER ${tables.signingKeysDeleted} AFTER DELETE ON signing_keys ${bump}`);
  await knex.raw(`
    CREATE TRIGGER ${tables.signingKeys} AFTER UPDATE OF user_id, public_key, fingerprint ON signing_keys
    WHEN OLD.user_id IS NOT NEW.user_id OR OLD.public_key IS NOT NEW.public_key OR OLD.fingerprint IS NOT NEW.fingerprint
    ${bump}`);
  await knex.raw(
    `CREATE TRIGGER ${tables.usersMode} AFTER UPDATE OF account_mode ON users WHEN OLD.account_mode IS NOT NEW.account_mode ${bump}`,
  );
  await knex.raw(`CREATE TRIGGER ${tables.usersDeleted} AFTER DELETE ON users ${bump}`);
  await knex.raw(`CREATE TRIGGER ${tables.markets} AFTER UPDATE ON markets ${bump}`);
  await knex.raw(`CREATE TRIGGER ${tables.marketsDeleted} AFTER DELETE ON markets ${bump}`);
}

export async function down(knex: Knex): Promise<void> {
  const on = {
    signingKeys: 'signing_keys',
    signingKeysDeleted: 'signing_keys',
    usersMode: 'users',
    usersDeleted: 'users',
    markets: 'markets',
    marketsDeleted: 'markets',
  } as const;
  for (const [kind, name] of Object.entries(tables) as [keyof typeof tables, string][])
    await knex.raw(
      isPostgres(knex) ? `DROP TRIGGER IF EXISTS ${name} ON ${on[kind]}` : `DROP TRIGGER IF EXISTS ${name}`,
    );
}
