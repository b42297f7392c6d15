import type { Db } from '../db/knex.js';
import { marketById, type InstrumentRow, type MarketRow, type ModelAliasRow } from '../db/reference.js';
import { keysetPage, type Direction, type Page, type PageParams } from '../db/paging.js';

export type { InstrumentRow, MarketRow, ModelAliasRow } from '../db/reference.js';

export interface MarketWithInstrument {
  market: MarketRow;
  instrument: InstrumentRow;
}


export interface InstrumentFilter {
  symbol?: string | undefined;
  instrumentType?: string | undefined;
  status?: string | undefined;
  orderBy: 'symbol' | 'name' | 'created_at';
  direction: Direction;
}

const instrumentSortColumns: Record<InstrumentFilter['orderBy'], string> = {
  symbol: 'symbol',
  name: 'name',
  created_at: 'created_at_us',
};

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

const marketColumns = ['m.*'];

export function createReferenceService(db: Db): ReferenceService {
  // Instruments are seeded and never change at run time (no operation writes them), so every
  // process may keep them; markets carry status and controls an operator may change, so they are read.
  let instrumentsById: Promise<Map<string, InstrumentRow>> | undefined;
  const resolvedModels = new Map<string, InstrumentRow>();
  const instruments = async (ids: string[]): Promise<Map<string, InstrumentRow>> => {
    instrumentsById ??= db<InstrumentRow>('instruments').then((rows) => new Map(rows.map((i) => [i.id, i])));
    const known = await instrumentsById;
    if (ids.every((id) => known.has(id))) return known;
    instrumentsById = undefined;
    return new Map((await db<InstrumentRow>('instruments').whereIn('id', ids)).map((i) => [i.id, i]));
  };
  const joinInstrument = async (markets: MarketRow[]): Promise<MarketWithInstrument[]> => {
    if (markets.length === 0) return [];
    const byId = await instruments(markets.map((m) => m.instrument_id));
    return markets.map((market) => ({ market, instrument: byId.get(market.instrument_id)! }));
  };

  return {
    async listInstruments(filter, page) {
      const query = db<InstrumentRow>('instruments').select('*');
      // The symbol filter is an exact match on the upper-case symbol trading responses show.
      if (filter.symbol !== undefined) query.where('symbol', filter.symbol);
      if (filter.instrumentType !== undefined) query.where('instrument_type', filter.instrumentType);
      if (filter.status !== undefined) query.where('status', filter.status);
      const column = instrumentSortColumns[filter.orderBy];
      return keysetPage<InstrumentRow>(query, { name: filter.orderBy, column, idColumn: 'id', direction: filter.direction }, page, (row) => [
        row[column as keyof InstrumentRow] as string | number,
        row.id,
      ]);
    },

    async findInstrument(instrumentId) {
      return db<InstrumentRow>('instruments').where({ id: instrumentId }).first();
    },

    async listMarkets(page) {
      // Markets list in the order of their names, which is the order of their instruments' symbols.
      const query = db('markets as m').select(marketColumns);
      const result = await keysetPage<MarketRow>(query, { name: 'name', column: 'm.name', idColumn: 'm.id', direction: 'asc' }, page, (row) => [row.name, row.id]);
      return { rows: await joinInstrument(result.rows), paging: result.paging };
    },

    async findMarket(marketId) {
      const market = await marketById(db, marketId);
      return market ? (await joinInstrument([market]))[0] : undefined;
    },

    async listModels() {
      const instruments = await db<InstrumentRow>('instruments').orderBy('created_at_us').orderBy('id');
      const aliases = await db<ModelAliasRow>('model_aliases').orderBy('alias');
      const order = ['text', 'code', 'agent'];
      const tierOrder = ['standard', 'prime', 'max'];
      const rank = (name: string) => {
        const [task = '', tier = ''] = name.split('-');
        return order.indexOf(task) * 10 + tierOrder.indexOf(tier);
      };
      instruments.sort((a, b) => rank(a.model_name) - rank(b.model_name));
      return { instruments, aliases };
    },

    async referencePriceTicks(marketId) {
      const last = (await db('trades').where('market_id', marketId).orderBy('sequence', 'desc').first('price_ticks')) as { price_ticks: number } | undefined;
      return last?.price_ticks ?? null;
    },

    async resolveModel(model) {
      // Instruments and aliases are seeded and never change at run time: a name found stays found.
      const known = resolvedModels.get(model);
      if (known) return known;
      const direct = await db<InstrumentRow>('instruments').where({ model_name: model }).first();
      const alias = direct ? undefined : await db<ModelAliasRow>('model_aliases').where({ alias: model }).first();
      const found = direct ?? (alias ? await db<InstrumentRow>('instruments').where({ id: alias.instrument_id }).first() : undefined);
      if (found) resolvedModels.set(model, found);
      return found;
    },
  };
}
