import { expect } from 'chai';
import { auditLedger } from '../../src/ledger/audit.js';
import { consumedShards } from '../../src/ledger/consumed-accounts.js';
import { unitInConsumption } from '../support/ledger-fixtures.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Consumed tokens go to one of eight sinks per instrument, chosen by the consuming account (ledger/consumed-accounts.ts),
 * so that settlements of different consumers do not queue on one row's lock on PostgreSQL.
 */
describeEachDatabase('consumption: consumed tokens spread over the sinks of their instrument', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  const consumers: TestUser[] = [];

  before(async () => {
    const supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
    for (let i = 0; i < 12; i += 1) {
      const consumer = await createTestUser(services());
      await unitInConsumption(services().db, consumer.userId, instrument.id, services().clock.nowUs());
      consumers.push(consumer);
    }
  });

  it("credits each consumer's tokens to its sink, several sinks in all, every token accounted for and the audit clean", async () => {
    const infer = (consumer: TestUser) =>
      env().consumption.post('/r/v1/chat/completions', {
        bearer: consumer.apiKey,
        body: { model, messages: [{ role: 'user', content: 'Where do my tokens go?' }], max_tokens: 8 },
      });
    const replies = await Promise.all([...consumers, ...consumers].map(infer));
    expect(replies.map((r) => r.status)).to.deep.equal(replies.map(() => 200));

    const sinks = (await services()
      .db('ledger_accounts')
      .where('id', 'like', 'system:consumed:%')
      .select('id', 'available')) as { id: string; available: number | string }[];
    const shards = new Set(sinks.filter((s) => Number(s.available) > 0).map((s) => s.id.split(':')[2]));
    // Twelve consumers over eight shards: more than one of them is used (a hash that put all twelve in one shard would
    // be no spread at all); each is a shard's number.
    expect(shards.size, JSON.stringify(sinks)).to.be.greaterThan(1);
    for (const shard of shards) expect(Number(shard)).to.be.within(0, consumedShards - 1);

    const billed = (await services()
      .db('inference_requests')
      .whereIn(
        'user_id',
        consumers.map((c) => c.userId),
      )
      .sum({ tokens: 'cost_tokens' })
      .first()) as { tokens: number | string | null };
    const consumed = sinks.reduce((sum, s) => sum + Number(s.available), 0);
    expect(consumed).to.equal(Number(billed.tokens));
    expect(await auditLedger(services().db)).to.deep.equal([]);
  });
});
