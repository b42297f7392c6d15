import type { components } from '../../../generated/types/platform.js';
import { newIdempotencyKey } from '../../lib/ids.js';
import { platformData, type Session } from './http.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type Deposit = components['schemas']['Deposit'];
type Funding = components['schemas']['Funding'];

const recentDeposits = 10;

const depositStatus = (d: Deposit): string => (d.sandbox ? `${d.status} (SANDBOX money)` : d.status);

/** `mkt funds add USD`: one deposit under a fresh Idempotency-Key (a retry of this request cannot pay twice). */
export async function addFunds(session: Session, output: Output, amountUsd: string): Promise<void> {
  if (!/^\d+(\.\d{1,2})?$/.test(amountUsd))
    throw new CliError(`USD must be an amount with at most two decimals, like 25.00; got ${amountUsd}`);
  const deposit = await platformData<Deposit>(session, 'POST', '/v1/deposits', {
    body: { deposit: { amount_usd: amountUsd } },
    headers: { 'idempotency-key': newIdempotencyKey() },
  });
  show(output, deposit, () =>
    [
      renderRecord([
        ['deposit', deposit.id],
        ['amount', `${deposit.amount_usd} USD`],
        ['status', depositStatus(deposit)],
        ['method', deposit.method],
      ]),
      deposit.sandbox
        ? 'SANDBOX: no payment was taken; this is sandbox money.'
        : deposit.status === 'pending'
          ? 'Pending: credited when an operator approves it.'
          : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** `mkt funds`: how deposits work here, and the recent ones. */
export async function showFunds(session: Session, output: Output): Promise<void> {
  const funding = await platformData<Funding>(session, 'GET', '/v1/funds');
  const deposits = await platformData<Deposit[]>(session, 'GET', '/v1/deposits', { query: { limit: recentDeposits } });
  show(output, { funding, deposits }, () =>
    [
      renderRecord([
        ['method', funding.sandbox ? `${funding.method} (SANDBOX money)` : funding.method],
        ['per deposit', `${funding.min_amount_usd} to ${funding.max_amount_usd} USD`],
        ['daily limit', funding.daily_limit_usd === null ? 'none' : `${funding.daily_limit_usd} USD`],
        ['deposited today', `${funding.deposited_today_usd} USD`],
        ['left today', funding.remaining_today_usd === null ? '-' : `${funding.remaining_today_usd} USD`],
        ['pending', `${funding.pending_usd} USD`],
        ['withdrawable', `${funding.withdrawals.withdrawable_usd} USD (mkt funds withdraw USD --destination ID)`],
        ['withdrawals pending', `${funding.withdrawals.pending_usd} USD`],
      ]),
      deposits.length === 0
        ? 'No deposits yet: `mkt funds add 25.00`.'
        : renderTable(
            ['deposit', 'amount USD', 'status', 'origin', 'created', 'decided'],
            deposits.map((d) => [d.id, d.amount_usd, depositStatus(d), d.origin, d.created_at, d.decided_at]),
            { rightAligned: [1] },
          ),
    ].join('\n'),
  );
}
