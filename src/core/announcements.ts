import type { Knex } from 'knex';
import { announceAccountsChangedOf, keyOf } from '../ledger/announcements.js';
import type { StreamEvent } from './events.js';

/**
 * How writers outside the trading batch (the ledger's other writers, signing keys) announce events
 * of their committed transactions to the live streams, without taking the transport as a parameter
 * through every call: the composition root registers, per database, what publishes (app/main.ts); a
 * database without one (tests that build services by hand, `mkt admin`) announces nothing.
 */
type Publish = (events: readonly StreamEvent[]) => void;

// Keyed as the ledger's registries are: by the client's config, the database's (a transaction's client is its own).
const publishers = new WeakMap<object, Publish>();

/** Registers what publishes for `db`, and makes the ledger's `accounts_changed` leave through it. */
export function publishCommitsOf(db: Knex, publish: Publish): void {
  publishers.set(keyOf(db), publish);
  announceAccountsChangedOf(db, (accountIds) =>
    publish([{ stream: 'control', event: 'accounts_changed', accountIds: [...accountIds] }]),
  );
}

/** Announces at once: for a write that has already committed (a statement outside any transaction). */
export function announceCommitted(db: Knex, events: readonly StreamEvent[]): void {
  publishers.get(keyOf(db))?.(events);
}
