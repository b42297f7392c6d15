import type { Db } from './knex.js';
import { keysetPage, type Direction, type Page, type PageParams } from './paging.js';
import { poolSql, statement } from './sql.js';
import { rowsOf } from './rows.js';

/** Reference data (migration 0002): instruments, markets and model aliases. */
export interface InstrumentRow {
  id: string;
  model_name: string;
  symbol: string;
  name: string;
  description: string;
  /** trading.yaml's InstrumentType and InstrumentStatus. */
  instrument_type: 'ai_commodity';
  status: 'draft' | 'active' | 'suspended' | 'delisted';
  service_type: string;
  model_category: string | null;
  min_quantity: number;
  max_quantity: number;
  quantity_increment: number;
  fee_ppm: number;
  context_window: number;
  token_throughput: number;
  tokens_per_unit: number;
  usage: string;
  qualifying_models: string;
  max_output_length: number;
  min_performance_benchmark: number;
  min_time_to_first_token_ms: number;
  model_id: string | null;
  model_version: string | null;
  created_at_us: number;
  updated_at_us: number;
}

export interface MarketRow {
  id: string;
  instrument_id: string;
  name: string;
  description: string;
  /** trading.yaml's MarketType and MarketStatus. */
  market_type: 'spot';
  status: 'draft' | 'active' | 'suspended' | 'closed';
  tick_size_ticks: number;
  lot_size: number;
  min_order_size: number;
  max_order_size: number;
  price_collar_pct: number;
  created_at_us: number;
  updated_at_us: number;
}

export interface ModelAliasRow {
  alias: string;
  instrument_id: string;
  display_name: string;
  owned_by: string;
  created_at_us: number;
}

const marketByIdStatement = statement('market_by_id', 'SELECT * FROM markets WHERE id = ?');

export const marketById = (db: Db, marketId: string): Promise<MarketRow | undefined> =>
  poolSql(db).get<MarketRow>(marketByIdStatement, [marketId]);

const instrumentByIdStatement = statement('instrument_by_id', 'SELECT * FROM instruments WHERE id = ?');
const instrumentByModelNameStatement = statement(
  'instrument_by_model_name',
  'SELECT * FROM instruments WHERE model_name = ? LIMIT 1',
);
const instrumentIdByIdOrModelNameStatement = statement(
  'instrument_id_by_id_or_model_name',
  'SELECT id FROM instruments WHERE id = ? OR model_name = ? LIMIT 1',
);
const instrumentsStatement = statement('instruments_all', 'SELECT * FROM instruments');
const instrumentsInCreationOrderStatement = statement(
  'instruments_in_creation_order',
  'SELECT * FROM instruments ORDER BY created_at_us, id',
);
const modelAliasStatement = statement('model_alias', 'SELECT * FROM model_aliases WHERE alias = ?');
const modelAliasesStatement = statement('model_aliases_all', 'SELECT * FROM model_aliases ORDER BY alias');
const marketIdOfInstrumentStatement = statement(
  'market_id_of_instrument',
  'SELECT id FROM markets WHERE instrument_id = ? LIMIT 1',
);

export const instrumentById = (db: Db, instrumentId: string): Promise<InstrumentRow | undefined> =>
  poolSql(db).get<InstrumentRow>(instrumentByIdStatement, [instrumentId]);

const instrumentBySymbolStatement = statement(
  'instrument_by_symbol',
  'SELECT * FROM instruments WHERE symbol = ? LIMIT 1',
);

/** The instrument of this symbol in any case: symbols are stored in upper case (`TEXT-STANDARD`). */
export const instrumentBySymbol = (db: Db, symbol: string): Promise<InstrumentRow | undefined> =>
  poolSql(db).get<InstrumentRow>(instrumentBySymbolStatement, [symbol.toUpperCase()]);

export const instrumentByModelName = (db: Db, modelName: string): Promise<InstrumentRow | undefined> =>
  poolSql(db).get<InstrumentRow>(instrumentByModelNameStatement, [modelName]);

/** The id of the instrument named by its id or by its model name (`text-standard`). */
export async function instrumentIdByIdOrModelName(db: Db, name: string): Promise<string | undefined> {
  return (await poolSql(db).get<{ id: string }>(instrumentIdByIdOrModelNameStatement, [name, name]))?.id;
}

export const allInstruments = (db: Db): Promise<InstrumentRow[]> =>
  poolSql(db).all<InstrumentRow>(instrumentsStatement);

/** Instruments in the order they were created (then by id). */
export const instrumentsInCreationOrder = (db: Db): Promise<InstrumentRow[]> =>
  poolSql(db).all<InstrumentRow>(instrumentsInCreationOrderStatement);

/** The instruments of these ids that exist. */
export const instrumentsByIds = async (db: Db, ids: readonly string[]): Promise<InstrumentRow[]> =>
  await rowsOf<InstrumentRow>(db('instruments').whereIn('id', ids));

export const modelAlias = (db: Db, alias: string): Promise<ModelAliasRow | undefined> =>
  poolSql(db).get<ModelAliasRow>(modelAliasStatement, [alias]);

/** Every model alias, by alias. */
export const modelAliases = (db: Db): Promise<ModelAliasRow[]> => poolSql(db).all<ModelAliasRow>(modelAliasesStatement);

/** The id of a market of the instrument, if it has one. */
export async function marketIdOfInstrument(db: Db, instrumentId: string): Promise<string | undefined> {
  return (await poolSql(db).get<{ id: string }>(marketIdOfInstrumentStatement, [instrumentId]))?.id;
}

export interface InstrumentFilter {
  symbol?: string | undefined;
  instrumentType?: string | undefined;
  status?: string | undefined;
  orderBy: 'symbol' | 'name' | 'created_at';
  direction: Direction;
}

const instrumentSortColumns = {
  symbol: 'symbol',
  name: 'name',
  created_at: 'created_at_us',
} as const satisfies Record<InstrumentFilter['orderBy'], keyof InstrumentRow>;

export function instrumentPage(db: Db, filter: InstrumentFilter, page: PageParams): Promise<Page<InstrumentRow>> {
  const query = db('instruments').select('*');
  // The symbol filter is an exact match on the upper-case symbol trading responses show.
  if (filter.symbol !== undefined) query.where('symbol', filter.symbol);
  if (filter.instrumentType !== undefined) query.where('instrument_type', filter.instrumentType);
  if (filter.status !== undefined) query.where('status', filter.status);
  const column = instrumentSortColumns[filter.orderBy];
  return keysetPage<InstrumentRow>(
    query,
    { name: filter.orderBy, column, idColumn: 'id', direction: filter.direction },
    page,
    (row) => [row[column], row.id],
  );
}

/** Markets in the order of their names, which is the order of their instruments' symbols. */
export function marketPage(db: Db, page: PageParams): Promise<Page<MarketRow>> {
  const query = db('markets as m').select('m.*');
  return keysetPage<MarketRow>(
    query,
    { name: 'name', column: 'm.name', idColumn: 'm.id', direction: 'asc' },
    page,
    (row) => [row.name, row.id],
  );
}
