import { expect } from 'chai';
import pg from 'pg';
import { unitInConsumption } from '../support/ledger-fixtures.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/** One statement sent by a pg client of this process: which connection, and its name or text. */
interface Sent {
  connection: object;
  what: string;
}

/**
 * Every statement the pg clients of this process send while `recording` is on: a counter around the driver, in the
 * test only (the service runs in this process).
 */
function recordStatements(): { sent: Sent[]; stop(): void } {
  const sent: Sent[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const what =
      typeof config === 'string'
        ? config
        : typeof config === 'object' && config !== null
          ? String((config as { name?: string; text?: string }).name ?? (config as { text?: string }).text)
          : String(config);
    sent.push({ connection: this, what: what.replace(/\s+/g, ' ').slice(0, 100) });
    return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof original;
  return { sent, stop: () => (pg.Client.prototype.query = original) };
}

describeEachDatabase('consumption: the statements of one inference on PostgreSQL', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let caller: TestUser;

  before(async function () {
    if (env().database !== 'postgres') this.skip();
    const supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
    caller = await createTestUser(services());
    await unitInConsumption(services().db, caller.userId, instrument.id, services().clock.nowUs());
  });

  async function infer(): Promise<string> {
    const reply = await env().consumption.post('/r/v1/chat/completions', {
      bearer: caller.apiKey,
      body: { model, messages: [{ role: 'user', content: 'Count my statements.' }], max_tokens: 16 },
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    return String(reply.headers.get('x-mkt-request-id'));
  }

  it('prints them', async () => {
    await infer(); // warm: prepared statements, caches
    const recording = recordStatements();
    try {
      await infer();
    } finally {
      recording.stop();
    }
    for (const s of recording.sent) console.log(s.what);
    console.log('total', recording.sent.length);
  });
});
