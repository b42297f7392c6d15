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

  /** The statements `connection` sent from the one at `start` up to and including its next COMMIT. */
  function transactionFrom(sent: readonly Sent[], start: number): string[] {
    const connection = sent[start]!.connection;
    const own = sent.slice(start).filter((s) => s.connection === connection);
    const end = own.findIndex((s) => /commit/i.test(s.what));
    return own.slice(0, end + 1).map((s) => s.what);
  }

  it('admits in one statement and settles in one, each in a transaction of its own (BEGIN, it, COMMIT)', async () => {
    await infer(); // warm: prepared statements, the system account known, routing's read kept
    await infer();
    const recording = recordStatements();
    try {
      await infer();
    } finally {
      recording.stop();
    }
    const { sent } = recording;
    const listing = sent.map((s) => s.what).join('\n');
    const admission = sent.findIndex((s) => s.what.startsWith('BEGIN; SELECT pg_advisory_xact_lock'));
    expect(admission, listing).to.be.at.least(0);
    expect(transactionFrom(sent, admission).slice(1), listing).to.deep.equal([
      'mkt_inference_admit_at_once',
      'mkt_transaction_commit',
    ]);
    const settlement = sent.findIndex((s, i) => i > admission && s.what === 'mkt_transaction_begin');
    expect(transactionFrom(sent, settlement), listing).to.deep.equal([
      'mkt_transaction_begin',
      'mkt_inference_settle_at_once',
      'mkt_transaction_commit',
    ]);
    // Nothing else of consumption's ledger is written, and routing reads its endpoints at most once (kept behind the
    // feed; its asks for at most a second).
    const consumption = sent.filter((s) => /inference_|journal_|consumption_lot|api_key_spend/.test(s.what));
    expect(
      consumption.map((s) => s.what),
      listing,
    ).to.deep.equal(['mkt_inference_admit_at_once', 'mkt_inference_settle_at_once']);
    expect(sent.filter((s) => s.what === 'mkt_routing_endpoints_qualified').length, listing).to.be.at.most(1);
  });
});
