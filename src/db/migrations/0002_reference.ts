import type { Knex } from 'knex';
import { instrumentSeeds, marketDefaults, modelAliasSeeds } from '../seed/instruments.js';
import { systemClock } from '../../lib/clock.js';

/** Instruments, their markets and the `-latest` model aliases, seeded with the nine instruments. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('instruments', (t) => {
    t.string('id', 64).primary();
    t.string('model_name', 64).notNullable().unique();
    t.string('symbol', 64).notNullable().unique();
    t.string('name', 128).notNullable();
    t.text('description').notNullable();
    t.string('instrument_type', 32).notNullable();
    t.string('status', 16).notNullable();
    t.string('service_type', 32).notNullable();
    t.string('model_category', 32).nullable();
    t.integer('min_quantity').notNullable();
    t.integer('max_quantity').notNullable();
    t.integer('quantity_increment').notNullable();
    t.integer('fee_ppm').notNullable();
    t.integer('context_window').notNullable();
    t.integer('token_throughput').notNullable();
    t.bigInteger('tokens_per_unit').notNullable();
    t.text('usage').notNullable();
    t.text('qualifying_models').notNullable(); // JSON array
    t.integer('max_output_length').notNullable();
    t.integer('min_performance_benchmark').notNullable();
    t.integer('min_time_to_first_token_ms').notNullable();
    t.string('model_id', 128).nullable();
    t.string('model_version', 64).nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
  });
  await knex.schema.createTable('markets', (t) => {
    t.string('id', 64).primary();
    t.string('instrument_id', 64).notNullable().unique().references('instruments.id');
    t.string('name', 128).notNullable();
    t.text('description').notNullable();
    t.string('market_type', 16).notNullable();
    t.string('status', 16).notNullable();
    t.integer('tick_size_ticks').notNullable();
    t.integer('lot_size').notNullable();
    t.integer('min_order_size').notNullable();
    t.integer('max_order_size').notNullable();
    t.integer('price_collar_pct').notNullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
  });
  await knex.schema.createTable('model_aliases', (t) => {
    t.string('alias', 64).primary();
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.string('display_name', 128).notNullable();
    t.string('owned_by', 64).notNullable();
    t.bigInteger('created_at_us').notNullable();
  });

  const nowUs = systemClock.nowUs();
  await knex('instruments').insert(
    instrumentSeeds.map((s) => ({
      id: s.instrumentId,
      model_name: s.modelName,
      symbol: s.symbol,
      name: s.name,
      description: s.description,
      instrument_type: 'ai_commodity',
      status: 'draft',
      service_type: 'chat',
      model_category: s.taskType,
      min_quantity: marketDefaults.minOrderSize,
      max_quantity: marketDefaults.maxOrderSize,
      quantity_increment: marketDefaults.lotSize,
      fee_ppm: marketDefaults.feePpm,
      context_window: s.contextWindow,
      token_throughput: s.tokenThroughput,
      tokens_per_unit: marketDefaults.tokensPerUnit,
      usage: s.usage,
      qualifying_models: JSON.stringify(s.qualifyingModels),
      max_output_length: s.maxOutputLength,
      min_performance_benchmark: s.minPerformanceBenchmark,
      min_time_to_first_token_ms: s.maxTimeToFirstTokenMs,
      model_id: null,
      model_version: null,
      created_at_us: nowUs,
      updated_at_us: nowUs,
    })),
  );
  await knex('markets').insert(
    instrumentSeeds.map((s) => ({
      id: s.marketId,
      instrument_id: s.instrumentId,
      name: `${s.symbol}/USD`,
      description: `Spot market for ${s.name} capacity, priced in USD per Unit (1,000,000 tokens).`,
      market_type: 'spot',
      status: 'draft',
      tick_size_ticks: marketDefaults.tickSizeTicks,
      lot_size: marketDefaults.lotSize,
      min_order_size: marketDefaults.minOrderSize,
      max_order_size: marketDefaults.maxOrderSize,
      price_collar_pct: marketDefaults.priceCollarPct,
      created_at_us: nowUs,
      updated_at_us: nowUs,
    })),
  );
  const instrumentIdByName = new Map(instrumentSeeds.map((s) => [s.modelName, s.instrumentId]));
  await knex('model_aliases').insert(
    modelAliasSeeds.map((a) => ({
      alias: a.alias,
      instrument_id: instrumentOf(instrumentIdByName, a.modelName),
      display_name: a.displayName,
      owned_by: a.ownedBy,
      created_at_us: nowUs,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['model_aliases', 'markets', 'instruments']) await knex.schema.dropTableIfExists(table);
}

/** Every alias names a seeded model: a seed that does not is a bug in the seeds. */
function instrumentOf(instrumentIdByName: ReadonlyMap<string, string>, modelName: string): string {
  const instrumentId = instrumentIdByName.get(modelName);
  if (instrumentId === undefined) throw new Error(`model alias seed names ${modelName}, which is not seeded`);
  return instrumentId;
}
