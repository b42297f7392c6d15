import type { Knex } from 'knex';

/**
 * Inference (DESIGN.md §7): one row per request admitted at `/r/v1/…` — its usage receipt — and
 * the concurrency slots that requests hold while they run, shared by every process.
 */
export async function up(knex: Knex): Promise<void> {
  // The price a lot's Units were acquired at, so a receipt can say what its tokens cost in USD.
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.bigInteger('usd_micros_per_unit').nullable();
  });

  await knex.schema.createTable('inference_requests', (t) => {
    t.string('id', 64).primary(); // req_…, the x-mkt-request-id of the /r/v1/… response
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('api_key_id', 64).notNullable();
    t.string('model', 128).notNullable(); // as requested: instrument id or alias
    t.string('instrument_id', 64).notNullable().references('instruments.id');
    t.string('endpoint', 32).notNullable(); // chat.completions | responses | messages
    t.boolean('stream').notNullable();
    t.string('status', 16).notNullable(); // in_progress | succeeded | failed | cancelled | out_of_spec
    t.bigInteger('prompt_tokens').notNullable().defaultTo(0);
    t.bigInteger('completion_tokens').notNullable().defaultTo(0);
    t.bigInteger('reasoning_tokens').notNullable().defaultTo(0);
    t.bigInteger('reserved_tokens').notNullable();
    t.bigInteger('time_to_first_token_ms').nullable();
    t.double('tokens_per_second').nullable(); // a measurement, not money
    t.bigInteger('duration_ms').nullable();
    t.bigInteger('cost_tokens').notNullable().defaultTo(0); // tokens charged (reserved while in progress)
    t.bigInteger('cost_usd_micros').notNullable().defaultTo(0);
    t.string('cost_status', 16).notNullable(); // reserved | settled | not_billed
    t.integer('supplier_attempts').notNullable().defaultTo(0);
    t.string('supplier_user_id', 64).nullable(); // never disclosed to the caller
    t.string('consumption_account_id', 96).nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('completed_at_us').nullable();
    t.index(['user_id', 'created_at_us', 'id']);
    t.index(['user_id', 'status']);
  });

  // A request holds one slot from admission until it ends; a process that dies leaves slots
  // that expire at `expires_at_us` (refreshed while the request runs).
  await knex.schema.createTable('inference_slots', (t) => {
    t.string('request_id', 64).primary();
    t.string('user_id', 64).notNullable();
    t.bigInteger('acquired_at_us').notNullable();
    t.bigInteger('expires_at_us').notNullable();
    t.index(['user_id', 'expires_at_us']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('inference_slots');
  await knex.schema.dropTableIfExists('inference_requests');
  await knex.schema.alterTable('consumption_lots', (t) => {
    t.dropColumn('usd_micros_per_unit');
  });
}
