import type { Knex } from 'knex';
import type { StreamEvent } from './events.js';

/**
 * How writers outside the trading batch (the ledger's other writers, signing keys) announce events
 * of their committed transactions to the live streams, without taking the transport as a parameter
 * through every call: the composition root registers, per database, what publishes (main.ts); a
 * database without one (tests that build services by hand, `mkt admin`) announces nothing.
 */
type Publish = (events: readonly StreamEvent[]) => void;

// Keyed by the client's config: a transaction's client is an object of its own, its config the database's.
const publishers = new WeakMap<object, Publish>();

export function publishCommitsOf(db: Knex, publish: Publish): void {
  publishers.set(db.client.config as object, publish);
}

/** Announces at once: for a write that has already committed (a statement outside any transaction). */
export function announceCommitted(db: Knex, events: readonly StreamEvent[]): void {
  publishers.get(db.client.config as object)?.(events);
}

interface Transactor {
  parentTransaction?: Transactor;
  executionPromise: Promise<unknown>;
}

const changedAccounts = new WeakMap<object, Set<string>>();

/**
 * Notes ledger accounts a transaction changed; one `accounts_changed` leaves once its outermost
 * transaction commits, and none if it rolls back.
 */
export function noteChangedAccounts(trx: Knex.Transaction, accountIds: Iterable<string>): void {
  const publish = publishers.get(trx.client.config as object);
  if (!publish) return;
  let outermost = trx as unknown as Transactor;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  let noted = changedAccounts.get(outermost);
  if (!noted) {
    const ids = new Set<string>();
    noted = ids;
    changedAccounts.set(outermost, ids);
    outermost.executionPromise.then(
      () => publish([{ stream: 'control', event: 'accounts_changed', accountIds: [...ids] }]),
      () => undefined,
    );
  }
  for (const id of accountIds) if (!id.startsWith('system:')) noted.add(id);
}
