import { parseArgs } from 'node:util';
import nacl from 'tweetnacl';
import { loadConfig } from '../app/config.js';
import type { Db } from '../db/knex.js';
import { instrumentNames } from '../db/routing.js';
import { runAudit } from '../ledger/audit.js';
import type { DepositRow } from '../db/deposits.js';
import * as payments from '../core/payments.js';
import { deposit, type FundsSource } from '../ledger/funds.js';
import { toIso } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { composeServices } from '../app/compose.js';
import type { Services } from '../app/services.js';
import { ApiError } from '../lib/errors.js';
import { Failure } from '../lib/failure.js';
import { failureAsApiError } from '../http/failures.js';
import { tradingFailures } from '../trading/handlers/failures.js';
import { formatDecimal, parseDecimal, usdScale } from '../lib/money.js';
import { createApiKey, createUser, registerSigningKey, requireUserByEmail } from '../core/identity.js';
import * as supply from '../trading/supply/supply.js';
import type { Supplier } from '../trading/supply/supply.js';
import { getEndpoint, listEndpoints } from '../trading/supply/endpoints.js';
import { qualifyEndpointNow } from '../trading/supply/qualification-runs.js';
import { qualificationRunView } from '../trading/supply/qualification-views.js';
import { supplierEndpointView } from '../trading/supply/endpoint-views.js';
import { overrideQualification, type QualificationOverride } from '../trading/supply/operator-endpoints.js';
import { UsageError } from './usage-error.js';
import { adminStatus, HumanView } from './admin-status.js';
import { withdrawalCommands } from './admin-withdrawals.js';

/** A command runs on the services of the composition root, as `mkt serve` does (app/main.ts composeServices). */
type Command = (services: Services, args: string[]) => Promise<Record<string, unknown> | HumanView>;

const required = (value: string | undefined, flag: string): string => {
  if (value === undefined || value === '') throw new UsageError(`--${flag} is required`);
  return value;
};

/** `--usd 100.00`: a positive amount with at most 6 decimals, in micro-dollars. */
function usdMicros(value: string | undefined): number {
  const micros = parseDecimal(required(value, 'usd'), usdScale);
  if (micros === null || micros <= 0)
    throw new UsageError(
      `--usd must be a positive amount of USD with at most ${usdScale} decimals, like 100.00; got ${value}`,
    );
  return micros;
}

const formatUsd = (micros: number) => formatDecimal(micros, usdScale);

/** Puts USD in the user's currency account: a real deposit, or a bonus that never counts toward tiers. */
async function fund({ db, clock }: Services, args: string[], source: FundsSource): Promise<Record<string, unknown>> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, usd: { type: 'string' } } });
  const amount = usdMicros(values.usd);
  const user = await requireUserByEmail(db, required(values.email, 'email'));
  const account = await db.transaction((trx) =>
    deposit(trx, { userId: user.id, usdMicros: amount, source, nowUs: clock.nowUs() }),
  );
  return {
    user_id: user.id,
    email: user.email,
    source,
    amount: formatUsd(amount),
    account_id: account.id,
    total_balance: formatUsd(account.available + account.locked),
    available_balance: formatUsd(account.available),
    locked_balance: formatUsd(account.locked),
    deposited_total: formatUsd(account.deposited),
  };
}

/** `mkt admin deposit approve|reject ID`: exactly one id. */
function depositIdOf(positionals: string[]): string {
  const [depositId] = positionals;
  if (positionals.length !== 1 || depositId === undefined || !/^deposit_\S+$/.test(depositId))
    throw new UsageError(`give exactly one deposit id (deposit_…); got ${positionals.join(' ') || 'none'}`);
  return depositId;
}

/** A deposit as the API shows it (sandbox money marked `sandbox: true`), with its owner. */
const adminDepositView = (row: DepositRow): Record<string, unknown> => ({
  ...payments.depositView(row),
  user_id: row.user_id,
});

/** A supplier with its endpoints; `api_key_set` says whether its operator endpoint has an upstream key. */
async function supplierView(db: Db, supplier: Supplier): Promise<Record<string, unknown>> {
  const nameOf = await instrumentNames(db, supplier.instrumentIds);
  const endpoints = await listEndpoints({ db }, supplier.userId);
  const operatorEndpoint = endpoints.findLast((e) => e.row.registered_by === 'operator');
  return {
    user_id: supplier.userId,
    email: supplier.email,
    status: supplier.status,
    instruments: supplier.instrumentIds.map((id) => ({ instrument_id: id, model: nameOf.get(id) ?? null })),
    simulated: supplier.simulated,
    base_url: supplier.baseUrl,
    model: supplier.model,
    api_key_set: (operatorEndpoint?.row.upstream_key_ciphertext ?? null) !== null,
    endpoints: endpoints.map(supplierEndpointView),
    created_at: toIso(supplier.createdAtUs),
    updated_at: toIso(supplier.updatedAtUs),
  };
}

/**
 * `supplier add --qualify`: the endpoint just registered is measured now, not vouched for; the command waits for the
 * run (probes per instrument, bounded by their deadlines) and prints it, then the endpoint's state per instrument.
 */
async function qualifyOperatorEndpoint(services: Services, userId: string) {
  const endpoint = (await listEndpoints(services, userId)).findLast((e) => e.row.registered_by === 'operator');
  if (endpoint === undefined) throw new Error(`supplier ${userId} has no operator endpoint after its registration`);
  const run = await qualifyEndpointNow(services, userId, endpoint.row.id);
  const measured = supplierEndpointView(await getEndpoint(services, userId, endpoint.row.id));
  return { ...qualificationRunView(run), endpoint: measured };
}

/** `mkt admin supplier qualify|suspend|restore --email E --endpoint ID --instrument X --reason R`. */
function overrideCommand(kind: QualificationOverride['event']['kind']): Command {
  return async (services, args) => {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        endpoint: { type: 'string' },
        instrument: { type: 'string' },
        reason: { type: 'string' },
      },
    });
    const user = await requireUserByEmail(services.db, required(values.email, 'email'));
    const endpoint = await overrideQualification(services, {
      userId: user.id,
      endpointId: required(values.endpoint, 'endpoint'),
      instrument: required(values.instrument, 'instrument'),
      event: { kind, reason: required(values.reason, 'reason') },
    });
    return { user_id: user.id, email: user.email, override: kind, endpoint: supplierEndpointView(endpoint) };
  };
}

const commands: Record<string, Command> = {
  async 'user create'({ db, clock }, args) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        verified: { type: 'boolean', default: false },
        'accept-terms': { type: 'boolean', default: false },
        mode: { type: 'string', default: 'auto' },
      },
    });
    if (values.mode !== 'auto' && values.mode !== 'advanced') throw new UsageError('--mode is auto or advanced');
    const user = await createUser(db, clock, {
      email: required(values.email, 'email'),
      password: values.password,
      verified: values.verified,
      acceptTerms: values['accept-terms'],
      mode: values.mode,
    });
    return {
      id: user.id,
      email: user.email,
      status: user.status,
      account_mode: user.account_mode,
      email_verified: user.email_verified_at_us !== null,
      legal_terms_accepted: user.legal_terms_accepted_at_us !== null,
      created_at: toIso(user.created_at_us),
    };
  },

  async 'api-key create'({ db, clock }, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' } } });
    const user = await requireUserByEmail(db, required(values.email, 'email'));
    const { row, key } = await createApiKey(db, clock, user.id, required(values.name, 'name'));
    return { id: row.id, name: row.name, key, key_prefix: row.key_prefix };
  },

  async 'signing-key create'({ db, clock }, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, label: { type: 'string' } } });
    const user = await requireUserByEmail(db, required(values.email, 'email'));
    // The keypair is made here, as a client would make it; only the public key is stored.
    const pair = nacl.sign.keyPair();
    const publicKey = Buffer.from(pair.publicKey).toString('base64');
    const row = await registerSigningKey(db, clock, user.id, required(values.label, 'label'), publicKey);
    return {
      id: row.id,
      label: row.label,
      public_key: publicKey,
      private_key: Buffer.from(pair.secretKey.subarray(0, 32)).toString('base64'),
      fingerprint: row.fingerprint,
    };
  },

  deposit: (services, args) => fund(services, args, 'deposit'),

  async 'deposit list'(services, args) {
    const { values } = parseArgs({
      args,
      options: { status: { type: 'string' }, limit: { type: 'string', default: '50' }, next: { type: 'string' } },
    });
    const status = values.status;
    if (status !== undefined && status !== 'pending' && status !== 'credited' && status !== 'rejected')
      throw new UsageError(`--status is pending, credited or rejected; got ${status}`);
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw new UsageError(`--limit is a whole number from 1 to 500; got ${values.limit}`);
    const page = await payments.listAllDeposits(services, status, { limit, next: values.next });
    return { deposits: page.rows.map(adminDepositView), paging: page.paging };
  },

  async 'deposit approve'(services, args) {
    const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
    return { deposit: adminDepositView(await payments.approveDeposit(services, depositIdOf(positionals))) };
  },

  async 'deposit reject'(services, args) {
    const { values, positionals } = parseArgs({
      args,
      options: { reason: { type: 'string' } },
      allowPositionals: true,
    });
    return {
      deposit: adminDepositView(
        await payments.rejectDeposit(services, depositIdOf(positionals), values.reason ?? null),
      ),
    };
  },

  bonus: (services, args) => fund(services, args, 'bonus'),

  ...withdrawalCommands,

  async 'supplier add'(services, args) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        instruments: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        simulated: { type: 'boolean', default: false },
        qualify: { type: 'boolean', default: false },
      },
    });
    const instruments = required(values.instruments, 'instruments')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (values.simulated === (values['base-url'] !== undefined))
      throw new UsageError(
        'give --base-url URL --model M [--api-key K] for an upstream, or --simulated; one of the two',
      );
    if (values['base-url'] !== undefined && values.model === undefined)
      throw new UsageError('--model is required with --base-url');
    const user = await requireUserByEmail(services.db, required(values.email, 'email'));
    const supplier = await supply.registerSupplier(services, {
      userId: user.id,
      instruments,
      baseUrl: values['base-url'],
      model: values.model,
      apiKey: values['api-key'],
      simulated: values.simulated,
      qualify: values.qualify,
    });
    if (!values.qualify) return supplierView(services.db, supplier);
    return {
      ...(await supplierView(services.db, supplier)),
      qualification: await qualifyOperatorEndpoint(services, user.id),
    };
  },

  async 'supplier list'(services, args) {
    parseArgs({ args, options: {} });
    const suppliers = await supply.listSuppliers(services);
    return { suppliers: await Promise.all(suppliers.map((s) => supplierView(services.db, s))) };
  },

  async 'supplier disable'(services, args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    const user = await requireUserByEmail(services.db, required(values.email, 'email'));
    return supplierView(services.db, await supply.disableSupplier(services, user.id));
  },

  'supplier qualify': overrideCommand('vouched'),
  'supplier suspend': overrideCommand('suspended'),
  'supplier restore': overrideCommand('restored'),

  async audit({ db }, args) {
    parseArgs({ args, options: {} });
    const report = await runAudit(db);
    if (!report.ok) process.exitCode = 1;
    return { ...report };
  },

  status: adminStatus,
};

/** The command's name is one word (`audit`) or two (`supplier add`); the rest are its flags. */
function findCommand(args: string[]): { command: Command; rest: string[] } {
  for (const words of [2, 1]) {
    const name = args.slice(0, words).join(' ');
    const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (command) return { command, rest: args.slice(words) };
  }
  throw new UsageError(
    `unknown admin command "${args.slice(0, 2).join(' ')}"; one of: ${Object.keys(commands).join(', ')}`,
  );
}

/** `mkt admin …`: one JSON object on stdout. An invalid value the services refuse is a usage mistake (exit 2). */
export async function runAdmin(args: string[]): Promise<void> {
  const { command, rest } = findCommand(args);
  const config = loadConfig();
  // Logs go to stderr: stdout carries the command's one JSON object.
  const composed = await composeServices(config, { logger: createLogger(config.logLevel, 2) });
  const { services } = composed;
  try {
    let output: Record<string, unknown> | HumanView;
    try {
      output = await command(services, rest);
    } catch (caught) {
      // A supplier's failures (trading/supply/supply.ts) read as trading answers them.
      const error = isFailure(caught) ? (failureAsApiError(caught, tradingFailures) ?? caught) : caught;
      if (error instanceof ApiError && error.code === 'validation_error') throw new UsageError(error.detail);
      throw error;
    }
    process.stdout.write((output instanceof HumanView ? output.text : JSON.stringify(output)) + '\n');
  } finally {
    await composed.close();
  }
}

const isFailure = (error: unknown): error is Failure => error instanceof Failure;
