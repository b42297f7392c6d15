import type { SelfTradePrevention } from '../engine/types.js';
import { accountBalances, type AccountBalanceRow } from './journal.js';
import { accountSelfTradePreventions, defaultSelfTradePrevention, ordersByClientOrderIds } from './orders.js';
import { statement, type Sql } from './sql.js';

/**
 * What a trading batch's commands declared they read (src/trading/orders/batch.ts), read at once once its markets are
 * locked: the buckets of the accounts they may hold from, their users' default self-trade prevention, and the orders
 * that already carry their client_order_ids. On PostgreSQL one statement of fixed text, whatever the batch's size; on
 * SQLite, in this process, one statement of each kind.
 */
interface BatchReadsWanted {
  accountIds: readonly string[];
  selfTradePreventionsOf: readonly string[];
  clientOrderIds: readonly { userId: string; clientOrderId: string }[];
}

interface BatchReads {
  balances: AccountBalanceRow[];
  /** Every user asked for, with the default where the user has no setting. */
  selfTradePreventions: Map<string, SelfTradePrevention>;
  clientOrders: { user_id: string; client_order_id: string; id: string }[];
}

const postgresReads = statement(
  'batch_reads',
  '',
  `SELECT 'balance' AS what, id AS a, NULL::text AS b, NULL::text AS c, available AS n1, locked AS n2
   FROM ledger_accounts WHERE id = ANY(?::text[])
 UNION ALL SELECT 'stp', user_id, self_trade_prevention, NULL, NULL, NULL
   FROM account_settings WHERE user_id = ANY(?::text[])
 UNION ALL SELECT 'order', o.user_id, o.client_order_id, o.id, NULL, NULL
   FROM unnest(?::text[], ?::text[]) AS p(user_id, client_order_id)
   JOIN orders o ON o.user_id = p.user_id AND o.client_order_id = p.client_order_id`,
);

interface ReadRow {
  what: 'balance' | 'stp' | 'order';
  a: string;
  b: string | null;
  c: string | null;
  n1: number | string | null;
  n2: number | string | null;
}

export async function readForBatch(sql: Sql, wanted: BatchReadsWanted): Promise<BatchReads> {
  const { accountIds, selfTradePreventionsOf: users, clientOrderIds: pairs } = wanted;
  if (sql.kind !== 'postgres')
    return {
      balances: accountIds.length > 0 ? await accountBalances(sql, accountIds) : [],
      selfTradePreventions:
        users.length > 0 ? await accountSelfTradePreventions(sql, users) : new Map<string, SelfTradePrevention>(),
      clientOrders: pairs.length > 0 ? await ordersByClientOrderIds(sql, pairs) : [],
    };
  const reads: BatchReads = {
    balances: [],
    selfTradePreventions: new Map(users.map((id) => [id, defaultSelfTradePrevention])),
    clientOrders: [],
  };
  if (accountIds.length + users.length + pairs.length === 0) return reads;
  const rows = await sql.all<ReadRow>(postgresReads, [
    [...accountIds],
    [...users],
    pairs.map((p) => p.userId),
    pairs.map((p) => p.clientOrderId),
  ]);
  for (const row of rows) {
    if (row.what === 'balance') reads.balances.push({ id: row.a, available: Number(row.n1), locked: Number(row.n2) });
    else if (row.what === 'stp') reads.selfTradePreventions.set(row.a, selfTradePreventionOf(row.b));
    else reads.clientOrders.push({ user_id: row.a, client_order_id: row.b ?? '', id: row.c ?? '' });
  }
  return reads;
}

const modes: readonly SelfTradePrevention[] = ['expire_taker', 'expire_maker', 'expire_both', 'decrement'];
const selfTradePreventionOf = (text: string | null): SelfTradePrevention =>
  modes.find((mode) => mode === text) ?? defaultSelfTradePrevention;
