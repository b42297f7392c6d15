import type { operations } from '../../../generated/types/platform.js';
import { created, ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import * as payments from '../../core/payments.js';
import { callerId } from './keys.js';
import { pageParams } from '../../db/paging.js';
import { fundingWithdrawals } from '../../core/withdrawal-views.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;

export const getFunding: Handler<'getFunding'> = async ({ principal }, services) => {
  const userId = callerId(principal);
  return ok({
    data: { ...(await payments.getFunding(services, userId)), withdrawals: await fundingWithdrawals(services, userId) },
  });
};

export const listDeposits: Handler<'listDeposits'> = async ({ principal, query }, services) => {
  const page = await payments.listDeposits(services, callerId(principal), query.status, pageParams(query));
  return ok({ data: page.rows.map(payments.depositView), paging: page.paging });
};

/** 201 with a new deposit; 200 with the one an earlier request with the same Idempotency-Key made. */
export const createDeposit: Handler<'createDeposit'> = async ({ principal, body, headers }, services) => {
  const key = headers['idempotency-key'];
  const { deposit, replayed } = await payments.createDeposit(
    services,
    callerId(principal),
    body.deposit.amount_usd,
    typeof key === 'string' ? key : undefined,
  );
  const reply = { data: payments.depositView(deposit) };
  return replayed ? ok(reply) : created(reply);
};

export const getDeposit: Handler<'getDeposit'> = async ({ principal, params }, services) =>
  ok({ data: payments.depositView(await payments.getDeposit(services, callerId(principal), params.deposit_id)) });
