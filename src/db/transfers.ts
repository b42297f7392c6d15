import type { Db } from './knex.js';
import { keysetPage, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';
import type { TransferRow } from './trading-rows.js';

/** The user's transfers from trading to consumption (migration 0005), asked for or automatic. */
export interface TransferFilter {
  instrumentId?: string | undefined;
}

/** One page of the user's transfers, newest first. */
export function transferPage(
  db: Db,
  userId: string,
  filter: TransferFilter,
  page: PageParams,
): Promise<Page<TransferRow>> {
  const query = db('transfers').select('*').where('user_id', userId);
  if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
  return keysetPage<TransferRow>(
    query,
    { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' },
    page,
    (row) => [row.created_at_us, row.id],
  );
}

const transferOfUserStatement = statement('transfer_of_user', 'SELECT * FROM transfers WHERE id = ? AND user_id = ?');

export const transferOfUser = (db: Db, userId: string, transferId: string): Promise<TransferRow | undefined> =>
  poolSql(db).get<TransferRow>(transferOfUserStatement, [transferId, userId]);
