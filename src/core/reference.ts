import type { Db } from '../db/knex.js';
import { lastTradePriceTicks } from '../db/orders.js';
import type { Page, PageParams } from '../db/paging.js';
import {
  allInstruments,
  instrumentById,
  instrumentByModelName,
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

export interface ReferenceService {
  listInstruments(filter: InstrumentFilter, page: PageParams): Promise<Page<InstrumentRow>>;
  findInstrument(instrumentId: string): Promise<InstrumentRow | undefined>;
  listMarkets(page: PageParams): Promise<Page<MarketWithInstrument>>;
  findMarket(marketId: string): Promise<MarketWithInstrument | undefined>;
  listModels(): Promise<{ instruments: InstrumentRow[]; aliases: ModelAliasRow[] }>;
  /** An instrument by its model name (`text-standard`) or `-latest` alias, as `model` accepts. */
  resolveModel(model: string): Promise<InstrumentRow | undefined>;
  /** The collar's reference price: the market's last trade price, null until it trades. */
  referencePriceTicks(marketId: string): Promise<number | null>;
}

export function createReferenceService(db: Db): ReferenceService {
  // Instruments are seeded and never change at run time (no operation writes them), so every
  // process may keep them; markets carry status and controls an operator may change, so they are read.
  let instrumentsById: Promise<Map<string, InstrumentRow>> | undefined;
  const resolvedModels = new Map<string, InstrumentRow>();
  const instruments = async (ids: string[]): Promise<Map<string, InstrumentRow>> => {
    instrumentsById ??= allInstruments(db).then((rows) => new Map(rows.map((i) => [i.id, i])));
    const known = await instrumentsById;
    if (ids.every((id) => known.has(id))) return known;
    instrumentsById = undefined;
    return new Map((await instrumentsByIds(db, ids)).map((i) => [i.id, i]));
  };
  const joinInstrument = async (markets: MarketRow[]): Promise<MarketWithInstrument[]> => {
    if (markets.length === 0) return [];
    const byId = await instruments(markets.map((m) => m.instrument_id));
    return markets.map((market) => ({ market, instrument: byId.get(market.instrument_id)! }));
  };

  return {
    listInstruments: (filter, page) => instrumentPage(db, filter, page),

    findInstrument: (instrumentId) => instrumentById(db, instrumentId),

    async listMarkets(page) {
      const result = await marketPage(db, page);
      return { rows: await joinInstrument(result.rows), paging: result.paging };
    },

    async findMarket(marketId) {
      const market = await marketById(db, marketId);
      return market ? (await joinInstrument([market]))[0] : undefined;
    },

    async listModels() {
      const instruments = await instrumentsInCreationOrder(db);
      const aliases = await modelAliases(db);
      const order = ['text', 'code', 'agent'];
      const tierOrder = ['standard', 'prime', 'max'];
      const rank = (name: string) => {
        const [task = '', tier = ''] = name.split('-');
        return order.indexOf(task) * 10 + tierOrder.indexOf(tier);
      };
      instruments.sort((a, b) => rank(a.model_name) - rank(b.model_name));
      return { instruments, aliases };
    },

    referencePriceTicks: (marketId) => lastTradePriceTicks(poolSql(db), marketId),

    async resolveModel(model) {
      // Instruments and aliases are seeded and never change at run time: a name found stays found.
      const known = resolvedModels.get(model);
      if (known) return known;
      const direct = await instrumentByModelName(db, model);
      const alias = direct ? undefined : await modelAlias(db, model);
      const found = direct ?? (alias ? await instrumentById(db, alias.instrument_id) : undefined);
      if (found) resolvedModels.set(model, found);
      return found;
    },
  };
}
