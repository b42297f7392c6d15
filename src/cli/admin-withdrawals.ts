import { parseArgs } from 'node:util';
import type { Services } from '../app/services.js';
import type { WithdrawalRow, WithdrawalStatus } from '../db/withdrawals.js';
import { withDestinations, withdrawalView } from '../core/withdrawal-views.js';
import * as withdrawals from '../core/withdrawals.js';
import { UsageError } from './usage-error.js';

/**
 * `mkt admin withdrawal list|approve|reject` (MKT_PAYMENTS=manual): the operator pays a pending withdrawal by hand
 * and records the payment's reference, or rejects it and the hold returns. Each is decided once.
 */
type Command = (services: Services, args: string[]) => Promise<Record<string, unknown>>;

const statuses: readonly WithdrawalStatus[] = ['pending', 'paid', 'rejected', 'cancelled'];

function withdrawalIdOf(positionals: string[]): string {
  const [id] = positionals;
  if (positionals.length !== 1 || id === undefined || !/^withdrawal_\S+$/.test(id))
    throw new UsageError(`give exactly one withdrawal id (withdrawal_…); got ${positionals.join(' ') || 'none'}`);
  return id;
}

const requiredText = (value: string | undefined, flag: string): string => {
  const text = value?.trim();
  if (!text) throw new UsageError(`--${flag} is required`);
  if (text.length > 140) throw new UsageError(`--${flag} has at most 140 characters`);
  return text;
};

/** Withdrawals as the API shows them, with their owner and, for the operator who pays, the full bank reference. */
async function operatorViews(services: Services, rows: readonly WithdrawalRow[]) {
  return (await withDestinations(services.db, rows)).map(({ row, destination }) => ({
    ...withdrawalView(row, destination),
    user_id: row.user_id,
    bank_reference: destination.bank_reference,
  }));
}

export const withdrawalCommands: Record<string, Command> = {
  async 'withdrawal list'(services, args) {
    const { values } = parseArgs({
      args,
      options: { status: { type: 'string' }, limit: { type: 'string', default: '50' }, next: { type: 'string' } },
    });
    const status = statuses.find((s) => s === values.status);
    if (values.status !== undefined && status === undefined)
      throw new UsageError(`--status is one of ${statuses.join(', ')}; got ${values.status}`);
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw new UsageError(`--limit is a whole number from 1 to 500; got ${values.limit}`);
    const page = await withdrawals.listWithdrawals(services, null, status, { limit, next: values.next });
    return { withdrawals: await operatorViews(services, page.rows), paging: page.paging };
  },

  async 'withdrawal approve'(services, args) {
    const { values, positionals } = parseArgs({
      args,
      options: { reference: { type: 'string' } },
      allowPositionals: true,
    });
    const id = withdrawalIdOf(positionals);
    const row = await withdrawals.approveWithdrawal(services, id, requiredText(values.reference, 'reference'));
    return { withdrawal: (await operatorViews(services, [row]))[0] };
  },

  async 'withdrawal reject'(services, args) {
    const { values, positionals } = parseArgs({
      args,
      options: { reason: { type: 'string' } },
      allowPositionals: true,
    });
    const id = withdrawalIdOf(positionals);
    const row = await withdrawals.rejectWithdrawal(services, id, requiredText(values.reason, 'reason'));
    return { withdrawal: (await operatorViews(services, [row]))[0] };
  },
};
