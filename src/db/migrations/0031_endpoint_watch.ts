import type { Knex } from 'knex';

/**
 * The watch over endpoints (issue 31, item 4):
 *
 * - `endpoint_instruments`:
 *   - `standing`: what the watch last found of the endpoint for the instrument over its window: `meets` the contract,
 *     `misses` it (routing ranks it after those that meet it), or `unjudged` (too few answers yet);
 *     `standing_reason` and `standing_at_us` say why and when;
 *   - `judged_since_us`: the watch judges answers from here on (set when the endpoint is qualified or restored, so
 *     that the answers that got it suspended do not suspend it again);
 *   - `suspended_by`: `operator` or `watch` while suspended (only the watch's suspensions are lifted by canaries);
 *   - `last_canary_at_us`: when the instrument's last canary was sent (the next canary of the endpoint goes to the
 *     instrument waiting longest).
 * - `supplier_endpoints.canary_due_at_us`: when the endpoint's next canary is due; a process claims it by moving it
 *   forward (compare-and-set), so one canary is sent whatever the number of processes.
 * - `canary_runs`: one row per canary: its probe, its result (`passed`; `failed` its quality check; `out_of_spec`, a
 *   guarantee broken; `error`, no answer), the judgment's breaches, what was measured, and the quality check apart
 *   (an answer out of spec still has a quality verdict, which the canaries' Quality Score counts).
 * - `attempt_failures`: supplier attempts that failed before their first byte (routing fails over; no receipt names the
 *   endpoint), so that timeouts and failures count on its scorecard and in the watch's judgment.
 * - `qualification_events`: every change of an endpoint's qualification for an instrument, who made it (operator,
 *   watch, run, supplier) and why: the log the watch's decisions are read back from.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('endpoint_instruments', (t) => {
    t.string('standing', 16).notNullable().defaultTo('unjudged');
    t.text('standing_reason').nullable();
    t.bigInteger('standing_at_us').nullable();
    t.bigInteger('judged_since_us').nullable();
    t.string('suspended_by', 16).nullable();
    t.bigInteger('last_canary_at_us').nullable();
  });
  await knex.schema.alterTable('supplier_endpoints', (t) => {
    t.bigInteger('canary_due_at_us').nullable();
  });
  await knex.schema.createTable('canary_runs', (t) => {
    t.string('id', 64).primary();
    t.string('endpoint_id', 64).notNullable();
    t.string('instrument_id', 64).notNullable();
    t.string('probe', 64).notNullable();
    t.string('result', 16).notNullable(); // passed | failed | out_of_spec | error
    t.boolean('quality_passed').nullable(); // the probe's check; null when no answer came
    t.text('spec_breaches').nullable();
    t.text('attempt_measurements').nullable();
    t.text('detail').notNullable();
    t.bigInteger('started_at_us').notNullable();
    t.bigInteger('finished_at_us').notNullable();
    t.index(['endpoint_id', 'instrument_id', 'started_at_us'], 'canary_runs_by_endpoint');
  });
  await knex.schema.createTable('attempt_failures', (t) => {
    t.increments('id').primary();
    t.string('endpoint_id', 64).notNullable();
    t.string('instrument_id', 64).notNullable();
    t.string('request_id', 64).nullable();
    t.string('kind', 16).notNullable(); // timeout | failed
    t.bigInteger('created_at_us').notNullable();
    t.index(['endpoint_id', 'instrument_id', 'created_at_us'], 'attempt_failures_by_endpoint');
  });
  await knex.schema.createTable('qualification_events', (t) => {
    t.increments('id').primary();
    t.string('endpoint_id', 64).notNullable();
    t.string('instrument_id', 64).notNullable();
    t.string('event', 16).notNullable(); // registered | vouched | measured | suspended | restored
    t.string('actor', 16).notNullable(); // operator | watch | run | supplier
    t.string('qualification', 16).notNullable(); // the qualification after the event
    t.text('reason').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.index(['endpoint_id', 'instrument_id', 'created_at_us'], 'qualification_events_by_endpoint');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('qualification_events');
  await knex.schema.dropTableIfExists('attempt_failures');
  await knex.schema.dropTableIfExists('canary_runs');
  await knex.schema.alterTable('supplier_endpoints', (t) => {
    t.dropColumn('canary_due_at_us');
  });
  await knex.schema.alterTable('endpoint_instruments', (t) => {
    for (const column of ['standing', 'standing_reason', 'standing_at_us', 'judged_since_us', 'suspended_by'])
      t.dropColumn(column);
    t.dropColumn('last_canary_at_us');
  });
}
