import { logJobFailure } from '../../db/unavailable.js';
import { randomBytes, randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import {
  deleteIdleProcesses,
  insertProcess,
  renewLeases,
  restoreProcess,
  type LeaseRenewal,
  type ProcessRow,
} from '../../db/inference-leases.js';
import type { Db } from '../../db/knex.js';
import {
  deadProcessIds,
  deleteDeadIdleProcesses,
  forgetLivenessLock,
  holdLivenessLock,
  type LivenessLock,
} from '../../db/process-liveness.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { textTokens } from '../tokens/tokens.js';

/**
 * Leases on concurrency slots (DESIGN.md §7), so that a process that dies gives its users' slots and
 * reservations back within seconds, billed by what it had delivered.
 *
 * How a process knows what is abandoned — and never takes a live process's work for abandoned:
 * - Every slot names its process and carries a short lease (30 s by default, MKT_INFERENCE_LEASE_MS).
 *   The process renews the leases of all its live requests — streamed or answered whole, which may
 *   wait minutes — every sixth of that, in ONE statement per process, and records each stream's
 *   delivered tokens in the same statement at least once a second. A slot nobody renews is
 *   abandoned when its lease runs out: that covers every way a request can be lost (a dead process
 *   on another machine, a settlement that failed), with no clock shared between processes beyond
 *   the lease's margin.
 * - A lease alone would keep a restarted process's users locked out for up to a lease. So every
 *   process also holds a liveness lock for its whole life (src/db/process-liveness.ts: a
 *   PostgreSQL advisory lock, or an exclusive lock on a file beside the SQLite database), which the
 *   database server or the kernel gives up the instant the process dies. A process whose lock is
 *   free is proven dead, and the sweep (every process runs it on start and every few seconds)
 *   settles its requests at once. A live process's lock is never free, so its requests are only
 *   ever swept if it stops renewing them for a whole lease (frozen, or cut off from the database).
 *   Then nothing more is delivered for free: a stream sends a chunk only while its last renewal
 *   reaches a renewal interval past now (else it renews first, and stops if the slot is gone), and
 *   an answer awaited whole is given only if its own settlement won the claim.
 */

/** Leases last this long unless configured; under a minute, as a lost process's users wait this long at most. */
const leaseLifetimeMsDefault = 30_000;
/** Delivered tokens are recorded at least this often, so a crash bills at most this much output short. */
const recordIntervalMsMax = 1_000;

interface LeaseOptions {
  lifetimeMs: number;
}

/**
 * What a slot taken now is written with: its owner (null before the keeper started: never renewed) and its first
 * expiry.
 */
export interface LeaseTerms {
  processId: string | null;
  expiresAtUs: number;
}

/** A request's slot as this process holds it, renewed until released. */
interface Held {
  requestId: string;
  sent: SentTokens | null;
  /** Delivered tokens last written. */
  writtenTokens: number;
  /** The expiry last written. */
  confirmedUntilUs: number;
  lost: () => void;
  /** The gauge of the slots this process holds, for the request's instrument; counted down once, at release. */
  inUse: SlotGauge;
  released: boolean;
}

/** `mkt_inference_slots_in_use` for one instrument (consumption/inference/inference-metrics.ts). */
interface SlotGauge {
  inc(): void;
  dec(): void;
}

/**
 * This process's lease keeper: the slots it holds, its process row and liveness lock, and the timer
 * that renews them. Made once per process (app/services.ts: `newLeaseKeeper`) and carried on
 * Services; `mkt serve` starts and stops it (app/main.ts: `startLeases`, `stopLeases`).
 */
export interface LeaseKeeper {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly held: Map<string, Held>;
  lifetimeUs: number;
  /** This process's row and lock; null until started, and again once stopped. */
  me: ProcessRow | null;
  lock: LivenessLock | null;
  timer: NodeJS.Timeout | undefined;
  /** The renewal in progress (renewals run one after another). */
  ticking: Promise<void>;
  /** When every lease was last renewed. */
  renewedAtUs: number;
}

export function newLeaseKeeper({ db, clock, logger }: { db: Db; clock: Clock; logger: Logger }): LeaseKeeper {
  return {
    db,
    clock,
    logger,
    held: new Map(),
    lifetimeUs: leaseLifetimeMsDefault * 1000,
    me: null,
    lock: null,
    timer: undefined,
    ticking: Promise.resolve(),
    renewedAtUs: 0,
  };
}

/** A request's hold on its slot (`holdLease`), renewed until released. */
export interface Lease {
  readonly keeper: LeaseKeeper;
  readonly terms: LeaseTerms;
  readonly held: Held;
  /** For streams: the text sent to the client so far, counted at the next renewal. */
  readonly sent: SentTokens | null;
}

/**
 * A fresh process row with its liveness lock held (the lock before the row: a row whose lock is free reads as a dead
 * process).
 */
async function registerProcess(keeper: LeaseKeeper): Promise<void> {
  const { db, logger } = keeper;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const row: ProcessRow = {
      id: `proc_${randomBytes(8).toString('hex')}`,
      lockKey: randomInt(1, 2 ** 31 - 1),
      host: hostname(),
      pid: process.pid,
      startedAtUs: keeper.clock.nowUs(),
    };
    const taken = await holdLivenessLock(db, row.id, row.lockKey, {
      lost: (error) => logger.warn({ err: error, process_id: row.id }, 'liveness lock lost; retaking it'),
      regained: () =>
        void restoreProcess(db, row).catch((error: unknown) =>
          logger.error({ err: error, process_id: row.id }, 'process row could not be restored'),
        ),
    });
    if (taken === null) continue;
    const inserted = await insertProcess(db, row).catch(async (error: unknown) => {
      await taken.release();
      throw error;
    });
    if (inserted) {
      keeper.me = row;
      keeper.lock = taken;
      return;
    }
    await taken.release();
    forgetLivenessLock(db, row.id);
  }
  throw new Error('no free liveness lock key after 10 attempts');
}

const renewalIntervalUs = (keeper: LeaseKeeper): number => keeper.lifetimeUs / 6;

/** One statement: the leases due (all of them when `all`), and every stream whose delivered tokens changed. */
async function renew(keeper: LeaseKeeper, all: boolean): Promise<void> {
  const { me, held } = keeper;
  if (me === null || held.size === 0) return;
  const nowUs = keeper.clock.nowUs();
  const renewAll = all || nowUs - keeper.renewedAtUs >= renewalIntervalUs(keeper);
  const due: { lease: Held; renewal: LeaseRenewal }[] = [];
  for (const lease of held.values()) {
    const deliveredTokens = lease.sent?.tokens() ?? 0;
    if (renewAll || deliveredTokens !== lease.writtenTokens)
      due.push({ lease, renewal: { requestId: lease.requestId, deliveredTokens } });
  }
  if (due.length === 0) return;
  const expiresAtUs = nowUs + keeper.lifetimeUs;
  const renewed = await renewLeases(
    keeper.db,
    me.id,
    due.map((d) => d.renewal),
    expiresAtUs,
  );
  if (renewAll) keeper.renewedAtUs = nowUs;
  for (const { lease, renewal } of due) {
    if (renewed.has(renewal.requestId)) {
      lease.writtenTokens = renewal.deliveredTokens;
      lease.confirmedUntilUs = expiresAtUs;
    } else if (held.get(lease.requestId) === lease) {
      // Settled by a sweep that took this process for lost: stop serving it.
      held.delete(lease.requestId);
      keeper.logger.warn({ request_id: lease.requestId }, 'inference slot lease lost; the request is stopped');
      lease.lost();
    }
  }
}

function scheduleRenewal(keeper: LeaseKeeper, all: boolean): Promise<void> {
  keeper.ticking = keeper.ticking
    .then(() => renew(keeper, all))
    .catch((error: unknown) => logJobFailure(keeper.logger, error, {}, 'inference lease renewal failed'));
  return keeper.ticking;
}

/** Registers this process (its liveness lock and row) and starts renewing. */
export async function startLeases(keeper: LeaseKeeper, options: LeaseOptions): Promise<void> {
  keeper.lifetimeUs = options.lifetimeMs * 1000;
  await registerProcess(keeper);
  const tickMs = Math.min(recordIntervalMsMax, options.lifetimeMs / 6);
  keeper.timer = setInterval(() => void scheduleRenewal(keeper, false), tickMs);
  keeper.timer.unref();
}

/** Stops renewing and gives the liveness lock up; the row goes too unless slots remain (then others settle them). */
export async function stopLeases(keeper: LeaseKeeper): Promise<void> {
  clearInterval(keeper.timer);
  await keeper.ticking;
  const me = keeper.me;
  if (me === null) return;
  await keeper.lock?.release();
  if ((await deleteIdleProcesses(keeper.db, [me.id])).length > 0) forgetLivenessLock(keeper.db, me.id);
  keeper.me = null;
}

/** What a slot taken now is written with. */
export const leaseTerms = (keeper: LeaseKeeper): LeaseTerms => ({
  processId: keeper.me?.id ?? null,
  expiresAtUs: keeper.clock.nowUs() + keeper.lifetimeUs,
});

/**
 * Holds the slot of a request admitted (committed) by this process with `terms`; `lost` runs if the slot was swept
 * while held.
 */
export function holdLease(
  keeper: LeaseKeeper,
  requestId: string,
  terms: LeaseTerms,
  options: { stream: boolean; lost: () => void; inUse: SlotGauge },
): Lease {
  const held: Held = {
    requestId,
    sent: options.stream ? new SentTokens() : null,
    writtenTokens: 0,
    confirmedUntilUs: terms.expiresAtUs,
    lost: options.lost,
    inUse: options.inUse,
    released: false,
  };
  options.inUse.inc();
  // Unowned (the keeper never started): nothing renews it, and nothing can be confirmed.
  if (terms.processId !== null) keeper.held.set(requestId, held);
  return { keeper, terms, held, sent: held.sent };
}

const isCurrent = (lease: Lease): boolean => lease.keeper.held.get(lease.held.requestId) === lease.held;

/** Whether the slot is surely still this request's at `nowUs` (its last renewal reaches well past it). */
export const leaseHolds = (lease: Lease, nowUs: number): boolean =>
  lease.terms.processId === null ||
  (isCurrent(lease) && nowUs < lease.held.confirmedUntilUs - renewalIntervalUs(lease.keeper));

/** Renews at once; false when the slot is lost (swept) or cannot be shown to be held. */
export async function confirmLease(lease: Lease): Promise<boolean> {
  if (!isCurrent(lease)) return false;
  await scheduleRenewal(lease.keeper, true);
  return isCurrent(lease) && lease.keeper.clock.nowUs() < lease.held.confirmedUntilUs;
}

export function releaseLease(lease: Lease): void {
  if (!lease.held.released) {
    lease.held.released = true;
    lease.held.inUse.dec();
  }
  if (isCurrent(lease)) lease.keeper.held.delete(lease.held.requestId);
}

/** Processes other than this one proven dead. */
export const deadProcesses = (keeper: LeaseKeeper): Promise<string[]> =>
  deadProcessIds(keeper.db, keeper.me?.id ?? null);

/** Forgets the dead processes that no longer hold slots. */
export async function forgetDeadProcesses(keeper: LeaseKeeper, processIds: readonly string[]): Promise<void> {
  for (const id of await deleteDeadIdleProcesses(keeper.db, processIds)) forgetLivenessLock(keeper.db, id);
}

/**
 * The completion tokens of a stream's text sent so far, counted as it grows: the text already
 * counted is cut only at a place where the tokenizer's pre-tokens always break (o200k_base: before
 * a space that follows a non-space, or after a line break followed by anything but white space or
 * `/`), so the pieces' counts add up to the count of the whole and each token is counted once.
 */
export class SentTokens {
  private text = '';
  private sentLength = 0;
  /** Tokens of `text[0, countedLength)`, which ends at a cut. */
  private countedLength = 0;
  private countedTokens = 0;
  private answeredLength = -1;
  private answer = 0;

  /** The first `length` characters of `text` (which only grows) have been sent. */
  sent(text: string, length: number): void {
    this.text = text;
    this.sentLength = length;
  }

  tokens(): number {
    if (this.sentLength === this.answeredLength) return this.answer;
    const tail = this.text.slice(this.countedLength, this.sentLength);
    const cut = lastCut(tail);
    if (cut > 0) {
      this.countedTokens += textTokens(tail.slice(0, cut));
      this.countedLength += cut;
    }
    this.answer = this.countedTokens + textTokens(tail.slice(cut));
    this.answeredLength = this.sentLength;
    return this.answer;
  }
}

const whiteSpace = /\s/u;

/** The last index of `text` (above 0) where o200k_base's pre-tokens break for certain; 0 if none. */
export function lastCut(text: string): number {
  for (let i = text.length - 1; i > 0; i -= 1) {
    const before = text.charAt(i - 1);
    const at = text.charAt(i);
    if (at === ' ' && !whiteSpace.test(before)) return i;
    if ((before === '\n' || before === '\r') && at !== '/' && !whiteSpace.test(at)) return i;
  }
  return 0;
}
