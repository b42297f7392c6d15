import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { disableSupplier, registerSupplier } from '../../src/trading/supply/supply.js';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Upstream timeouts set from the environment (MKT_SUPPLIER_*_TIMEOUT_MS): a hung upstream is given
 * up after the configured first-byte or whole-answer limit, not the defaults (30 s, 10 min), and a
 * stream that goes silent mid-way ends with an error event; neither is billed.
 */
describeEachDatabase(
  'consumption: upstream timeouts from the environment',
  (env) => {
    const services = () => env().service.services;
    const model = 'agent-standard';
    const upstreams: SimulatorServer[] = [];
    let caller: TestUser;

    /** Only this upstream serves the model (the simulated house supplier is off in tests). */
    async function supplierAt(server: SimulatorServer): Promise<TestUser> {
      const instrument = (await services().reference.resolveModel(model))!;
      const user = await createTestUser(services());
      await registerSupplier(services(), {
        userId: user.userId,
        instruments: [instrument.id],
        baseUrl: server.url,
        model: 'sim',
        simulated: false,
      });
      return user;
    }

    before(async () => {
      caller = await createTestUser(services());
      const instrument = (await services().reference.resolveModel(model))!;
      await giveUnits(services(), caller.userId, instrument.id, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: caller.userId,
          instrumentId: instrument.id,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
        }),
      );
    });
    after(async () => {
      await Promise.all(upstreams.map((u) => u.close()));
    });

    async function receipt(requestId: string): Promise<Record<string, any>> {
      const reply = await env().consumption.get(`/v1/usage/${requestId}`, { bearer: caller.apiKey });
      expect(reply.status).to.equal(200);
      return reply.body.data;
    }

    it('gives up on a hung upstream after the configured limits, streamed and not: 503, unbilled', async () => {
      const hung = await startSimulatorServer({ id: 'hung' });
      hung.setFault({ kind: 'timeout', afterMs: 60_000 });
      upstreams.push(hung);
      const supplier = await supplierAt(hung);
      for (const stream of [false, true]) {
        const started = performance.now();
        const reply = await env().consumption.post('/r/v1/chat/completions', {
          bearer: caller.apiKey,
          body: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 8, stream },
        });
        // The defaults would hold it 10 min (whole answer) or 30 s (first chunk).
        expect(performance.now() - started).to.be.below(5_000);
        expect(reply.status).to.equal(503);
        expect(reply.body.errors.code).to.equal('supplier_unavailable');
        expect(await receipt(reply.headers.get('x-mkt-request-id')!)).to.include({
          status: 'failed',
          cost_status: 'not_billed',
        });
      }
      expect(hung.requests).to.equal(2);
      await disableSupplier(services(), supplier.userId);
    });

    it('ends a stream that goes silent mid-way with an error event, unbilled', async () => {
      const silent = await startSimulatorServer({ id: 'silent', tokensPerSecond: 2 });
      upstreams.push(silent);
      await supplierAt(silent);
      const reply = await fetch(`${env().consumption.baseUrl}/r/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 20, stream: true }),
      });
      expect(reply.status).to.equal(200);
      const text = await reply.text();
      expect(text).to.contain('"code":"supplier_unavailable"');
      expect(text).not.to.contain('[DONE]');
      const seen = await receipt(reply.headers.get('x-mkt-request-id')!);
      expect(seen).to.include({ status: 'failed', cost_status: 'not_billed' });
    });
  },
  {
    env: {
      MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS: '200',
      MKT_SUPPLIER_ANSWER_TIMEOUT_MS: '300',
      MKT_SUPPLIER_IDLE_TIMEOUT_MS: '250',
    },
  },
);
