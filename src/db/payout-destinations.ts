import type { Db } from './knex.js';
import { parameterList, poolSql, shapedStatement, statement, valuesList, type Sql } from './sql.js';

/** Payout destinations (migration 0032): where a user's withdrawals may go. */
export type PayoutDestinationKind = 'sandbox' | 'bank_transfer';

export interface PayoutDestinationRow {
  id: string;
  user_id: string;
  kind: PayoutDestinationKind;
  label: string;
  bank_reference: string | null;
  usable_from_us: number;
  created_at_us: number;
  removed_at_us: number | null;
}

const columns = [
  'id',
  'user_id',
  'kind',
  'label',
  'bank_reference',
  'usable_from_us',
  'created_at_us',
  'removed_at_us',
] as const satisfies readonly (keyof PayoutDestinationRow)[];

const insertStatement = statement(
  'payout_destination_insert',
  `INSERT INTO payout_destinations (${columns.join(', ')}) VALUES ${valuesList(1, columns.length)}`,
);
const liveOfUserStatement = statement(
  'payout_destinations_live_of_user',
  'SELECT * FROM payout_destinations WHERE user_id = ? AND removed_at_us IS NULL ORDER BY created_at_us DESC, id DESC',
);
const ofUserStatement = statement(
  'payout_destination_of_user',
  'SELECT * FROM payout_destinations WHERE id = ? AND user_id = ?',
);
const byIdsStatement = (count: number) =>
  shapedStatement(`payout_destinations_by_ids_${count}`, () => ({
    sqlite: `SELECT * FROM payout_destinations WHERE id IN (${parameterList(count)})`,
  }));
const removeStatement = statement(
  'payout_destination_remove',
  'UPDATE payout_destinations SET removed_at_us = ? WHERE id = ? AND user_id = ? AND removed_at_us IS NULL',
);

export async function insertPayoutDestination(sql: Sql, row: PayoutDestinationRow): Promise<void> {
  await sql.run(
    insertStatement,
    columns.map((column) => row[column]),
  );
}

/** The user's destinations not removed, newest first. */
export const livePayoutDestinations = (sql: Sql, userId: string): Promise<PayoutDestinationRow[]> =>
  sql.all<PayoutDestinationRow>(liveOfUserStatement, [userId]);

/** The user's destination, removed or not; another user's is undefined. */
export const payoutDestinationOfUser = (
  sql: Sql,
  userId: string,
  id: string,
): Promise<PayoutDestinationRow | undefined> => sql.get<PayoutDestinationRow>(ofUserStatement, [id, userId]);

/** Destinations by id, whoever owns them (withdrawals' views; at most a page of ids). */
export async function payoutDestinationsByIds(db: Db, ids: readonly string[]): Promise<PayoutDestinationRow[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return [];
  return poolSql(db).all<PayoutDestinationRow>(byIdsStatement(distinct.length), distinct);
}

/** Marks the destination removed; false when it was not the user's live destination. */
export async function removePayoutDestination(sql: Sql, userId: string, id: string, nowUs: number): Promise<boolean> {
  return (await sql.run(removeStatement, [nowUs, id, userId])) > 0;
}
