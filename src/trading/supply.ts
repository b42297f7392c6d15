import type { Db } from '../db/knex.js';
import { keysetPage, type Page, type PageParams } from '../db/paging.js';
import { unitsOf } from '../ledger/assets.js';
import { ensureAccount, move, post, systemAccount } from '../ledger/journal.js';
import type { Clock } from '../lib/clock.js';
import { ApiError, validationError } from '../lib/errors.js';
import type { InstrumentRow } from './reference.js';
import type { SupplierRow, SupplyIssuanceRow } from '../db/trading-rows.js';
import { newIssuanceId } from '../lib/ids.js';

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
  /** Whether an upstream key is stored; the key itself never leaves the database. */
  hasApiKey: boolean;
  simulated: boolean;
  status: 'enabled' | 'disabled';
  createdAtUs: number;
  updatedAtUs: number;
}

export interface SupplierRegistration {
  userId: string;
  /** Instrument ids (`instrument-<uuid>`) or model names (`text-standard`). */
  instruments: string[];
  baseUrl?: string | undefined;
  model?: string | undefined;
  apiKey?: string | undefined;
  simulated: boolean;
}

export interface IssuanceFilter {
  instrumentId?: string | undefined;
}

export interface SupplyService {
  /** Registers the user as an enabled supplier, or re-registers (and re-enables) one. */
  registerSupplier(registration: SupplierRegistration): Promise<Supplier>;
  listSuppliers(): Promise<Supplier[]>;
  disableSupplier(userId: string): Promise<Supplier>;
  /** Whether the user is an enabled supplier (trading GET /v1/me `is_supplier`). */
  isSupplier(userId: string): Promise<boolean>;
  /** New Units into the supplier's trading account: 404 unknown instrument, 403 not qualified. */
  issue(userId: string, instrumentId: string, quantity: number): Promise<SupplyIssuanceRow>;
  listIssuances(userId: string, filter: IssuanceFilter, page: PageParams): Promise<Page<SupplyIssuanceRow>>;
}

/** `quantity` columns are 32-bit integers on PostgreSQL. */
export const issuanceQuantityMax = 2_147_483_647;


const instrumentNotFound = (id: string) =>
  new ApiError(404, 'not_found', `No instrument with id ${id}. Use the instrument_id of GET /v1/instruments, not the symbol.`);

function checkRouting(r: SupplierRegistration): void {
  const fail = (detail: string, path: string) => validationError(detail, { errors: [{ path, message: detail }] });
  if (r.simulated && r.baseUrl !== undefined) throw fail('A supplier is either simulated or has a base URL, not both.', 'base_url');
  if (!r.simulated && r.baseUrl === undefined) throw fail('Give the upstream base URL and model, or make the supplier simulated.', 'base_url');
  if (r.baseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(r.baseUrl);
    } catch {
      throw fail(`The base URL ${r.baseUrl} is not a URL.`, 'base_url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`The base URL must be http or https, got ${url.protocol}.`, 'base_url');
    if (r.model === undefined || r.model === '') throw fail('An upstream supplier needs the model to ask its base URL for.', 'model');
  } else if (r.model !== undefined || r.apiKey !== undefined) {
    throw fail('A model and an API key belong to an upstream base URL; a simulated supplier has neither.', 'model');
  }
}

export function createSupplyService(db: Db, clock: Clock): SupplyService {
  const toSupplier = (row: SupplierRow & { email: string }): Supplier => ({
    userId: row.user_id,
    email: row.email,
    instrumentIds: JSON.parse(row.instrument_ids) as string[],
    baseUrl: row.base_url,
    model: row.model,
    hasApiKey: row.upstream_api_key !== null,
    simulated: Boolean(row.simulated),
    status: row.status,
    createdAtUs: row.created_at_us,
    updatedAtUs: row.updated_at_us,
  });

  const suppliers = () => db('suppliers as s').join('users as u', 'u.id', 's.user_id').select('s.*', 'u.email');

  const findSupplier = async (userId: string): Promise<Supplier | undefined> => {
    const row = (await suppliers().where('s.user_id', userId).first()) as (SupplierRow & { email: string }) | undefined;
    return row && toSupplier(row);
  };

  const resolveInstruments = async (names: string[]): Promise<string[]> => {
    if (names.length === 0) throw validationError('Name at least one instrument the supplier qualifies for.', { errors: [{ path: 'instruments', message: 'must not be empty' }] });
    const ids: string[] = [];
    for (const name of names) {
      const found = (await db<InstrumentRow>('instruments').where('id', name).orWhere('model_name', name).first('id')) as { id: string } | undefined;
      if (!found) throw new ApiError(404, 'not_found', `No instrument ${name}; name it by instrument id or model name (text-standard … agent-max).`);
      if (!ids.includes(found.id)) ids.push(found.id);
    }
    return ids;
  };

  return {
    async registerSupplier(registration) {
      checkRouting(registration);
      const instrumentIds = await resolveInstruments(registration.instruments);
      const nowUs = clock.nowUs();
      const routing = {
        instrument_ids: JSON.stringify(instrumentIds),
        base_url: registration.baseUrl ?? null,
        model: registration.model ?? null,
        upstream_api_key: registration.apiKey ?? null,
        simulated: registration.simulated,
        status: 'enabled',
        updated_at_us: nowUs,
      };
      await db('suppliers')
        .insert({ user_id: registration.userId, ...routing, created_at_us: nowUs })
        .onConflict('user_id')
        .merge(Object.keys(routing));
      return (await findSupplier(registration.userId))!;
    },

    async listSuppliers() {
      const rows = (await suppliers().orderBy('s.created_at_us').orderBy('s.user_id')) as (SupplierRow & { email: string })[];
      return rows.map(toSupplier);
    },

    async disableSupplier(userId) {
      const updated = await db('suppliers').where('user_id', userId).update({ status: 'disabled', updated_at_us: clock.nowUs() });
      if (updated === 0) throw new ApiError(404, 'not_found', `User ${userId} is not a supplier.`);
      return (await findSupplier(userId))!;
    },

    async isSupplier(userId) {
      return (await findSupplier(userId))?.status === 'enabled';
    },

    async issue(userId, instrumentId, quantity) {
      const instrument = await db<InstrumentRow>('instruments').where('id', instrumentId).first();
      if (!instrument) throw instrumentNotFound(instrumentId);
      const supplier = await findSupplier(userId);
      if (supplier?.status !== 'enabled' || !supplier.instrumentIds.includes(instrumentId)) {
        throw new ApiError(403, 'supplier_not_qualified', `This account is not a supplier qualified for ${instrument.symbol}.`);
      }
      if (quantity > issuanceQuantityMax) {
        throw validationError(`body.quantity must be at most ${issuanceQuantityMax}.`, { errors: [{ path: 'body.quantity', message: `must be <= ${issuanceQuantityMax}`, value: quantity }] });
      }
      const nowUs = clock.nowUs();
      return db.transaction(async (trx) => {
        const units = unitsOf(instrumentId);
        const account = await ensureAccount(trx, userId, 'trading', units, instrumentId, nowUs);
        const issuance = await systemAccount(trx, 'issuance', units, nowUs);
        const row: SupplyIssuanceRow = { id: newIssuanceId(), user_id: userId, instrument_id: instrumentId, trading_account_id: account.id, quantity, created_at_us: nowUs };
        await post(trx, 'issuance', row.id, move(units, { accountId: issuance, bucket: 'available' }, { accountId: account.id, bucket: 'available' }, quantity), nowUs);
        await trx('supply_issuances').insert(row);
        await trx('ledger_accounts')
          .where('id', account.id)
          .update({ total_deposits: trx.raw('?? + ?', ['total_deposits', quantity]), last_deposit_at_us: nowUs });
        return row;
      });
    },

    async listIssuances(userId, filter, page) {
      const query = db('supply_issuances').select('*').where('user_id', userId);
      if (filter.instrumentId !== undefined) query.where('instrument_id', filter.instrumentId);
      return keysetPage<SupplyIssuanceRow>(query, { name: 'created_at', column: 'created_at_us', idColumn: 'id', direction: 'desc' }, page, (row) => [row.created_at_us, row.id]);
    },
  };
}
