import type { Knex } from 'knex';
import type { Db } from '../../db/knex.js';
import type { Page, PageParams } from '../../db/paging.js';
import { instrumentById, instrumentIdByIdOrModelName } from '../../db/reference.js';
import { sqlOf } from '../../db/sql.js';
import {
  disableSupplier as disableSupplierRow,
  insertIssuance,
  issuancePage,
  supplierOfUser,
  suppliersByAge,
  upsertSupplier,
  type IssuanceFilter,
  type SupplierWithEmailRow,
} from '../../db/supply.js';
import { recordDeposit } from '../../db/trading-accounts.js';
import type { SupplyIssuanceRow } from '../../db/trading-rows.js';
import { unitsOf } from '../../ledger/assets.js';
import { ensureAccount, move, post, systemAccount } from '../../ledger/journal.js';
import type { Clock } from '../../lib/clock.js';
import { unknownInstrumentDetail } from '../../lib/errors.js';
import { Failure } from '../../lib/failure.js';
import { newIssuanceId, newIssuanceTransferId } from '../../lib/ids.js';
import { insertIssuanceTransfer } from '../../db/issuance-accounts.js';
import { issuanceQualification } from '../../db/supplier-endpoints.js';
import { registerOperatorEndpoint, type OperatorEndpointDeps } from './operator-endpoints.js';
import type { SupplyIssuanceMode } from '../deps.js';

/**
 * Suppliers (DESIGN.md §4 "Supplier side"): users who may issue Units of the instruments they
 * qualify for and sell them with ordinary sell orders. An operator registers them
 * (`mkt admin supplier add`); their inference goes to an OpenAI-compatible upstream or to the
 * built-in simulator.
 */
export interface Supplier {
  userId: string;
  email: string;
  instrumentIds: string[];
  baseUrl: string | null;
  model: string | null;
  simulated: boolean;
  status: 'enabled' | 'disabled';
  createdAtUs: number;
  updatedAtUs: number;
}

interface SupplierRegistration {
  userId: string;
  /** Instrument ids (`instrument-<uuid>`) or model names (`text-standard`). */
  instruments: string[];
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | undefined;
  simulated: boolean;
  /** Leave the endpoint pending a qualification run instead of vouching for it (`--qualify`, which then runs one). */
  qualify?: boolean | undefined;
}

/** `quantity` columns are 32-bit integers on PostgreSQL. */
const issuanceQuantityMax = 2_147_483_647;

/** Why a supplier's registration or issuance fails (mapped in trading's table, handlers/failures.ts). */
export type SupplyFailure =
  | 'supplier_routing_invalid'
  | 'supplier_instruments_missing'
  | 'unknown_instrument'
  | 'unknown_supplier'
  | 'supplier_not_qualified'
  | 'quantity_above_max';

function checkRouting(r: SupplierRegistration): void {
  const fail = (detail: string, path: string) =>
    new Failure<SupplyFailure>('supplier_routing_invalid', detail, {
      context: { errors: [{ path, message: detail }] },
    });
  if (r.simulated && r.baseUrl !== undefined)
    throw fail('A supplier is either simulated or has a base URL, not both.', 'base_url');
  if (!r.simulated && r.baseUrl === undefined)
    throw fail('Give the upstream base URL and model, or make the supplier simulated.', 'base_url');
  if (r.baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(r.baseUrl);
    } catch {
      throw fail(`The base URL ${r.baseUrl} is not a URL.`, 'base_url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw fail(`The base URL must be http or https, got ${url.protocol}.`, 'base_url');
    if (r.model === undefined || r.model === '')
      throw fail('An upstream supplier needs the model to ask its base URL for.', 'model');
  } else if (r.model !== undefined || r.apiKey !== undefined) {
    throw fail('A model and an API key belong to an upstream base URL; a simulated supplier has neither.', 'model');
  }
}

function toSupplier(row: SupplierWithEmailRow): Supplier {
  return {
    userId: row.user_id,
    email: row.email,
    instrumentIds: row.instrument_ids,
    baseUrl: row.base_url,
    model: row.model,
    simulated: Boolean(row.simulated),
    status: row.status,
    createdAtUs: row.created_at_us,
    updatedAtUs: row.updated_at_us,
  };
}

async function findSupplier(db: Db, userId: string): Promise<Supplier | undefined> {
  const row = await supplierOfUser(db, userId);
  return row && toSupplier(row);
}

async function resolveInstruments(db: Db, names: string[]): Promise<string[]> {
  if (names.length === 0)
    throw new Failure<SupplyFailure>(
      'supplier_instruments_missing',
      'Name at least one instrument the supplier qualifies for.',
      { context: { errors: [{ path: 'instruments', message: 'must not be empty' }] } },
    );
  const ids: string[] = [];
  for (const name of names) {
    const found = await instrumentIdByIdOrModelName(db, name);
    if (found === undefined)
      throw new Failure<SupplyFailure>(
        'unknown_instrument',
        `No instrument ${name}; name it by instrument id or model name (text-standard … agent-max).`,
      );
    if (!ids.includes(found)) ids.push(found);
  }
  return ids;
}

/**
 * Registers the user as an enabled supplier, or re-registers (and re-enables) one: the operator's way in. Its routing
 * is the user's operator endpoint (operator-endpoints.ts), qualified by the operator's word for its instruments, or
 * pending a qualification run with `qualify`. The upstream key is sealed on the endpoint, never kept here.
 */
export async function registerSupplier(
  deps: OperatorEndpointDeps,
  registration: SupplierRegistration,
): Promise<Supplier> {
  checkRouting(registration);
  const { db, clock } = deps;
  const instrumentIds = await resolveInstruments(db, registration.instruments);
  const nowUs = clock.nowUs();
  await upsertSupplier(db, {
    user_id: registration.userId,
    instrument_ids: JSON.stringify(instrumentIds),
    base_url: registration.baseUrl ?? null,
    model: registration.model ?? null,
    upstream_api_key: null,
    simulated: registration.simulated,
    status: 'enabled',
    created_at_us: nowUs,
    updated_at_us: nowUs,
  });
  await registerOperatorEndpoint(deps, registration.userId, {
    baseUrl: registration.baseUrl ?? null,
    model: registration.model ?? null,
    apiKey: registration.apiKey,
    simulated: registration.simulated,
    instrumentIds,
    qualify: registration.qualify ?? false,
  });
  return (await findSupplier(db, registration.userId))!;
}

export async function listSuppliers({ db }: { db: Db }): Promise<Supplier[]> {
  return (await suppliersByAge(db)).map(toSupplier);
}

export async function disableSupplier({ db, clock }: { db: Db; clock: Clock }, userId: string): Promise<Supplier> {
  if (!(await disableSupplierRow(db, userId, clock.nowUs())))
    throw new Failure<SupplyFailure>('unknown_supplier', `User ${userId} is not a supplier.`);
  return (await findSupplier(db, userId))!;
}

/** Whether the user is an enabled supplier (trading GET /v1/me `is_supplier`). */
export async function isSupplier({ db }: { db: Db }, userId: string): Promise<boolean> {
  return (await findSupplier(db, userId))?.status === 'enabled';
}

/**
 * New Units of a supplier (404 unknown instrument; 403 unless one of its active endpoints is qualified for the
 * instrument, naming the latest qualification report of its endpoints for it, null before any run), by the deployment's mode
 * (MKT_SUPPLY_ISSUANCE, src/app/config.ts): `account` credits the supplier's issuance account, from
 * which `POST /v1/issuance-accounts/transfer` moves them to trading (issuance-accounts.ts);
 * `direct` credits the trading account at once, as before issuance accounts existed, and records
 * the issuance as issued and transferred in the same transaction. The trading account is opened
 * either way, so the issuance names where its Units trade.
 */
export async function issueUnits(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  instrumentId: string,
  quantity: number,
  mode: SupplyIssuanceMode,
): Promise<SupplyIssuanceRow> {
  const instrument = await instrumentById(db, instrumentId);
  if (!instrument) throw new Failure<SupplyFailure>('unknown_instrument', unknownInstrumentDetail(instrumentId));
  const supplier = await findSupplier(db, userId);
  const { qualified, reportId } = await issuanceQualification(db, userId, instrumentId);
  if (supplier?.status !== 'enabled' || !qualified) {
    throw new Failure<SupplyFailure>(
      'supplier_not_qualified',
      `This account is not a supplier qualified for ${instrument.symbol}.`,
      { context: { instrument_id: instrumentId, report_id: reportId } },
    );
  }
  if (quantity > issuanceQuantityMax) {
    throw new Failure<SupplyFailure>('quantity_above_max', `body.quantity must be at most ${issuanceQuantityMax}.`, {
      context: { errors: [{ path: 'body.quantity', message: `must be <= ${issuanceQuantityMax}`, value: quantity }] },
    });
  }
  const nowUs = clock.nowUs();
  return db.transaction((trx) => recordIssuance(trx, userId, instrumentId, quantity, mode, nowUs));
}

/** The issuance in one transaction: its row, the journal entry, and in `direct` mode the transfer to trading. */
async function recordIssuance(
  trx: Knex.Transaction,
  userId: string,
  instrumentId: string,
  quantity: number,
  mode: SupplyIssuanceMode,
  nowUs: number,
): Promise<SupplyIssuanceRow> {
  const units = unitsOf(instrumentId);
  const trading = await ensureAccount(trx, userId, 'trading', units, instrumentId, nowUs);
  const issuanceAccount = await ensureAccount(trx, userId, 'issuance', units, instrumentId, nowUs);
  const issued = await systemAccount(trx, 'issuance', units, nowUs);
  const row: SupplyIssuanceRow = {
    id: newIssuanceId(),
    user_id: userId,
    instrument_id: instrumentId,
    trading_account_id: trading.id,
    issuance_account_id: issuanceAccount.id,
    quantity,
    created_at_us: nowUs,
  };
  const sql = await sqlOf(trx);
  await insertIssuance(sql, row);
  if (mode === 'account') {
    await post(
      trx,
      'issuance',
      row.id,
      move(
        units,
        { accountId: issued, bucket: 'available' },
        { accountId: issuanceAccount.id, bucket: 'available' },
        quantity,
      ),
      nowUs,
    );
    return row;
  }
  // `direct`: the journal as it always was (system:issuance to trading); the issuance account records both sides.
  await post(
    trx,
    'issuance',
    row.id,
    move(units, { accountId: issued, bucket: 'available' }, { accountId: trading.id, bucket: 'available' }, quantity),
    nowUs,
  );
  await insertIssuanceTransfer(sql, {
    id: newIssuanceTransferId(),
    user_id: userId,
    instrument_id: instrumentId,
    issuance_account_id: issuanceAccount.id,
    trading_account_id: trading.id,
    quantity,
    client_transfer_id: null,
    issuance_id: row.id,
    created_at_us: nowUs,
  });
  await recordDeposit(sql, trading.id, quantity, nowUs);
  return row;
}

export const listIssuances = (
  deps: { db: Db },
  userId: string,
  filter: IssuanceFilter,
  page: PageParams,
): Promise<Page<SupplyIssuanceRow>> => issuancePage(deps.db, userId, filter, page);
