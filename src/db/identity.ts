import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/** Users (migration 0001). */
export type AccountMode = 'auto' | 'advanced';
export type UserStatus = 'active' | 'inactive';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  status: UserStatus;
  account_mode: AccountMode;
  email_verified_at_us: number | null;
  legal_terms_accepted_at_us: number | null;
  created_at_us: number;
  updated_at_us: number;
}

const userByIdStatement = statement('user_by_id', 'SELECT * FROM users WHERE id = ?');

export const userById = (db: Db, userId: string): Promise<UserRow | undefined> => poolSql(db).get<UserRow>(userByIdStatement, [userId]);

/** Consumption API keys (migration 0003). */
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
}

const apiKeyByHashStatement = statement('api_key_by_hash', 'SELECT * FROM api_keys WHERE key_hash = ?');
const touchApiKey = statement('api_key_touch', 'UPDATE api_keys SET last_used_at_us = ? WHERE id = ?');

export const apiKeyByHash = (db: Db, keyHash: string): Promise<ApiKeyRow | undefined> => poolSql(db).get<ApiKeyRow>(apiKeyByHashStatement, [keyHash]);

/** Records when a key was last used (callers write it at most once a minute). */
export async function touchApiKeyUse(db: Db, keyId: string, nowUs: number): Promise<void> {
  await poolSql(db).run(touchApiKey, [nowUs, keyId]);
}
