import type { Db } from '../db/knex.js';
import { lastTradePriceTicks } from '../db/orders.js';
import type { Page, PageParams } from '../db/paging.js';
import {
  allInstruments,
  instrumentById,
  instrumentByModelName,
  instrumentBySymbol,
  instrumentPage,
  instrumentsByIds,
  instrumentsInCreationOrder,
  marketById,
  marketPage,
  modelAlias,
  modelAliases,
  type InstrumentFilter,
  type InstrumentRow,
  type MarketRow,
  type ModelAliasRow,
} from '../db/reference.js';
import { poolSql } from '../db/sql.js';

export type { InstrumentFilter, InstrumentRow, MarketRow, ModelAliasRow } from '../db/reference.js';

export interface MarketWithInstrument {
  market: MarketRow;
  instrument: InstrumentRow;
}

/**
 * What a process keeps of the reference data between calls. Instruments and model aliases are
 * seeded and never change at run time (no operation writes them), so every process may keep them;
 * markets carry status and controls an operator may change, so they are always read. Created once
 * in the composition root (app/services.ts) and passed in as `deps.referenceCache`.
 */
export interface ReferenceCache {
  instrumentsById: Promise<Map<string, InstrumentRow>> | undefined;
  /** A model name or alias found stays found. */
  resolvedModels: Map<string, InstrumentRow>;
}

export const newReferenceCache = (): ReferenceCache => ({ instrumentsById: undefined, resolvedModels: new Map() });

type CachedDeps = { db: Db; referenceCache: ReferenceCache };

async function instrumentsOf(
  { db, referenceCache: cache }: CachedDeps,
  ids: string[],
): Promise<Map<string, InstrumentRow>> {
  cache.instrumentsById ??= allInstruments(db).then((rows) => new Map(rows.map((i) => [i.id, i])));
  const known = await cache.instrumentsById;
  if (ids.every((id) => known.has(id))) return known;
  cache.instrumentsById = undefined;
  return new Map((await instrumentsByIds(db, ids)).map((i) => [i.id, i]));
}

async function joinInstrument(deps: CachedDeps, markets: MarketRow[]): Promise<MarketWithInstrument[]> {
  if (markets.length === 0) return [];
  const byId = await instrumentsOf(
    deps,
    markets.map((m) => m.instrument_id),
  );
  return markets.map((market) => ({ market, instrument: byId.get(market.instrument_id)! }));
}

const listInstruments = (deps: { db: Db }, filter: InstrumentFilter, page: PageParams): Promise<Page<InstrumentRow>> =>
  instrumentPage(deps.db, filter, page);

export const findInstrument = (deps: { db: Db }, instrumentId: string): Promise<InstrumentRow | undefined> =>
  instrumentById(deps.db, instrumentId);

/** The instrument of this symbol, in any case (`text-standard` finds `TEXT-STANDARD`). */
export const findInstrumentBySymbol = (deps: { db: Db }, symbol: string): Promise<InstrumentRow | undefined> =>
  instrumentBySymbol(deps.db, symbol);

async function listMarkets(deps: CachedDeps, page: PageParams): Promise<Page<MarketWithInstrument>> {
  const result = await marketPage(deps.db, page);
  return { rows: await joinInstrument(deps, result.rows), paging: result.paging };
}

export async function findMarket(deps: CachedDeps, marketId: string): Promise<MarketWithInstrument | undefined> {
  const market = await marketById(deps.db, marketId);
  return market ? (await joinInstrument(deps, [market]))[0] : undefined;
}

export async function listModels(deps: {
  db: Db;
}): Promise<{ instruments: InstrumentRow[]; aliases: ModelAliasRow[] }> {
  const instruments = await instrumentsInCreationOrder(deps.db);
  const aliases = await modelAliases(deps.db);
  const order = ['text', 'code', 'agent'];
  const tierOrder = ['standard', 'prime', 'max'];
  const rank = (name: string) => {
    const [task = '', tier = ''] = name.split('-');
    return order.indexOf(task) * 10 + tierOrder.indexOf(tier);
  };
  instruments.sort((a, b) => rank(a.model_name) - rank(b.model_name));
  return { instruments, aliases };
}

/** An instrument by its model name (`text-standard`) or `-latest` alias, as `model` accepts. */
export async function resolveModel(
  { db, referenceCache: cache }: CachedDeps,
  model: string,
): Promise<InstrumentRow | undefined> {
  const known = cache.resolvedModels.get(model);
  if (known) return known;
  const direct = await instrumentByModelName(db, model);
  const alias = direct ? undefined : await modelAlias(db, model);
  const found = direct ?? (alias ? await instrumentById(db, alias.instrument_id) : undefined);
  if (found) cache.resolvedModels.set(model, found);
  return found;
}

/** The collar's reference price: the market's last trade price, null until it trades. */
const referencePriceTicks = (deps: { db: Db }, marketId: string): Promise<number | null> =>
  lastTradePriceTicks(poolSql(deps.db), marketId);

/**
 * The functions above bound to one database and cache, for the trading code that
 * still takes a `reference` object (Services.reference); new code calls the functions.
 */
export interface ReferenceService {
  listInstruments(filter: InstrumentFilter, page: PageParams): Promise<Page<InstrumentRow>>;
  findInstrument(instrumentId: string): Promise<InstrumentRow | undefined>;
  listMarkets(page: PageParams): Promise<Page<MarketWithInstrument>>;
  findMarket(marketId: string): Promise<MarketWithInstrument | undefined>;
  listModels(): Promise<{ instruments: InstrumentRow[]; aliases: ModelAliasRow[] }>;
  resolveModel(model: string): Promise<InstrumentRow | undefined>;
  referencePriceTicks(marketId: string): Promise<number | null>;
}

export function bindReference(deps: CachedDeps): ReferenceService {
  return {
    listInstruments: (filter, page) => listInstruments(deps, filter, page),
    findInstrument: (instrumentId) => findInstrument(deps, instrumentId),
    listMarkets: (page) => listMarkets(deps, page),
    findMarket: (marketId) => findMarket(deps, marketId),
    listModels: () => listModels(deps),
    resolveModel: (model) => resolveModel(deps, model),
    referencePriceTicks: (marketId) => referencePriceTicks(deps, marketId),
  };
}
