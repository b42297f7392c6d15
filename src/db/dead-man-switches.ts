import type { Db } from './knex.js';
import { poolSql, sqlOf, statement, type Sql } from './sql.js';
import { openStatuses } from './trading-rows.js';

/**
 * The dead-man's switches and their firings (migration 0018), each statement prepared once.
 * A switch is armed, moved or disarmed only while its trigger time lies ahead: once it has come,
 * the switch belongs to its firing, which deletes it conditionally on that trigger time, so a
 * re-arm and a firing never both take effect.
 */

/** The scope of a switch that covers every market (a market's own switch has its market id). */
export const allMarketsScope = 'all';

export interface DeadManSwitch {
  userId: string;
  /** `all`, or a market id. */
  scope: string;
  triggerAtUs: number;
}

/** One market's share of a switch that fired: its orders submitted up to `cutoffUs` are to be cancelled. */
export interface SwitchFiring {
  userId: string;
  marketId: string;
  cutoffUs: number;
}

const arm = statement(
  'dead_man_switch_arm',
  `INSERT INTO dead_man_switches (user_id, scope, trigger_at_us, armed_at_us) VALUES (?, ?, ?, ?)
   ON CONFLICT (user_id, scope) DO UPDATE SET trigger_at_us = excluded.trigger_at_us, armed_at_us = excluded.armed_at_us
   WHERE dead_man_switches.trigger_at_us > ?`,
);
const disarm = statement(
  'dead_man_switch_disarm',
  'DELETE FROM dead_man_switches WHERE user_id = ? AND scope = ? AND trigger_at_us > ?',
);
const triggerOf = statement(
  'dead_man_switch_trigger',
  'SELECT trigger_at_us FROM dead_man_switches WHERE user_id = ? AND scope = ?',
);
// The due check, one statement: the earliest triggers (a range of their index) and any firings left.
const dueCheckStatement = statement(
  'dead_man_switches_due_check',
  `SELECT * FROM (SELECT user_id, scope, trigger_at_us, 0 AS firing FROM dead_man_switches ORDER BY trigger_at_us LIMIT ?) AS armed
   UNION ALL
   SELECT * FROM (SELECT user_id, market_id, cutoff_us, 1 AS firing FROM dead_man_switch_firings ORDER BY cutoff_us LIMIT ?) AS left_over`,
);
const claim = statement(
  'dead_man_switch_claim',
  'DELETE FROM dead_man_switches WHERE user_id = ? AND scope = ? AND trigger_at_us = ?',
);

const isOpen = `status IN (${openStatuses.map((status) => `'${status}'`).join(', ')})`;
// SQLite reads an upsert after INSERT … SELECT only when the SELECT has a WHERE clause, as these do.
const fireEverywhere = statement(
  'dead_man_switch_fire_all',
  `INSERT INTO dead_man_switch_firings (user_id, market_id, cutoff_us)
   SELECT DISTINCT user_id, market_id, CAST(? AS BIGINT) FROM orders WHERE user_id = ? AND ${isOpen} AND submitted_at_us <= ?
   ON CONFLICT DO NOTHING`,
);
const fireOnMarket = statement(
  'dead_man_switch_fire_market',
  `INSERT INTO dead_man_switch_firings (user_id, market_id, cutoff_us)
   SELECT DISTINCT user_id, market_id, CAST(? AS BIGINT) FROM orders WHERE user_id = ? AND ${isOpen} AND submitted_at_us <= ? AND market_id = ?
   ON CONFLICT DO NOTHING`,
);
const firingsOfUser = statement(
  'dead_man_switch_firings_of_user',
  'SELECT user_id, market_id, cutoff_us FROM dead_man_switch_firings WHERE user_id = ?',
);
const claimFiring = statement(
  'dead_man_switch_firing_claim',
  'DELETE FROM dead_man_switch_firings WHERE user_id = ? AND market_id = ? AND cutoff_us = ?',
);

interface SwitchRow {
  user_id: string;
  scope: string;
  trigger_at_us: number;
}

interface FiringRow {
  user_id: string;
  market_id: string;
  cutoff_us: number;
}

const firingOf = (row: FiringRow): SwitchFiring => ({
  userId: row.user_id,
  marketId: row.market_id,
  cutoffUs: Number(row.cutoff_us),
});

/**
 * Arms the switch or moves its trigger; false when it is due (its trigger is not after `nowUs`): it must fire first.
 */
export async function armSwitch(
  db: Db,
  userId: string,
  scope: string,
  triggerAtUs: number,
  nowUs: number,
): Promise<boolean> {
  return (await poolSql(db).run(arm, [userId, scope, triggerAtUs, nowUs, nowUs])) === 1;
}

/** Disarms a switch whose trigger lies ahead; false when there is none, or it is due. */
export async function disarmSwitch(db: Db, userId: string, scope: string, nowUs: number): Promise<boolean> {
  return (await poolSql(db).run(disarm, [userId, scope, nowUs])) === 1;
}

/** The switch's trigger time, undefined when none is armed. */
export async function switchTriggerUs(db: Db, userId: string, scope: string): Promise<number | undefined> {
  const row = await poolSql(db).get<{ trigger_at_us: number }>(triggerOf, [userId, scope]);
  return row === undefined ? undefined : Number(row.trigger_at_us);
}

/**
 * What the due check reads: the `limit` switches that fire first (earliest first, due or not) and
 * up to `limit` firings not done yet (those a process left when it stopped between a claim and its
 * cancellations, or that are being done right now).
 */
export async function dueCheck(db: Db, limit: number): Promise<{ switches: DeadManSwitch[]; firings: SwitchFiring[] }> {
  const rows = await poolSql(db).all<SwitchRow & { firing: number }>(dueCheckStatement, [limit, limit]);
  const armed = rows.filter((row) => Number(row.firing) === 0);
  return {
    switches: armed
      .map((row) => ({ userId: row.user_id, scope: row.scope, triggerAtUs: Number(row.trigger_at_us) }))
      .sort((a, b) => a.triggerAtUs - b.triggerAtUs),
    firings: rows
      .filter((row) => Number(row.firing) === 1)
      .map((row) => firingOf({ user_id: row.user_id, market_id: row.scope, cutoff_us: row.trigger_at_us })),
  };
}

/**
 * Takes a due switch for firing, in one transaction: deletes it if it still has this trigger time
 * (nobody fired or re-armed it meanwhile) and leaves a firing for each market where the user has
 * open orders in its scope submitted up to the trigger. False when it was no longer there.
 */
export async function claimSwitch(db: Db, due: DeadManSwitch): Promise<boolean> {
  return db.transaction(async (trx) => {
    const sql = await sqlOf(trx);
    if ((await sql.run(claim, [due.userId, due.scope, due.triggerAtUs])) !== 1) return false;
    if (due.scope === allMarketsScope) await sql.run(fireEverywhere, [due.triggerAtUs, due.userId, due.triggerAtUs]);
    else await sql.run(fireOnMarket, [due.triggerAtUs, due.userId, due.triggerAtUs, due.scope]);
    return true;
  });
}

/** The user's firings not done yet. */
export async function firingsOf(db: Db, userId: string): Promise<SwitchFiring[]> {
  return (await poolSql(db).all<FiringRow>(firingsOfUser, [userId])).map(firingOf);
}

/**
 * Deletes the firing in the transaction that cancels its orders (`sql` is that transaction's); false when another did
 * it first.
 */
export async function takeFiring(sql: Sql, firing: SwitchFiring): Promise<boolean> {
  return (await sql.run(claimFiring, [firing.userId, firing.marketId, firing.cutoffUs])) === 1;
}
