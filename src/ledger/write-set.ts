import type { AccountChange, Bucket, JournalEntryWrite } from '../db/journal.js';
import { assert } from '../lib/assert.js';

/**
 * The one place a journal write set is built. Every writer of the ledger adds its entries here: a
 * single entry (`post()` in journal.ts: deposits, transfers, supply, consumption admission,
 * settlement and lot expiry) and trading's group commit (src/trading/orders/batch.ts: admission and
 * settlement). Each entry is asserted balanced and netted into one change per account, whichever
 * of its buckets it moves; a writer that has read the balances has the entry refused here when it
 * would take a user's bucket below zero (system accounts may go negative: the outside world, fees,
 * issuance, conversion). src/db/ then writes the entries and one conditional update per account,
 * so a writer that read too little, or a balance another process spent since, is refused there.
 */
export interface Posting {
  accountId: string;
  bucket: Bucket;
  asset: string;
  /** Signed: positive adds to the bucket, negative takes from it. */
  amount: number;
}

export interface Buckets {
  available: number;
  locked: number;
}

export const isSystemAccount = (accountId: string): boolean => accountId.startsWith('system:');

/** The buckets a writer read of a user account before this set, or undefined when it did not read them (no check). */
type StoredBalance = (accountId: string) => Buckets | undefined;

/** Every asset's postings sum to zero: an entry that does not balance is a bug. */
function assertBalanced(postings: readonly Posting[]): void {
  const sums = new Map<string, number>();
  for (const p of postings) {
    assert(Number.isSafeInteger(p.amount), `posting amount must be a safe integer, got ${p.amount}`);
    sums.set(p.asset, (sums.get(p.asset) ?? 0) + p.amount);
  }
  for (const [asset, sum] of sums) assert(sum === 0, `journal entry does not balance in ${asset}: ${sum}`);
}

/** An entry's postings netted per account, in the order the accounts first appear. */
function netPerAccount(postings: readonly Posting[]): Map<string, Buckets> {
  const net = new Map<string, Buckets>();
  for (const p of postings) {
    const change = net.get(p.accountId) ?? { available: 0, locked: 0 };
    change[p.bucket] += p.amount;
    net.set(p.accountId, change);
  }
  return net;
}

/** Entries and the net change of each account they move, held until the writer writes them at once. */
export class JournalWriteSet {
  readonly entries: JournalEntryWrite[] = [];
  private readonly changes = new Map<string, AccountChange>();

  /**
   * Adds a balanced entry (one with no non-zero posting adds nothing). With `stored`, an entry that
   * would take a user bucket read there below zero, counting what this set already moved, is
   * refused: resolves with that account, and nothing is added. Undefined when added.
   */
  add(
    kind: string,
    reference: string | null,
    postings: readonly Posting[],
    nowUs: number,
    stored?: StoredBalance,
  ): string | undefined {
    const live = postings.filter((p) => p.amount !== 0);
    if (live.length === 0) return undefined;
    assertBalanced(live);
    const net = netPerAccount(live);
    const overdrawn = stored === undefined ? undefined : this.overdrawnAccount(net, stored);
    if (overdrawn !== undefined) return overdrawn;
    for (const [accountId, change] of net) {
      const account = this.account(accountId, nowUs);
      account.available += change.available;
      account.locked += change.locked;
    }
    this.entries.push({ kind, reference, createdAtUs: nowUs, postings: live });
    return undefined;
  }

  /** The first user account, among those read, that `net` would take below zero. */
  private overdrawnAccount(net: ReadonlyMap<string, Buckets>, stored: StoredBalance): string | undefined {
    for (const [accountId, change] of net) {
      if (isSystemAccount(accountId) || (change.available >= 0 && change.locked >= 0)) continue;
      const before = stored(accountId);
      if (before === undefined) continue;
      const after = this.balance(accountId, before);
      if (after.available + change.available < 0 || after.locked + change.locked < 0) return accountId;
    }
    return undefined;
  }

  /** A balance read before this set, with what the set has moved since. */
  balance(accountId: string, stored: Buckets): Buckets {
    const change = this.changes.get(accountId);
    return { available: stored.available + (change?.available ?? 0), locked: stored.locked + (change?.locked ?? 0) };
  }

  /** The change of one account, made (moving nothing) on first use: its activity stamps are set on it. */
  account(accountId: string, nowUs: number): AccountChange {
    let account = this.changes.get(accountId);
    if (!account) {
      account = {
        accountId,
        available: 0,
        locked: 0,
        lastDepositAtUs: null,
        lastWithdrawalAtUs: null,
        lastTradingActivityAtUs: null,
        lastTransferAtUs: null,
        transfersIn: 0,
        updatedAtUs: nowUs,
      };
      this.changes.set(accountId, account);
    }
    account.updatedAtUs = Math.max(account.updatedAtUs, nowUs);
    return account;
  }

  /** Every account's change, in the order the accounts were first moved. */
  accountChanges(): AccountChange[] {
    return [...this.changes.values()];
  }

  /** The bucket of a refused account that the set takes below zero, and by how much it moves it. */
  shortfallOf(accountId: string): { bucket: Bucket; amount: number } {
    const change = this.changes.get(accountId);
    assert(change !== undefined, `the write set does not move ledger account ${accountId}`);
    const bucket: Bucket = change.available < 0 ? 'available' : 'locked';
    return { bucket, amount: change[bucket] };
  }

  /** The users' accounts the set moves (system accounts are nobody's to announce). */
  userAccountIds(): string[] {
    return [...this.changes.keys()].filter((id) => !isSystemAccount(id));
  }

  /** The users' accounts whose available bucket the set lowers. */
  loweredAccountIds(): string[] {
    return this.accountChanges()
      .filter((change) => change.available < 0 && !isSystemAccount(change.accountId))
      .map((change) => change.accountId);
  }
}
