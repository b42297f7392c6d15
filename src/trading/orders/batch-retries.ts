import { isUniqueViolation } from '../../db/knex.js';

/** How often a trading batch's transaction runs at most (books.ts), and which failures run it again. */
export const transactionAttemptsMax = 8;

/** Another writer spent from an account since the batch read it: the batch runs again with what is there now. */
export class BalanceRace extends Error {
  constructor(readonly accountIds: readonly string[]) {
    super(`ledger accounts ${accountIds.join(', ')} changed under the batch`);
    this.name = 'BalanceRace';
  }
}

/**
 * The transaction was rolled back and may run again: PostgreSQL's deadlock_detected and
 * serialization_failure, SQLite's busy database (another process on the file wrote since this
 * transaction read, or holds the write lock: a reading transaction cannot wait to become a writer),
 * a balance another writer spent meanwhile, or a client_order_id that a process trading on another
 * market committed first (the next run refuses only that order).
 */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === '40P01' ||
    code === '40001' ||
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    error instanceof BalanceRace ||
    isUniqueViolation(error)
  );
}
