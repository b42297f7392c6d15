import { statement, type Sql } from './sql.js';

/**
 * Budgets of consumption keys (migration 0016's `api_key_spend`, its contract in the migration's
 * comment): one row per key and budget period, reserved at admission and trued up at settlement.
 */
interface KeySpendRow {
  spent_micros: number | string;
  reserved_micros: number | string;
}

const ensureRow = statement(
  'api_key_spend_ensure',
  'INSERT INTO api_key_spend (api_key_id, period_start_us, spent_micros, reserved_micros) VALUES (?, ?, 0, 0) ON CONFLICT DO NOTHING',
);
const reserve = statement(
  'api_key_spend_reserve',
  'UPDATE api_key_spend SET reserved_micros = reserved_micros + ? WHERE api_key_id = ? AND period_start_us = ? AND spent_micros + reserved_micros + ? <= ?',
);
const spendOf = statement(
  'api_key_spend_of',
  'SELECT spent_micros, reserved_micros FROM api_key_spend WHERE api_key_id = ? AND period_start_us = ?',
);
// The row exists when the request reserved; a key without a budget reserved nothing, and its first settled request of a
// period makes the row. (Also a part of settlement's statement on PostgreSQL: consumption-lots.ts.)
export const trueUpKeySpendText = `INSERT INTO api_key_spend (api_key_id, period_start_us, spent_micros, reserved_micros) VALUES (?, ?, ?, 0)
   ON CONFLICT (api_key_id, period_start_us) DO UPDATE SET reserved_micros = api_key_spend.reserved_micros - ?, spent_micros = api_key_spend.spent_micros + ?`;
const trueUp = statement('api_key_spend_true_up', trueUpKeySpendText);

/** A settled request's true-up of its key's budget: its reserve leaves the period's reserve, its cost enters its spend. */
export interface KeySpendTrueUp {
  apiKeyId: string;
  periodStartUs: number;
  reservedMicros: number;
  costMicros: number;
}

/** The parameters of `trueUpKeySpendText`, in its order. */
export const trueUpKeySpendParams = (
  apiKeyId: string,
  periodStartUs: number,
  reservedMicros: number,
  costMicros: number,
): (string | number)[] => [apiKeyId, periodStartUs, costMicros, reservedMicros, costMicros];

/**
 * Adds `reserveMicros` to the period's reserve only while spent + reserved + it stays within
 * `limitMicros`: one conditional update, so concurrent admissions in any process never overspend.
 * False (nothing reserved) when the budget cannot hold it.
 */
export async function reserveKeySpend(
  sql: Sql,
  apiKeyId: string,
  periodStartUs: number,
  reserveMicros: number,
  limitMicros: number,
): Promise<boolean> {
  await sql.run(ensureRow, [apiKeyId, periodStartUs]);
  return (await sql.run(reserve, [reserveMicros, apiKeyId, periodStartUs, reserveMicros, limitMicros])) === 1;
}

export const keySpendOf = (sql: Sql, apiKeyId: string, periodStartUs: number): Promise<KeySpendRow | undefined> =>
  sql.get<KeySpendRow>(spendOf, [apiKeyId, periodStartUs]);

/** The request's reserve leaves the period's reserve, its real cost enters the period's spend. */
export async function trueUpKeySpend(
  sql: Sql,
  apiKeyId: string,
  periodStartUs: number,
  reservedMicros: number,
  costMicros: number,
): Promise<void> {
  await sql.run(trueUp, trueUpKeySpendParams(apiKeyId, periodStartUs, reservedMicros, costMicros));
}
