import type { operations } from '../../../generated/types/platform.js';
import { created, noContent, ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import { pageParams } from '../../db/paging.js';
import * as destinations from '../../core/payout-destinations.js';
import * as withdrawals from '../../core/withdrawals.js';
import { destinationView, withdrawalViewOf, withdrawalViews } from '../../core/withdrawal-views.js';
import type { WithdrawCredential } from '../../core/withdrawal-rules.js';
import type { PlatformDeps } from '../deps.js';
import { callerId } from './keys.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;

/** A dashboard session carries its sign-in's time; a token (with `funds:withdraw`) needs none. */
const credentialOf = (principal: Principal | null): WithdrawCredential => ({
  signedInAtUs: principal?.kind === 'session' ? principal.authenticatedAtUs : null,
});

export const listPayoutDestinations: Handler<'listPayoutDestinations'> = async ({ principal }, services) => {
  const rows = await destinations.listDestinations(services, callerId(principal));
  const nowUs = services.clock.nowUs();
  return ok({ data: rows.map((row) => destinationView(row, nowUs)) });
};

export const createPayoutDestination: Handler<'createPayoutDestination'> = async ({ principal, body }, services) => {
  const { label, bank_reference: bankReference } = body.payout_destination;
  const row = await destinations.addDestination(services, callerId(principal), credentialOf(principal), {
    label,
    bankReference,
  });
  return created({ data: destinationView(row, services.clock.nowUs()) });
};

export const deletePayoutDestination: Handler<'deletePayoutDestination'> = async ({ principal, params }, services) => {
  await destinations.removeDestination(services, callerId(principal), credentialOf(principal), params.destination_id);
  return noContent();
};

export const listWithdrawals: Handler<'listWithdrawals'> = async ({ principal, query }, services) => {
  const page = await withdrawals.listWithdrawals(services, callerId(principal), query.status, pageParams(query));
  return ok({ data: await withdrawalViews(services.db, page.rows), paging: page.paging });
};

/** 201 with a new withdrawal; 200 with the one an earlier request with the same Idempotency-Key made. */
export const createWithdrawal: Handler<'createWithdrawal'> = async ({ principal, body, headers }, services) => {
  const key = headers['idempotency-key'];
  const { withdrawal, replayed } = await withdrawals.createWithdrawal(
    services,
    callerId(principal),
    credentialOf(principal),
    {
      amountText: body.withdrawal.amount_usd,
      destinationId: body.withdrawal.destination_id,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    },
  );
  const reply = { data: await withdrawalViewOf(services.db, withdrawal) };
  return replayed ? ok(reply) : created(reply);
};

export const getWithdrawal: Handler<'getWithdrawal'> = async ({ principal, params }, services) => {
  const row = await withdrawals.getWithdrawal(services, callerId(principal), params.withdrawal_id);
  return ok({ data: await withdrawalViewOf(services.db, row) });
};

export const cancelWithdrawal: Handler<'cancelWithdrawal'> = async ({ principal, params }, services) => {
  const row = await withdrawals.cancelWithdrawal(services, callerId(principal), params.withdrawal_id);
  return ok({ data: await withdrawalViewOf(services.db, row) });
};
