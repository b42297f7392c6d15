import type { Knex } from 'knex';

/**
 * Qualification runs (issue 31): one row per run of an endpoint's probes, all its instruments at once. A run is
 * `running` while the process that started it holds its lease (renewed as it goes); `completed` with one report per
 * instrument, or `failed` with the reason (the upstream broke the run, or the process stopped and a later start found
 * its lease expired). The run's id is the report id that `endpoint_instruments.report_id` names.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('qualification_runs', (t) => {
    t.string('id', 64).primary();
    t.string('endpoint_id', 64).notNullable().references('supplier_endpoints.id');
    t.string('user_id', 64).notNullable();
    t.string('status', 16).notNullable();
    t.text('failure').nullable();
    t.text('reports').nullable(); // JSON array: one QualificationReport per instrument
    t.bigInteger('lease_until_us').notNullable();
    t.bigInteger('started_at_us').notNullable();
    t.bigInteger('finished_at_us').nullable();
    t.index(['endpoint_id', 'started_at_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('qualification_runs');
}
