import { announceApiKeysChanged } from './api-key-revocations.js';
import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams, type Sort } from './paging.js';
import { poolSql, sqlOf, statement, valuesList } from './sql.js';

/**
 * Consumption API keys (migration 0001) and what they spent per budget period (migration 0016).
 * Keys are stored only as their SHA-256; the callers hash them.
 */

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  active: boolean | number;
  created_at_us: number;
  updated_at_us: number;
  last_used_at_us: number | null;
  /** Limits (migration 0016): null is none. `allowed_models` is a JSON array of model names. */
  expires_at_us: number | null;
  limit_usd_micros: number | null;
  limit_reset: 'daily' | 'weekly' | 'monthly' | null;
  allowed_models: string | null;
}

const apiKeyColumns = [
  'id',
  'user_id',
  'name',
  'key_prefix',
  'key_hash',
  'active',
  'created_at_us',
  'updated_at_us',
  'last_used_at_us',
  'expires_at_us',
  'limit_usd_micros',
  'limit_reset',
  'allowed_models',
] as const satisfies readonly (keyof ApiKeyRow)[];

const apiKeyByHashStatement = statement('api_key_by_hash', 'SELECT * FROM api_keys WHERE key_hash = ?');
const apiKeyByIdStatement = statement('api_key_by_id', 'SELECT * FROM api_keys WHERE id = ?');
const apiKeyOfUserStatement = statement('api_key_of_user', 'SELECT * FROM api_keys WHERE id = ? AND user_id = ?');
const insertApiKeyStatement = statement(
  'api_key_insert',
  `INSERT INTO api_keys (${apiKeyColumns.join(', ')}) VALUES ${valuesList(1, apiKeyColumns.length)}`,
);
const lockApiKeyOfUserStatement = statement(
  'api_key_of_user_lock',
  'SELECT * FROM api_keys WHERE id = ? AND user_id = ?',
  'SELECT * FROM api_keys WHERE id = ? AND user_id = ? FOR UPDATE',
);
const updateApiKeyStatement = statement(
  'api_key_update',
  `UPDATE api_keys SET name = ?, active = ?, expires_at_us = ?, limit_usd_micros = ?, limit_reset = ?, allowed_models = ?, updated_at_us = ?
  WHERE id = ? AND user_id = ?`,
);
const apiKeySpendStatement = statement(
  'api_key_spend_of_period',
  'SELECT * FROM api_key_spend WHERE api_key_id = ? AND period_start_us = ?',
);
const deleteApiKeyStatement = statement('api_key_delete', 'DELETE FROM api_keys WHERE id = ? AND user_id = ?');
const touchApiKey = statement('api_key_touch', 'UPDATE api_keys SET last_used_at_us = ? WHERE id = ?');

export const apiKeyByHash = (db: Db, keyHash: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyByHashStatement, [keyHash]);

export const apiKeyById = (db: Db, apiKeyId: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyByIdStatement, [apiKeyId]);

/** The key if it is the user's: another user's key is as unknown as a missing one. */
export const apiKeyOfUser = (db: Db, userId: string, apiKeyId: string): Promise<ApiKeyRow | undefined> =>
  poolSql(db).get<ApiKeyRow>(apiKeyOfUserStatement, [apiKeyId, userId]);

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await poolSql(db).run(
    insertApiKeyStatement,
    apiKeyColumns.map((c) => row[c]),
  );
}

/** What a change of a key may write: everything but its identity, secret and times of use. */
type ApiKeyChanges = Pick<
  ApiKeyRow,
  'name' | 'active' | 'expires_at_us' | 'limit_usd_micros' | 'limit_reset' | 'allowed_models' | 'updated_at_us'
>;

/**
 * Changes the user's key as `decide` says, given the key as it is, locked, so that two concurrent
 * changes each see the other's result (a rule over several fields cannot be broken between them).
 * `decide` answers the new values, or undefined to leave the key as it is; it may throw to refuse.
 * Undefined if the user has no such key.
 */
export async function updateApiKeyOfUser(
  db: Db,
  userId: string,
  apiKeyId: string,
  decide: (row: ApiKeyRow) => ApiKeyChanges | undefined,
): Promise<{ row: ApiKeyRow; changed: boolean } | undefined> {
  const result = await db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    const row = await sql.get<ApiKeyRow>(lockApiKeyOfUserStatement, [apiKeyId, userId]);
    if (!row) return undefined;
    const changes = decide(row);
    if (!changes) return { row, changed: false };
    const c = changes;
    await sql.run(updateApiKeyStatement, [
      c.name,
      c.active,
      c.expires_at_us,
      c.limit_usd_micros,
      c.limit_reset,
      c.allowed_models,
      c.updated_at_us,
      apiKeyId,
      userId,
    ]);
    return { row: { ...row, ...changes }, changed: true };
  });
  // Committed: this process's key caches forget at once; others learn it from the trigger (migrations 0014, 0016).
  if (result?.changed) announceApiKeysChanged(db);
  return result;
}

/** False if the user has no such key. */
export async function deleteApiKeyOfUser(db: Db, userId: string, apiKeyId: string): Promise<boolean> {
  const deleted = (await poolSql(db).run(deleteApiKeyStatement, [apiKeyId, userId])) > 0;
  if (deleted) announceApiKeysChanged(db);
  return deleted;
}

/** Records when a key was last used (callers write it at most once a minute). */
export async function touchApiKeyUse(db: Db, keyId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(touchApiKey, [nowUs, keyId]);
}

/**
 * What a key spent and holds reserved in one budget period (migration 0016); the consumption
 * pipeline writes these rows, the key views read them.
 */
export interface ApiKeySpendRow {
  api_key_id: string;
  period_start_us: number;
  spent_micros: number;
  reserved_micros: number;
}

/** The key's row of the period starting at `periodStartUs`; undefined while it spent and reserved nothing in it. */
export const apiKeySpendOf = (db: Db, apiKeyId: string, periodStartUs: number): Promise<ApiKeySpendRow | undefined> =>
  poolSql(db).get<ApiKeySpendRow>(apiKeySpendStatement, [apiKeyId, periodStartUs]);

/** The rows of several keys, each of its own period (a page of keys: one query). */
export async function apiKeySpendsOf(
  db: Db,
  periods: readonly { apiKeyId: string; periodStartUs: number }[],
): Promise<ApiKeySpendRow[]> {
  if (periods.length === 0) return [];
  return db('api_key_spend')
    .select('*')
    .whereIn(
      ['api_key_id', 'period_start_us'],
      periods.map((p) => [p.apiKeyId, p.periodStartUs]),
    );
}

/** Lists are oldest first (platform.yaml "Conventions"). */
export const oldestFirst = (table: string): Sort => ({
  name: 'created_at',
  column: `${table}.created_at_us`,
  idColumn: `${table}.id`,
  direction: 'asc',
});

/** One page of the user's API keys, oldest first; rows as stored (SQLite booleans are 0/1). */
export function apiKeysOfUser(db: Db, userId: string, page: PageParams): Promise<Page<ApiKeyRow>> {
  const query = db('api_keys').select('*').where({ user_id: userId });
  return keysetPage<ApiKeyRow>(query, oldestFirst('api_keys'), page, (row) => [row.created_at_us, row.id]);
}
