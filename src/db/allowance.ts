import type { Knex } from 'knex';
import { firstRowOf } from './rows.js';

type Trx = Knex | Knex.Transaction;

/** What the inference limits of a user are decided on, read in one statement. */
interface AllowanceRow {
  /** The USD account's real deposits and holdings, in micro-dollars (0 before any money arrived). */
  usd: { deposited: number; available: number; locked: number };
  /** Slots whose lease has not run out. */
  activeSlots: number;
  /** Inference requests admitted since `dayStartUs`. */
  requestsSince: number;
}

/** `currencyAsset`: the asset of the user's currency account (the ledger's USD). */
export async function readAllowance(
  db: Trx,
  userId: string,
  currencyAsset: string,
  nowUs: number,
  dayStartUs: number,
): Promise<AllowanceRow> {
  const activeSlots = db('inference_slots').where('user_id', userId).andWhere('expires_at_us', '>', nowUs).count('*');
  const requestsSince = db('inference_requests')
    .where('user_id', userId)
    .andWhere('created_at_us', '>=', dayStartUs)
    .count('*');
  const row = await firstRowOf<{
    deposited: number | string | null;
    available: number | string | null;
    locked: number | string | null;
    active_slots: number | string;
    requests_since: number | string;
  }>(
    db('users as u')
      .leftJoin('ledger_accounts as c', (on) =>
        on.on('c.user_id', 'u.id').andOnVal('c.kind', 'currency').andOnVal('c.asset', currencyAsset),
      )
      .where('u.id', userId)
      .first(
        'c.deposited',
        'c.available',
        'c.locked',
        activeSlots.as('active_slots'),
        requestsSince.as('requests_since'),
      ),
  );
  return {
    usd: {
      deposited: Number(row?.deposited ?? 0),
      available: Number(row?.available ?? 0),
      locked: Number(row?.locked ?? 0),
    },
    activeSlots: Number(row?.active_slots ?? 0),
    requestsSince: Number(row?.requests_since ?? 0),
  };
}
