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
