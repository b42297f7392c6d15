import { expect } from 'chai';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placeOrder } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * A trading batch admits its new orders together (issue 33, item 1; src/db/admissions.ts): the signatures' claims and
 * the rate tokens are written for the whole batch in its first statements, not per order, so what a batch runs does
 * not grow with its size. Read from the prepared statements' own counts (`mkt_db_statement_seconds`).
 */
describeEachDatabase('trading: a batch admits its orders together', (env) => {
  const services = () => env().service.services;

  /** Runs per prepared statement, by name. */
  async function statementRuns(): Promise<Map<string, number>> {
    const text = await services().metrics.registry.metrics();
    const runs = new Map<string, number>();
    for (const [, name, count] of text.matchAll(/^mkt_db_statement_seconds_count\{statement="([^"]+)"\} (\S+)$/gm))
      runs.set(name!, Number(count));
    return runs;
  }
  const delta = (before: Map<string, number>, after: Map<string, number>): Map<string, number> => {
    const ran = new Map<string, number>();
    for (const [name, n] of after) if (n > (before.get(name) ?? 0)) ran.set(name, n - (before.get(name) ?? 0));
    return ran;
  };

  it('claims and takes tokens per batch: no statement of its own per order, and one admission per batch', async () => {
    const market = await marketOf(services(), 'text-standard');
    const traders: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const trader = await createTestUser(services());
      await giveUsd(services(), trader.userId, '100.00');
      await giveUnits(services(), trader.userId, market.instrumentId, 100);
      traders.push(trader);
    }
    // Each trader's key and bucket seen once, so what follows is the steady state.
    for (const trader of traders)
      expect(
        (await placeOrder(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.0100', quantity: 1 }))
          .status,
      ).to.equal(201);
    const before = await statementRuns();
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        placeOrder(env(), traders[i % 3]!, {
          market_id: market.marketId,
          side: i % 2 === 0 ? 'buy' : 'sell',
          price: i % 2 === 0 ? '0.0100' : '0.9000',
          quantity: 1,
          client_order_id: `together-${i}`,
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).to.equal(201);
    const ran = delta(before, await statementRuns());
    for (const perOrder of ['mkt_used_signature_claim', 'mkt_rate_bucket_take', 'mkt_signing_key_and_claim'])
      expect(ran.get(perOrder) ?? 0, perOrder).to.equal(0);
    // Each batch is one transaction; it admits its orders in one statement on PostgreSQL, in two on SQLite.
    const batches = ran.get('mkt_transaction_begin') ?? 0;
    expect(batches).to.be.within(1, 24);
    const admissions = [...ran].filter(([name]) => name.startsWith('mkt_batch_admission'));
    const perBatch = env().database === 'postgres' ? 1 : 2;
    expect(admissions.reduce((n, [, k]) => n + k, 0)).to.be.within(batches, perBatch * batches);
    if (env().database === 'postgres') {
      // BEGIN, the lock with the admission, the reads, the write with the events' NOTIFY, COMMIT: each once per batch.
      for (const name of ['mkt_batch_admission', 'mkt_batch_reads', 'mkt_batch_write', 'mkt_transaction_commit'])
        expect(ran.get(name), name).to.equal(batches);
      expect(ran.get('mkt_events_notify') ?? 0).to.equal(0);
      // Besides those, only what runs per batch after it (the auto-reload's coalesced check) or in the background.
      const total = [...ran.values()].reduce((n, k) => n + k, 0);
      expect(total).to.be.at.most(6 * batches + 6);
    }
  });
});
