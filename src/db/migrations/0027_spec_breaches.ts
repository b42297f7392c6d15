import type { Knex } from 'knex';

/**
 * The judgment of each answer against its instrument (issue 31), on its receipt: the guarantees it broke
 * (`spec_breaches`, JSON of {guarantee, bound, measured, unit, detail?}; written as soon as a stream's first token
 * comes late, so that a sweep that settles the request after a crash finds it), its wrong tool calls by kind
 * (`tool_call_errors`), and what was measured of the supplier attempt that answered (`attempt_measurements`: time to
 * first content, output rate, finish reason), for the suppliers' scorecards. Null: nothing to record (older receipts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.text('spec_breaches').nullable();
    t.text('tool_call_errors').nullable();
    t.text('attempt_measurements').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropColumn('attempt_measurements');
    t.dropColumn('tool_call_errors');
    t.dropColumn('spec_breaches');
  });
}
