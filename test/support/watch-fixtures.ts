import { expect } from 'chai';
import type { Services } from '../../src/app/services.js';
import type { Standing } from '../../src/db/supplier-endpoints.js';
import { createEndpoint, qualify } from '../../src/trading/supply/endpoints.js';
import type { Instrument } from './judgment-fixtures.js';

/** What the tests of routing by standing, scorecards' watch fields and admin status share (issue 31, items 4 and 5). */

/** The endpoint ids of a supplier, oldest first. */
export async function endpointsOf(services: Services, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await services
    .db('supplier_endpoints')
    .where('user_id', userId)
    .orderBy(['created_at_us', 'id'])
    .select('id');
  return rows.map((row) => row.id);
}

/** Another endpoint of an existing supplier for the instrument at `url`, vouched for by the operator. */
export async function secondEndpoint(
  services: Services,
  userId: string,
  instrument: Instrument,
  url: string,
): Promise<string> {
  const { row } = await createEndpoint(services, userId, {
    baseUrl: url,
    model: 'upstream',
    instruments: [instrument.id],
  });
  await qualify(services.db, row.id, [instrument.id], { kind: 'vouched', reason: 'test' }, services.clock.nowUs());
  return row.id;
}

/** Sets what the watch found of an endpoint for an instrument, as the watch writes it (src/trading/supply/watch.ts). */
export async function setStanding(
  services: Services,
  key: { endpointId: string; instrumentId: string },
  standing: Standing,
  reason: string | null = null,
  atUs: number | null = null,
): Promise<void> {
  const changed = await services
    .db('endpoint_instruments')
    .where({ endpoint_id: key.endpointId, instrument_id: key.instrumentId })
    .update({ standing, standing_reason: reason, standing_at_us: atUs });
  expect(changed, 'the endpoint offers the instrument').to.equal(1);
}

/** Polls (generously: a busy machine) until `check` holds. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect.fail(`timed out waiting until ${what}`);
}
