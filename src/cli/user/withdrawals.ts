import type { Command } from 'commander';
import type { components } from '../../../generated/types/platform.js';
import { newIdempotencyKey } from '../../lib/ids.js';
import { required } from './arguments.js';
import type { Bind } from './bind.js';
import { dataOf, failure, platformData, platformRequest, type Session } from './http.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type Withdrawal = components['schemas']['Withdrawal'];
type Destination = components['schemas']['PayoutDestination'];

/** The one thing to do when a login lacks funds:withdraw, which a plain `mkt login` never asks for. */
const scopeHint = 'Withdrawals need the scope funds:withdraw: run `mkt login --allow-withdrawals`.';

/** A platform call whose refusal for a missing scope says how to get it. */
async function platformCall<T>(session: Session, method: string, path: string, body?: unknown, key?: string) {
  const reply = await platformRequest(session, method, path, {
    ...(body === undefined ? {} : { body }),
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
  if (reply.status === 403) {
    const error = failure(reply, 'the platform API');
    if (error.code === 'insufficient_scope') throw new CliError(`${error.message}\n${scopeHint}`, error.code);
  }
  return dataOf<T>(reply, 'the platform API');
}

const withdrawalRecord = (w: Withdrawal) =>
  renderRecord([
    ['withdrawal', w.id],
    ['amount', `${w.amount_usd} USD`],
    ['status', w.sandbox ? `${w.status} (SANDBOX)` : w.status],
    ['destination', `${w.destination.label} (${w.destination.id})`],
    ['payout reference', w.payout_reference],
    ['reason', w.reason],
  ]);

/** `mkt funds withdraw USD --destination ID`: one withdrawal under a fresh Idempotency-Key. */
async function withdraw(session: Session, output: Output, amountUsd: string, destinationId: string): Promise<void> {
  if (!/^\d+(\.\d{1,2})?$/.test(amountUsd))
    throw new CliError(`USD must be an amount with at most two decimals, like 20.00; got ${amountUsd}`);
  const body = { withdrawal: { amount_usd: amountUsd, destination_id: destinationId } };
  const withdrawal = await platformCall<Withdrawal>(session, 'POST', '/v1/withdrawals', body, newIdempotencyKey());
  show(output, withdrawal, () =>
    [
      withdrawalRecord(withdrawal),
      withdrawal.status === 'pending'
        ? 'Pending: paid when an operator approves it; `mkt funds cancel ID` undoes it.'
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

async function listWithdrawals(session: Session, output: Output): Promise<void> {
  const rows = await platformData<Withdrawal[]>(session, 'GET', '/v1/withdrawals', { query: { limit: 20 } });
  show(output, rows, () =>
    rows.length === 0
      ? 'No withdrawals yet: `mkt funds withdraw 20.00 --destination ID`.'
      : renderTable(
          ['withdrawal', 'amount USD', 'status', 'destination', 'created', 'decided'],
          rows.map((w) => [w.id, w.amount_usd, w.status, w.destination.label, w.created_at, w.decided_at]),
          { rightAligned: [1] },
        ),
  );
}

async function cancelWithdrawal(session: Session, output: Output, id: string): Promise<void> {
  const withdrawal = await platformCall<Withdrawal>(
    session,
    'POST',
    `/v1/withdrawals/${encodeURIComponent(id)}/cancel`,
  );
  show(output, withdrawal, () => withdrawalRecord(withdrawal));
}

async function listDestinations(session: Session, output: Output): Promise<void> {
  const rows = await platformData<Destination[]>(session, 'GET', '/v1/payout-destinations');
  show(output, rows, () =>
    rows.length === 0
      ? 'No payout destinations: `mkt funds destinations add --label NAME`.'
      : renderTable(
          ['destination', 'kind', 'label', 'bank reference', 'usable from'],
          rows.map((d) => [
            d.id,
            d.kind,
            d.label,
            d.bank_reference_hint,
            d.usable ? `${d.usable_from} (usable)` : d.usable_from,
          ]),
        ),
  );
}

async function addDestination(session: Session, output: Output, label: string, bankReference?: string): Promise<void> {
  const body = {
    payout_destination: { label, ...(bankReference === undefined ? {} : { bank_reference: bankReference }) },
  };
  const row = await platformCall<Destination>(session, 'POST', '/v1/payout-destinations', body);
  show(output, row, () =>
    [
      renderRecord([
        ['destination', row.id],
        ['kind', row.kind],
        ['label', row.label],
        ['usable from', row.usable_from],
      ]),
      'An email was sent to your address. The destination can receive withdrawals once its cooling-off ends.',
    ].join('\n'),
  );
}

async function removeDestination(session: Session, output: Output, id: string): Promise<void> {
  await platformCall(session, 'DELETE', `/v1/payout-destinations/${encodeURIComponent(id)}`);
  show(output, { removed: id }, () => `Removed ${id}.`);
}

/** `mkt funds withdraw|withdrawals|cancel|destinations …`, under `mkt funds`. */
export function withdrawalCommands(funds: Command, bind: Bind): void {
  funds
    .command('withdraw')
    .argument('<usd>', 'amount, like 20.00')
    .requiredOption('--destination <id>', 'the payout destination (mkt funds destinations)')
    .description('withdraw USD to a payout destination')
    .action(
      bind<{ destination: string }>((s, o, [usd], options) => withdraw(s, o, required(usd), options.destination)),
    );
  funds
    .command('withdrawals')
    .description('your recent withdrawals')
    .action(bind((s, o) => listWithdrawals(s, o)));
  funds
    .command('cancel')
    .argument('<withdrawal>', 'a pending withdrawal')
    .description('cancel a pending withdrawal: the USD returns to your balance')
    .action(bind((s, o, [id]) => cancelWithdrawal(s, o, required(id))));
  const destinations = funds.command('destinations').description('where withdrawals go');
  destinations
    .command('list', { isDefault: true })
    .description('list them')
    .action(bind((s, o) => listDestinations(s, o)));
  destinations
    .command('add')
    .requiredOption('--label <name>', 'a name for it')
    .option('--bank-reference <account>', 'the account the operator pays to (manual payments)')
    .description('add one (it cools off before it can receive withdrawals)')
    .action(
      bind<{ label: string; bankReference?: string }>((s, o, _a, options) =>
        addDestination(s, o, options.label, options.bankReference),
      ),
    );
  destinations
    .command('remove')
    .argument('<destination>')
    .description('remove one')
    .action(bind((s, o, [id]) => removeDestination(s, o, required(id))));
}
