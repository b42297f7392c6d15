import { logJobFailure } from '../../db/unavailable.js';
import {
  allMarketsScope,
  armSwitch,
  claimSwitch,
  disarmSwitch,
  dueCheck,
  firingsOf,
  switchTriggerUs,
  takeFiring,
  type DeadManSwitch,
  type SwitchFiring,
} from '../../db/dead-man-switches.js';
import { findMarket } from '../../core/reference.js';
import { usPerSecond, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { OrderDeps } from './order-books.js';
import { requireAdvanced } from './order-entry.js';
import { cancelChosen } from './orders.js';
import { answer, refuse, type Refusable } from './refusals.js';

/**
 * The dead-man's switch (`POST /v1/orders/cancel-all-after`, Kraken's cancel_all_orders_after):
 * unless re-armed before its trigger time, the user's open orders (of one market, or all) are
 * cancelled with `closure_reason: dead_man_switch`.
 *
 * The switch lives in the database (db/dead-man-switches.ts), so any process fires it. Firing is
 * two steps, each exactly once however many processes see the switch due:
 *
 *   claim  – one transaction deletes the switch if it still has its trigger time, and leaves one
 *            firing per market where the user has orders to cancel (submitted up to the trigger);
 *   cancel – per market, one command of the order pipeline (group commit, ledger releases, stream
 *            events) deletes the firing in its transaction and cancels those orders still open.
 *
 * A process that dies between the two leaves firings, which the next due check of any process
 * completes. Every process checks on start, then every `pollMs`, and wakes at the earliest trigger
 * it knows of; since a switch is armed at least 5 s ahead, each process knows of it in time.
 */

export const timeoutSecondsMin = 5;
export const timeoutSecondsMax = 86_400;
/** How often each process reads the earliest triggers (and leftover firings). */
const switchPollMs = 1_000;
/** Due switches fired per round; a full page makes the next round start at once. */
const roundSwitchesMax = 64;

interface SwitchDeps extends OrderDeps {
  clock: Clock;
  logger: Logger;
  /**
   * The markets this process trades (MKT_MARKETS; unset: all): the watch fires only their firings, and leaves the
   * others' to their owners' watch, which finds them as leftovers.
   */
  ownsMarket?: (marketId: string) => boolean;
}

const ownedBy = (deps: SwitchDeps) => (firing: SwitchFiring) => deps.ownsMarket?.(firing.marketId) ?? true;

/**
 * Arms (timeout 5–86,400 s), re-arms or disarms (0) the caller's switch of the market, or of every
 * market; answers its trigger time, null once disarmed. A switch already due cannot be saved: its
 * firing is completed first (here, if no process has yet), and the call then acts on a clean slate.
 */
export function cancelAllOrdersAfter(
  deps: SwitchDeps,
  userId: string,
  request: SwitchRequest,
  nowUs: number,
): Promise<Refusable<number | null>> {
  return answer(() => setSwitch(deps, userId, request, nowUs));
}

interface SwitchRequest {
  timeoutSeconds: number;
  marketId: string | undefined;
}

async function setSwitch(
  deps: SwitchDeps,
  userId: string,
  request: SwitchRequest,
  nowUs: number,
): Promise<number | null> {
  await requireAdvanced(deps, userId, false, 'cancellation');
  if (request.marketId !== undefined && !(await findMarket(deps, request.marketId))) {
    refuse({
      code: 'unknown_market',
      detail: `No market with id ${request.marketId}. Use the market_id of GET /v1/markets; never derive it from a symbol.`,
    });
  }
  const scope = request.marketId ?? allMarketsScope;
  const triggerAtUs = request.timeoutSeconds === 0 ? null : nowUs + request.timeoutSeconds * usPerSecond;
  // Two rounds at most: the first may find the switch due and fire it; the second then finds none.
  for (let attempt = 1; ; attempt++) {
    const done =
      triggerAtUs === null
        ? await disarmSwitch(deps.db, userId, scope, nowUs)
        : await armSwitch(deps.db, userId, scope, triggerAtUs, nowUs);
    if (done) break;
    const dueAtUs = await switchTriggerUs(deps.db, userId, scope);
    if (dueAtUs === undefined && triggerAtUs === null) break; // nothing to disarm
    if (attempt >= 3) throw new Error(`the dead-man's switch ${userId}/${scope} stayed due after ${attempt} attempts`);
    if (dueAtUs !== undefined && dueAtUs <= nowUs)
      await fireSwitch(deps, { userId, scope, triggerAtUs: dueAtUs }, nowUs);
  }
  // Another process may be cancelling what a switch of this user left: the answer comes after it.
  await runFirings(deps, await firingsOf(deps.db, userId), nowUs);
  return triggerAtUs;
}

/** Claims a due switch and cancels what it covers; false when another call or process took it first. */
async function fireSwitch(deps: SwitchDeps, due: DeadManSwitch, nowUs: number): Promise<boolean> {
  if (!(await claimSwitch(deps.db, due))) return false;
  const firings = (await firingsOf(deps.db, due.userId)).filter(
    (firing) => firing.cutoffUs === due.triggerAtUs && ownedBy(deps)(firing),
  );
  await runFirings(deps, firings, nowUs);
  return true;
}

/** Each market's share at once, so that they can join one group commit. */
async function runFirings(deps: SwitchDeps, firings: readonly SwitchFiring[], nowUs: number): Promise<void> {
  const outcomes = await Promise.allSettled(firings.map((firing) => cancelFiring(deps, firing, nowUs)));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * One market's share of a fired switch, in one command of the order pipeline: the firing is
 * deleted in the transaction that cancels its orders, so a second process finds nothing to do.
 * Orders submitted after the trigger stay. The orders are read before the firing is taken, and
 * nothing can fail between taking it and the cancellation, whose first step touches the book: a
 * failure there rolls the whole batch back (books.ts), the firing with it.
 */
function cancelFiring(deps: SwitchDeps, firing: SwitchFiring, nowUs: number): Promise<number> {
  return cancelChosen(deps, firing.marketId, 'dead_man_switch', nowUs, async (session) => {
    const open = (await session.batch.openOrders(firing.userId, { marketId: firing.marketId })).filter(
      (order) => order.submitted_at_us <= firing.cutoffUs,
    );
    if (!(await takeFiring(session.batch.sql, firing))) return { orders: [], result: 0 };
    return { orders: open, result: open.length };
  });
}

/**
 * One due check: fires the due switches among the earliest ones and completes leftover firings.
 * Answers when to look next: the earliest trigger still ahead, `nowUs` when more may be due, or
 * null when no switch is armed.
 */
export async function fireDueSwitches(
  deps: SwitchDeps,
  nowUs: number,
): Promise<{ fired: number; nextAtUs: number | null }> {
  const { switches: earliest, firings: leftAnywhere } = await dueCheck(deps.db, roundSwitchesMax);
  const left = leftAnywhere.filter(ownedBy(deps));
  const due = earliest.filter((armed) => armed.triggerAtUs <= nowUs);
  // Claimed here (true), by another call or process first (false), or failed (null: the next check tries again).
  const claims = await Promise.all(
    due.map((armed) => fireSwitch(deps, armed, nowUs).catch((error: unknown) => logFailure(deps, error))),
  );
  if (left.length > 0) await runFirings(deps, left, nowUs).catch((error: unknown) => logFailure(deps, error));
  const ahead = earliest.find((armed) => armed.triggerAtUs > nowUs);
  // A full page of due switches, all dealt with: more may be due. One that failed waits for the poll.
  const moreDue = due.length === roundSwitchesMax && !claims.includes(null);
  return {
    fired: claims.filter((claimed) => claimed === true).length,
    nextAtUs: moreDue ? nowUs : (ahead?.triggerAtUs ?? null),
  };
}

function logFailure(deps: SwitchDeps, error: unknown): null {
  logJobFailure(deps.logger, error, {}, "a dead-man's switch did not fire; the next due check tries again");
  return null;
}

interface SwitchWatch {
  stop(): Promise<void>;
}

/**
 * Runs the due check in this process: at once (a restarted process fires what came due while
 * none ran), every `pollMs`, and at the earliest trigger it read. Checks never overlap; one asked
 * for while another runs waits for it.
 */
export function watchDeadManSwitches(deps: SwitchDeps, pollMs = switchPollMs): SwitchWatch {
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let wake: NodeJS.Timeout | undefined;
  let wakeAtUs: number | null = null;

  const wakeAt = (atUs: number | null) => {
    if (stopped || atUs === null || atUs === wakeAtUs) return;
    clearTimeout(wake);
    wakeAtUs = atUs;
    wake = setTimeout(
      () => {
        wakeAtUs = null;
        check();
      },
      Math.max(0, Math.ceil((atUs - deps.clock.nowUs()) / 1000)),
    );
    wake.unref();
  };
  const check = () => {
    if (queued || stopped) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      if (stopped) return;
      try {
        wakeAt((await fireDueSwitches(deps, deps.clock.nowUs())).nextAtUs);
      } catch (error) {
        logFailure(deps, error);
      }
    });
  };

  check();
  const poll = setInterval(check, pollMs);
  poll.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(wake);
      await running;
    },
  };
}
