import type { Db } from './knex.js';
import { poolSql, statement } from './sql.js';

/** Reference data (migration 0002): instruments, markets and model aliases. */
export interface InstrumentRow {
  id: string;
  model_name: string;
  symbol: string;
  name: string;
  description: string;
  instrument_type: string;
  status: string;
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
  market_type: string;
  status: string;
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

export const marketById = (db: Db, marketId: string): Promise<MarketRow | undefined> => poolSql(db).get<MarketRow>(marketByIdStatement, [marketId]);
