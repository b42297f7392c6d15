import type { Db } from '../db/knex.js';
import {
  insertPayoutDestination,
  livePayoutDestinations,
  payoutDestinationOfUser,
  removePayoutDestination,
  type PayoutDestinationRow,
} from '../db/payout-destinations.js';
import { poolSql, sqlOf } from '../db/sql.js';
import { toIso, type Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { newPayoutDestinationId } from '../lib/ids.js';
import type { Logger } from '../lib/logger.js';
import { requireAccountReady, requireUser } from './account-rules.js';
import type { UserRow } from './identity.js';
import type { Mailer } from './mailer.js';
import { lockUserFunds } from './payments.js';
import type { PaymentsOptions } from './payments-options.js';
import type { WithdrawalOptions } from './withdrawal-options.js';
import {
  destinationKindOf,
  requireRecentSignIn,
  type WithdrawCredential,
  type WithdrawalFailure,
} from './withdrawal-rules.js';

/**
 * Payout destinations (platform.yaml tag "Funds"): where withdrawals may go. A new one cools off before it can receive
 * anything, and every change is mailed to the account's address, as exchanges do: whoever takes over an account
 * cannot send its money somewhere new at once, and its owner hears of the attempt.
 */
interface DestinationDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  publicUrls: { of(host: 'platform'): string };
  config: { payments: PaymentsOptions; withdrawals: WithdrawalOptions };
}

/** At most this many live destinations per user. */
const destinationsMax = 10;

interface NewDestination {
  label: string;
  bankReference: string | undefined;
}

const fieldRefusal = (field: string, message: string, detail: string): Failure<WithdrawalFailure> =>
  new Failure<WithdrawalFailure>('validation_error', detail, {
    context: { errors: [{ path: `body.payout_destination.${field}`, message }] },
  });

/** The bank reference the payment path needs: none in sandbox, one when an operator pays by hand. */
function bankReferenceOf(method: PaymentsOptions['method'], given: string | undefined): string | null {
  const reference = given?.trim();
  if (method === 'sandbox') {
    if (reference !== undefined)
      throw fieldRefusal(
        'bank_reference',
        'is not allowed in sandbox mode',
        'Payments here are sandbox: a payout destination is a sandbox destination and takes no bank_reference.',
      );
    return null;
  }
  if (!reference || reference.length < 4)
    throw fieldRefusal(
      'bank_reference',
      'is required when payments are manual',
      'Payments here are manual: a payout destination needs bank_reference, the account the operator pays to.',
    );
  return reference;
}

export async function listDestinations(
  deps: Pick<DestinationDeps, 'db'>,
  userId: string,
): Promise<PayoutDestinationRow[]> {
  return livePayoutDestinations(poolSql(deps.db), userId);
}

/** The caller, once the credential has signed in recently enough to change where money may go. */
async function signedInUser(deps: DestinationDeps, userId: string, credential: WithdrawCredential) {
  const nowUs = deps.clock.nowUs();
  requireRecentSignIn(deps.config.withdrawals, credential, nowUs);
  return { user: await requireUser(deps.db, userId), nowUs };
}

/** POST /v1/payout-destinations: stored cooling off until `usable_from`, and mailed. */
export async function addDestination(
  deps: DestinationDeps,
  userId: string,
  credential: WithdrawCredential,
  input: NewDestination,
): Promise<PayoutDestinationRow> {
  const { user, nowUs } = await signedInUser(deps, userId, credential);
  requireAccountReady(user, { inactive: 'payout destinations cannot be added', action: 'adding a payout destination' });
  const label = input.label.trim();
  if (label === '') throw fieldRefusal('label', 'must not be blank', 'label must not be blank.');
  const { method } = deps.config.payments;
  const row: PayoutDestinationRow = {
    id: newPayoutDestinationId(),
    user_id: userId,
    kind: destinationKindOf(method),
    label,
    bank_reference: bankReferenceOf(method, input.bankReference),
    usable_from_us: nowUs + deps.config.withdrawals.coolOffS * 1_000_000,
    created_at_us: nowUs,
    removed_at_us: null,
  };
  await deps.db.transaction(async (trx) => {
    const sql = await lockUserFunds(trx, user);
    if ((await livePayoutDestinations(sql, userId)).length >= destinationsMax)
      throw new Failure<WithdrawalFailure>(
        'validation_error',
        `You have ${destinationsMax} payout destinations, the most allowed: remove one first.`,
        {
          context: {
            errors: [{ path: 'body.payout_destination', message: `at most ${destinationsMax} destinations` }],
          },
        },
      );
    await insertPayoutDestination(await sqlOf(trx), row);
  });
  await mailChange(deps, user, row, 'added');
  return row;
}

/** DELETE /v1/payout-destinations/{id}: it receives no new withdrawal; mailed. */
export async function removeDestination(
  deps: DestinationDeps,
  userId: string,
  credential: WithdrawCredential,
  destinationId: string,
): Promise<void> {
  const { user, nowUs } = await signedInUser(deps, userId, credential);
  const removed = await deps.db.transaction(async (trx) => {
    const sql = await lockUserFunds(trx, user);
    const row = await payoutDestinationOfUser(sql, userId, destinationId);
    if (row === undefined || !(await removePayoutDestination(sql, userId, destinationId, nowUs)))
      throw new Failure<WithdrawalFailure>('not_found', `No payout destination with id ${destinationId}.`);
    return row;
  });
  await mailChange(deps, user, removed, 'removed');
}

/** The mail every change sends; a mail that cannot be sent is logged, and the change stands. */
async function mailChange(
  deps: DestinationDeps,
  user: UserRow,
  row: PayoutDestinationRow,
  change: 'added' | 'removed',
): Promise<void> {
  const funds = `${deps.publicUrls.of('platform')}/funds`;
  const what = `${row.kind === 'sandbox' ? 'sandbox destination' : 'bank transfer'} "${row.label}"`;
  const usable = change === 'added' ? `\nIt can receive withdrawals from ${toIso(Number(row.usable_from_us))}.` : '';
  const mail = {
    to: user.email,
    subject: `A payout destination was ${change} on your mkt account`,
    text: `The payout destination ${what} was ${change} on your mkt account.${usable}\n\nIf this was not you, remove it at ${funds} and change your password at once.`,
    link: funds,
  };
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.logger.error({ err: error, user_id: user.id }, 'could not mail a payout destination change');
  }
}
