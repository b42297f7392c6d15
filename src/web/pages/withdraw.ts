import { confirmPassword } from '../../core/accounts.js';
import { addDestination, removeDestination } from '../../core/payout-destinations.js';
import type { WithdrawCredential } from '../../core/withdrawal-rules.js';
import * as withdrawals from '../../core/withdrawals.js';
import { formatUsdCents } from '../../lib/money.js';
import { refusalOf } from '../failures.js';
import { notice } from '../layout.js';
import { clientAddressOf } from '../../lib/client-address.js';
import type { MemberRequest, PageResult } from '../request.js';
import { fundsPage } from './funds.js';
import { signedInRecently } from './withdraw-section.js';

/**
 * The Funds page's forms for money out. A form sent with the password confirms the sign-in first (throttled as a
 * login), so a session older than the re-authentication window can still withdraw by typing it.
 */
type Confirmed = { ok: true; credential: WithdrawCredential } | { ok: false; result: PageResult };

async function confirmed(request: MemberRequest): Promise<Confirmed> {
  const { session } = request.viewer;
  const password = request.form.password;
  if (password === undefined || password === '' || signedInRecently(request))
    return { ok: true, credential: { signedInAtUs: session.authenticatedAtUs } };
  const result = await confirmPassword(request.services, session, {
    password,
    clientAddress: clientAddressOf(request.ctx.req),
  });
  if (result.ok) return { ok: true, credential: { signedInAtUs: request.services.clock.nowUs() } };
  const detail =
    result.reason === 'throttled'
      ? `Too many tries: wait ${result.retryAfterSeconds} seconds.`
      : 'The password is incorrect: nothing was changed.';
  const status = result.reason === 'throttled' ? 429 : 403;
  return {
    ok: false,
    result: await fundsPage(request, { withdraw: { problem: notice('error', 'Not confirmed.', detail) }, status }),
  };
}

/** Runs a change; a refusal shows on the page with its status, anything else is a bug. */
async function attempt(
  request: MemberRequest,
  change: (credential: WithdrawCredential) => Promise<string>,
): Promise<PageResult> {
  const check = await confirmed(request);
  if (!check.ok) return check.result;
  try {
    const done = await change(check.credential);
    return fundsPage(request, { withdraw: { done: notice('ok', done, 'See the lists below.') } });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused === undefined) throw error;
    return fundsPage(request, {
      withdraw: { problem: notice('error', 'Nothing was changed.', refused.detail) },
      status: refused.status,
    });
  }
}

export const withdrawFunds = (request: MemberRequest): Promise<PageResult> =>
  attempt(request, async (credential) => {
    const key = request.form.idempotency_key;
    const { withdrawal } = await withdrawals.createWithdrawal(
      request.services,
      request.viewer.session.user.id,
      credential,
      {
        amountText: (request.form.amount_usd ?? '').trim(),
        destinationId: request.form.destination_id ?? '',
        idempotencyKey: key !== undefined && /^[\x21-\x7e]{1,128}$/.test(key) ? key : undefined,
      },
    );
    const amount = formatUsdCents(Number(withdrawal.amount_micros));
    return withdrawal.status === 'paid'
      ? `${amount} USD withdrawn.`
      : `Withdrawal of ${amount} USD requested: an operator pays it.`;
  });

export const addPayoutDestination = (request: MemberRequest): Promise<PageResult> =>
  attempt(request, async (credential) => {
    const bank = request.form.bank_reference?.trim();
    const row = await addDestination(request.services, request.viewer.session.user.id, credential, {
      label: request.form.label ?? '',
      bankReference: bank === undefined || bank === '' ? undefined : bank,
    });
    return `Destination “${row.label}” added: it cools off before it can receive money.`;
  });

export const removePayoutDestination = (request: MemberRequest): Promise<PageResult> =>
  attempt(request, async (credential) => {
    await removeDestination(request.services, request.viewer.session.user.id, credential, request.params.id ?? '');
    return 'Destination removed.';
  });

export const cancelPayoutWithdrawal = (request: MemberRequest): Promise<PageResult> =>
  attempt(request, async () => {
    await withdrawals.cancelWithdrawal(request.services, request.viewer.session.user.id, request.params.id ?? '');
    return 'Withdrawal cancelled: the USD is back in your balance.';
  });
