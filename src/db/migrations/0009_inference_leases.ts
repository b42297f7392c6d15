import type { Knex } from 'knex';

/**
 * Crash recovery of inference (DESIGN.md §7): every `mkt serve` process registers itself, and the
 * slot of each request names the process that serves it, carries a short lease the process renews,
 * and records the tokens delivered so far — so a process that dies leaves work the others (or its
 * successor) can settle at once, billed by what was delivered.
 */
export async function up(knex: Knex): Promise<void> {
  // One row per live (or not yet proven dead) process. `lock_key` names its liveness lock: a
  // PostgreSQL advisory lock, or on SQLite an exclusive lock on a file beside the database.
  await knex.schema.createTable('inference_processes', (t) => {
    t.string('id', 64).primary(); // proc_…
    t.integer('lock_key').notNullable().unique();
    t.string('host', 255).notNullable(); // for operators: where it ran
    t.integer('pid').notNullable();
    t.bigInteger('started_at_us').notNullable();
  });

  await knex.schema.alterTable('inference_slots', (t) => {
    t.string('process_id', 64).nullable(); // null: admitted before this migration (lease only)
    t.bigInteger('prompt_tokens').notNullable().defaultTo(0);
    t.bigInteger('delivered_tokens').notNullable().defaultTo(0); // completion tokens sent so far (streams)
    t.index(['process_id']);
  });

  // The sweep looks for receipts still in progress; they are few among many.
  await knex.schema.alterTable('inference_requests', (t) => {
    t.index(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropIndex(['status']);
  });
  await knex.schema.alterTable('inference_slots', (t) => {
    t.dropIndex(['process_id']);
    t.dropColumn('delivered_tokens');
    t.dropColumn('prompt_tokens');
    t.dropColumn('process_id');
  });
  await knex.schema.dropTableIfExists('inference_processes');
}
