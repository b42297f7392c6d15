import type { Knex } from 'knex';
import { newEndpointId } from '../../lib/ids.js';

/**
 * Suppliers' endpoints (issue 31, DESIGN.md §15):
 *
 * - `supplier_endpoints`: where a supplier's inference goes, any number per supplier: a base URL and model (both null
 *   for a simulated endpoint), the upstream key sealed with the deployment's secret (src/core/upstream-keys.ts) and its
 *   last 4 characters, `status` active, disabled or deleted (a deleted endpoint stays: receipts name it), and who
 *   registered it (`operator` through `mkt admin supplier add`, `supplier` through the API).
 * - `endpoint_instruments`: the instruments an endpoint offers and its qualification for each
 *   (src/trading/supply/qualification.ts holds the states): pending, qualified, not_qualified or suspended, on the
 *   basis of a measured `run` or an operator's `override` (with its `reason`), the Quality Score and report of the
 *   run that decided it.
 * - `inference_requests.endpoint_id`: the endpoint that answered a request.
 *
 * Every `suppliers` row becomes one endpoint offering its instruments, qualified by override: the operator registered
 * it before qualification was measured. Its plaintext upstream key moves out of `suppliers` into the endpoint marked
 * `unsealed:`; the first process to start seals it with the deployment's secret (src/trading/supply/seal-keys.ts),
 * because only the running service knows that secret (its configuration, or the file or row it makes), and the
 * migration sees neither.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('supplier_endpoints', (t) => {
    t.string('id', 64).primary();
    t.string('user_id', 64).notNullable().references('users.id');
    t.string('base_url', 512).nullable();
    t.string('model', 128).nullable();
    t.string('upstream_key_ciphertext', 2048).nullable();
    t.string('upstream_key_last4', 4).nullable();
    t.boolean('simulated').notNullable().defaultTo(false);
    t.string('status', 16).notNullable();
    t.string('registered_by', 16).notNullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
    t.index(['user_id', 'created_at_us']);
  });
  await knex.schema.createTable('endpoint_instruments', (t) => {
    t.string('endpoint_id', 64).notNullable().references('supplier_endpoints.id');
    t.string('instrument_id', 64).notNullable();
    t.string('qualification', 16).notNullable();
    t.string('basis', 16).notNullable();
    t.integer('quality_score').nullable();
    t.string('report_id', 64).nullable();
    t.text('reason').nullable();
    t.bigInteger('created_at_us').notNullable();
    t.bigInteger('updated_at_us').notNullable();
    t.primary(['endpoint_id', 'instrument_id']);
    t.index(['instrument_id', 'qualification']);
  });
  await knex.schema.alterTable('inference_requests', (t) => {
    t.string('endpoint_id', 64).nullable();
  });
  await endpointsOfSuppliers(knex);
}

interface LegacySupplier {
  user_id: string;
  instrument_ids: string;
  base_url: string | null;
  model: string | null;
  upstream_api_key: string | null;
  simulated: boolean | number;
  created_at_us: number | string;
  updated_at_us: number | string;
}

/** One endpoint per supplier, qualified by the operator's word for each of its instruments. */
async function endpointsOfSuppliers(knex: Knex): Promise<void> {
  const suppliers = await knex<LegacySupplier>('suppliers').select('*');
  for (const s of suppliers) {
    const id = newEndpointId();
    const key = s.upstream_api_key;
    await knex('supplier_endpoints').insert({
      id,
      user_id: s.user_id,
      base_url: s.base_url,
      model: s.model,
      upstream_key_ciphertext: key === null ? null : `unsealed:${key}`,
      upstream_key_last4: key !== null && key.length >= 16 ? key.slice(-4) : null, // as core/upstream-keys.ts keyHintOf
      simulated: Boolean(s.simulated),
      status: 'active',
      registered_by: 'operator',
      created_at_us: s.created_at_us,
      updated_at_us: s.updated_at_us,
    });
    const instrumentIds: unknown = JSON.parse(s.instrument_ids);
    for (const instrumentId of Array.isArray(instrumentIds) ? instrumentIds : [])
      await knex('endpoint_instruments').insert({
        endpoint_id: id,
        instrument_id: String(instrumentId),
        qualification: 'qualified',
        basis: 'override',
        reason: 'registered by the operator before measured qualification',
        created_at_us: s.updated_at_us,
        updated_at_us: s.updated_at_us,
      });
  }
  await knex('suppliers').update({ upstream_api_key: null });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inference_requests', (t) => {
    t.dropColumn('endpoint_id');
  });
  await knex.schema.dropTableIfExists('endpoint_instruments');
  await knex.schema.dropTableIfExists('supplier_endpoints');
}
