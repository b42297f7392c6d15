import { expect } from 'chai';
import { openDatabase, type Db } from '../../src/db/knex.js';
import { unitInConsumption } from '../support/ledger-fixtures.js';
import { eventually } from '../support/eventually.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Routing keeps its read of an instrument's endpoints behind the API keys' change feed (migration 0035): a change
 * written by another process (here a connection of its own, which this process's knex never sees) reaches the kept
 * read through the feed, on PostgreSQL by NOTIFY, on SQLite by the counter row, and the next requests route by it.
 */
describeEachDatabase('consumption: routing kept behind the change feed', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let caller: TestUser;
  let supplier: TestUser;
  let other: Db;

  before(async () => {
    supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
    caller = await createTestUser(services());
    for (let i = 0; i < 2; i++)
      await unitInConsumption(services().db, caller.userId, instrument.id, services().clock.nowUs());
    other = openDatabase(services().config.databaseUrl);
  });
  after(async () => {
    await other?.destroy();
  });

  const infer = async (): Promise<number> => {
    const reply = await env().consumption.post('/r/v1/chat/completions', {
      bearer: caller.apiKey,
      body: { model, messages: [{ role: 'user', content: 'Route me.' }], max_tokens: 8 },
    });
    return reply.status;
  };

  /** The supplier's status written by another process: no announcement of this one's knex, only the feed's. */
  const setSupplierStatus = (status: 'enabled' | 'disabled') =>
    other('suppliers').where({ user_id: supplier.userId }).update({ status });

  it('stops routing to a supplier another process disabled, and routes to it again once enabled', async () => {
    expect(await infer()).to.equal(200); // the read is kept
    await setSupplierStatus('disabled');
    // SQLite: the counter moved with the write, and each request reads it: the very next request knows. PostgreSQL: the
    // NOTIFY is on its way.
    if (env().database === 'sqlite') expect(await infer()).to.equal(503);
    await eventually(10_000, 'a disabled supplier is no longer routed to', async () =>
      (await infer()) === 503 ? true : undefined,
    );
    await setSupplierStatus('enabled');
    await eventually(10_000, 'an enabled supplier is routed to again', async () =>
      (await infer()) === 200 ? true : undefined,
    );
  });
});
