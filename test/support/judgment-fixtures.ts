import { expect } from 'chai';
import type { Services } from '../../src/app/services.js';
import { tokensOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { createTestUser, type TestUser } from './fixtures.js';
import type { Reply } from './http.js';
import { giveUnits } from './market-fixtures.js';
import type { TestEnvironment } from './service.js';

/** What the judgment tests share (test/consumption/spec-breaches*.test.ts). */

export interface Instrument {
  id: string;
  model: string;
}

export async function instrumentOf(services: Services, model: string): Promise<Instrument> {
  const found = await services.reference.resolveModel(model);
  if (!found) throw new Error(`no instrument ${model}`);
  return { id: found.id, model };
}

/**
 * Sets an instrument's guarantees in the reference data, as an operator's change would, and drops this process's
 * cached copy (instruments are otherwise seeded once and never change at run time). Tests tighten a bound so that a
 * supplier slower than it by a wide margin breaks it, with no timing luck either way.
 */
export async function setGuarantees(
  services: Services,
  instrument: Instrument,
  guarantees: { min_time_to_first_token_ms?: number; token_throughput?: number },
): Promise<void> {
  await services.db('instruments').where('id', instrument.id).update(guarantees);
  services.referenceCache.resolvedModels.clear();
  services.referenceCache.instrumentsById = undefined;
}

/** A new supplier of the instrument whose inference goes to `url` (an upstream the test runs). */
export async function supplierAt(services: Services, instrument: Instrument, url: string): Promise<TestUser> {
  const user = await createTestUser(services);
  await registerSupplier(services, {
    userId: user.userId,
    instruments: [instrument.id],
    baseUrl: url,
    model: 'upstream',
    simulated: false,
  });
  return user;
}

/** A caller holding one Unit (a million tokens) of the instrument in consumption. */
export async function callerWithTokens(services: Services, instrument: Instrument): Promise<TestUser> {
  const caller = await createTestUser(services);
  await giveUnits(services, caller.userId, instrument.id, 1);
  await services.db.transaction((trx) =>
    transferToConsumption(trx, {
      userId: caller.userId,
      instrumentId: instrument.id,
      quantity: 1,
      orderId: null,
      nowUs: services.clock.nowUs(),
    }),
  );
  return caller;
}

export async function tokensHeld(
  services: Services,
  caller: TestUser,
  instrument: Instrument,
): Promise<{ available: number; locked: number }> {
  const row: { available: number | string; locked: number | string } | undefined = await services
    .db('ledger_accounts')
    .where({ user_id: caller.userId, kind: 'consumption', asset: tokensOf(instrument.id) })
    .first('available', 'locked');
  if (!row) throw new Error('the caller has no consumption account');
  return { available: Number(row.available), locked: Number(row.locked) };
}

export async function receiptOf(env: TestEnvironment, caller: TestUser, reply: Reply): Promise<Record<string, any>> {
  const requestId = reply.headers.get('x-mkt-request-id');
  expect(requestId, 'x-mkt-request-id').to.be.a('string');
  const found = await env.consumption.get(`/v1/usage/${requestId}`, { bearer: caller.apiKey });
  expect(found.status, found.text).to.equal(200);
  return found.body.data;
}

/**
 * An answer out of spec: its receipt names the breach (and only breaches of `guarantee`), it is not billed, and its
 * whole reservation went back to the caller. Answers the receipt.
 */
export async function expectOutOfSpec(
  env: TestEnvironment,
  caller: TestUser,
  instrument: Instrument,
  reply: Reply,
  before: { available: number; locked: number },
  guarantee: string,
): Promise<Record<string, any>> {
  expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
  const receipt = await receiptOf(env, caller, reply);
  expect(receipt).to.include({ status: 'out_of_spec', cost_status: 'not_billed', cost_usd: '0.000000' });
  expect(receipt.spec_breaches.map((b: { guarantee: string }) => b.guarantee)).to.deep.equal([guarantee]);
  expect(await tokensHeld(env.service.services, caller, instrument)).to.deep.equal(before);
  return receipt;
}

/** The `data` of each event of an SSE body, parsed ([DONE] left out). */
export function sseData(text: string): Record<string, any>[] {
  return text
    .split('\n\n')
    .map((event) =>
      event
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data): data is string => data !== undefined && data !== '[DONE]')
    .map((data) => JSON.parse(data));
}
