import type { components } from '../../generated/types/platform.js';
import type { Db } from '../db/knex.js';
import { payoutDestinationsByIds, type PayoutDestinationRow } from '../db/payout-destinations.js';
import type { WithdrawalRow } from '../db/withdrawals.js';
import { assert } from '../lib/assert.js';
import { toIso, toIsoOrNull } from '../lib/clock.js';
import { formatUsdCents } from '../lib/money.js';
import { poolSql } from '../db/sql.js';
import { pendingWithdrawals } from '../db/withdrawals.js';
import type { Clock } from '../lib/clock.js';
import type { PaymentsOptions } from './payments-options.js';
import type { WithdrawalOptions } from './withdrawal-options.js';
import { dailyRoom, destinationKindOf, withdrawableRoom } from './withdrawal-rules.js';

type Schemas = components['schemas'];

/** What the user is shown of a bank reference: its last four characters. */
const referenceHint = (reference: string | null): string | null =>
  reference === null ? null : `…${reference.slice(-4)}`;

export function destinationView(row: PayoutDestinationRow, nowUs: number): Schemas['PayoutDestination'] {
  const usableFromUs = Number(row.usable_from_us);
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    bank_reference_hint: referenceHint(row.bank_reference),
    usable_from: toIso(usableFromUs),
    usable: usableFromUs <= nowUs,
    created_at: toIso(Number(row.created_at_us)),
  };
}

export function withdrawalView(row: WithdrawalRow, destination: PayoutDestinationRow): Schemas['Withdrawal'] {
  return {
    id: row.id,
    amount_usd: formatUsdCents(Number(row.amount_micros)),
    status: row.status,
    method: row.method,
    sandbox: row.method === 'sandbox',
    destination: { id: destination.id, kind: destination.kind, label: destination.label },
    payout_reference: row.payout_reference,
    reason: row.reason,
    created_at: toIso(Number(row.created_at_us)),
    decided_at: toIsoOrNull(row.decided_at_us === null ? null : Number(row.decided_at_us)),
  };
}

/** Each withdrawal with its destination, the destinations read in one statement. */
export async function withDestinations(
  db: Db,
  rows: readonly WithdrawalRow[],
): Promise<{ row: WithdrawalRow; destination: PayoutDestinationRow }[]> {
  const destinations = new Map(
    (
      await payoutDestinationsByIds(
        db,
        rows.map((r) => r.destination_id),
      )
    ).map((d) => [d.id, d]),
  );
  return rows.map((row) => {
    const destination = destinations.get(row.destination_id);
    assert(destination !== undefined, `withdrawal ${row.id} names destination ${row.destination_id}, which exists`);
    return { row, destination };
  });
}

/** Withdrawals as the API shows them. */
export async function withdrawalViews(db: Db, rows: readonly WithdrawalRow[]): Promise<Schemas['Withdrawal'][]> {
  return (await withDestinations(db, rows)).map(({ row, destination }) => withdrawalView(row, destination));
}

/** One withdrawal as the API shows it. */
export async function withdrawalViewOf(db: Db, row: WithdrawalRow): Promise<Schemas['Withdrawal']> {
  const [view] = await withdrawalViews(db, [row]);
  assert(view !== undefined, `withdrawal ${row.id} has its view`);
  return view;
}

/** The `withdrawals` of GET /v1/funds: what withdrawals allow the user now, by the payment path's destinations. */
export async function fundingWithdrawals(
  deps: { db: Db; clock: Clock; config: { payments: PaymentsOptions; withdrawals: WithdrawalOptions } },
  userId: string,
): Promise<Schemas['FundingWithdrawals']> {
  const { withdrawals: options, payments } = deps.config;
  const sql = poolSql(deps.db);
  const { withdrawnToday, remaining } = await dailyRoom(sql, options, userId, deps.clock.nowUs());
  const room = await withdrawableRoom(sql, userId, destinationKindOf(payments.method));
  return {
    min_amount_usd: formatUsdCents(options.minMicros),
    max_amount_usd: formatUsdCents(options.maxMicros),
    daily_limit_usd: formatUsdCents(options.dailyLimitMicros),
    withdrawn_today_usd: formatUsdCents(withdrawnToday),
    remaining_today_usd: formatUsdCents(remaining),
    withdrawable_usd: formatUsdCents(room.withdrawableMicros),
    pending_usd: formatUsdCents(await pendingWithdrawals(sql, userId)),
    cooling_off_seconds: options.coolOffS,
    reauthentication_seconds: options.reauthenticationS,
  };
}
