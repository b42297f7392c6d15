import type { Knex } from 'knex';

/**
 * The announcements of the ledger's writers, per database, made once a transaction that changed
 * balances commits: `accounts_changed` for the live streams (what publishes it is registered by the
 * core's announcements, src/core/announcements.ts, from the composition root), and the accounts
 * whose available bucket went down for this process's watcher (auto-reload, app/main.ts). A
 * database with neither registered (tests that build services by hand, `mkt admin`) announces nothing.
 */
type AnnounceAccountsChanged = (accountIds: readonly string[]) => void;

// Keyed by the client's config: a transaction's client is an object of its own, its config the database's.
export const keyOf = (db: Knex | Knex.Transaction): object => (db.client as { config: object }).config;
const announcers = new WeakMap<object, AnnounceAccountsChanged>();

export function announceAccountsChangedOf(db: Knex, announce: AnnounceAccountsChanged): void {
  announcers.set(keyOf(db), announce);
}

/**
 * What this process does after its own commits changed users' balances (auto-reload, app/main.ts): one
 * watcher per database, called on a later turn than the commit, never inside a transaction. It
 * hears the accounts whose available bucket a journal entry lowered (`post()`), and every user
 * account a trading batch changed (src/trading/orders/order-books.ts): the watcher re-reads balances anyway.
 */
type AccountsWatcher = (accountIds: readonly string[]) => void;
const watchers = new WeakMap<object, AccountsWatcher>();

export function watchCommittedAccounts(db: Knex, watcher: AccountsWatcher): () => void {
  const key = keyOf(db);
  watchers.set(key, watcher);
  return () => {
    if (watchers.get(key) === watcher) watchers.delete(key);
  };
}

/** Tells the watcher of this database that a committed transaction changed these user accounts. */
export function accountsCommitted(db: Knex | Knex.Transaction, accountIds: readonly string[]): void {
  const watcher = watchers.get(keyOf(db));
  if (watcher && accountIds.length > 0) setImmediate(() => watcher(accountIds));
}

interface Noted {
  changed: Set<string>;
  lowered: Set<string>;
}

const changedAccounts = new WeakMap<object, Noted>();

/**
 * Notes ledger accounts a transaction changed, and those of them whose available bucket it lowered;
 * once its outermost transaction commits, one `accounts_changed` leaves and the watcher hears of
 * the lowered ones; nothing happens if it rolls back.
 */
export function noteChangedAccounts(
  trx: Knex.Transaction,
  accountIds: Iterable<string>,
  loweredIds: Iterable<string> = [],
): void {
  const announce = announcers.get(keyOf(trx));
  if (!announce && !watchers.has(keyOf(trx))) return;
  let outermost: Knex.Transaction = trx;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  let noted = changedAccounts.get(outermost);
  if (!noted) {
    const fresh: Noted = { changed: new Set(), lowered: new Set() };
    noted = fresh;
    changedAccounts.set(outermost, fresh);
    outermost.executionPromise.then(
      () => {
        announce?.([...fresh.changed]);
        accountsCommitted(trx, [...fresh.lowered]);
      },
      () => undefined,
    );
  }
  for (const id of accountIds) if (!id.startsWith('system:')) noted.changed.add(id);
  for (const id of loweredIds) if (!id.startsWith('system:')) noted.lowered.add(id);
}
