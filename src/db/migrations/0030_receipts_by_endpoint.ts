import type { Knex } from 'knex';

/**
 * Receipts by the endpoint that answered them, newest first within an instrument: what a supplier's scorecard reads
 * (src/db/scorecards.ts, the latest receipts of one endpoint × instrument over a window), without scanning every
 * request of the instrument.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.index(['endpoint_id', 'instrument_id', 'created_at_us'], 'inference_requests_by_endpoint');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropIndex(['endpoint_id', 'instrument_id', 'created_at_us'], 'inference_requests_by_endpoint');
  });
}
