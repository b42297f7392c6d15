import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import type { TestUser } from '../support/fixtures.js';
import {
  callerWithTokens,
  instrumentOf,
  receiptOf,
  supplierAt,
  type Instrument,
} from '../support/judgment-fixtures.js';
import { marketOf, placed } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { issueUnits } from '../support/trading-fixtures.js';
import { endpointsOf, eventually, secondEndpoint, setStanding } from '../support/watch-fixtures.js';

/**
 * Routing with the watch (issue 31, item 4; src/consumption/inference/routing.ts): an endpoint the watch found to miss
 * the contract is tried after one that meets it, even a dearer one; cool-downs are by endpoint, so a supplier with a
 * failing and a good endpoint keeps serving from the good one; and each attempt that fails before its first byte (a
 * 500, a first byte later than MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS) is recorded against its endpoint and shows on its
 * scorecard, while the request is served by the next.
 */
describeEachDatabase(
  'consumption: routing by standing, cool-downs by endpoint, failures before the first byte',
  (env) => {
    const services = () => env().service.services;
    const servers: SimulatorServer[] = [];
    const hi = [{ role: 'user', content: 'Say hello.' }];

    after(async () => {
      await Promise.all(servers.map((s) => s.close()));
    });

    async function upstream(id: string): Promise<SimulatorServer> {
      const server = await startSimulatorServer({ id });
      servers.push(server);
      return server;
    }

    /** A supplier of the instrument at a new upstream, resting an ask at `price` on its market. */
    async function askingSupplier(instrument: Instrument, price: string) {
      const server = await upstream(`routing-watch-${price}`);
      const user = await supplierAt(services(), instrument, server.url);
      await issueUnits(services(), user.userId, instrument.id, 1);
      const market = await marketOf(services(), instrument.model);
      await placed(env(), user, { market_id: market.marketId, side: 'sell', price, quantity: 1 });
      const [endpointId] = await endpointsOf(services(), user.userId);
      return { server, user, endpointId: endpointId! };
    }

    const ask = (caller: TestUser, instrument: Instrument, stream = false) =>
      env().consumption.post('/r/v1/chat/completions', {
        bearer: caller.apiKey,
        body: { model: instrument.model, messages: hi, max_tokens: 8, stream },
      });

    async function served(caller: TestUser, instrument: Instrument, stream = false) {
      const reply = await ask(caller, instrument, stream);
      expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
      const receipt = await receiptOf(env(), caller, reply);
      expect(receipt.status).to.equal('succeeded');
      return { requestId: String(receipt.request_id), attempts: Number(receipt.supplier_attempts) };
    }

    const scorecardOf = async (user: TestUser, endpointId: string) => {
      const reply = await env().trading.get('/v1/supply/scorecard', { sign: user.signingKey });
      expect(reply.status, reply.text).to.equal(200);
      return reply.body.data.find((card: { endpoint_id: string }) => card.endpoint_id === endpointId);
    };

    const failuresOf = (endpointId: string) =>
      services()
        .db('attempt_failures')
        .where('endpoint_id', endpointId)
        .orderBy('id')
        .select('instrument_id', 'request_id', 'kind');

    it('an endpoint that misses the contract goes after one that meets it, even a dearer one', async () => {
      const instrument = await instrumentOf(services(), 'text-standard');
      const cheap = await askingSupplier(instrument, '0.5000');
      const dear = await askingSupplier(instrument, '0.9000');
      const caller = await callerWithTokens(services(), instrument);
      const counts = () => [cheap.server.requests, dear.server.requests];
      const key = { endpointId: cheap.endpointId, instrumentId: instrument.id };
      const steps: { standing: 'meets' | 'misses' | 'unjudged'; goesTo: 'cheap' | 'dear' }[] = [
        { standing: 'unjudged', goesTo: 'cheap' },
        { standing: 'misses', goesTo: 'dear' },
        { standing: 'meets', goesTo: 'cheap' },
      ];
      for (const step of steps) {
        await setStanding(services(), key, step.standing, step.standing === 'misses' ? 'out of spec 5 of 8' : null);
        const [cheapBefore, dearBefore] = counts();
        expect((await served(caller, instrument)).attempts).to.equal(1);
        expect(counts(), `${step.standing}: goes to the ${step.goesTo} one`).to.deep.equal(
          step.goesTo === 'cheap' ? [cheapBefore! + 1, dearBefore] : [cheapBefore, dearBefore! + 1],
        );
      }
      // Both missing: price decides again.
      await setStanding(services(), key, 'misses');
      await setStanding(services(), { endpointId: dear.endpointId, instrumentId: instrument.id }, 'misses');
      const [cheapBefore] = counts();
      await served(caller, instrument);
      expect(cheap.server.requests).to.equal(cheapBefore! + 1);
      await env().trading.delete('/v1/orders', { sign: cheap.user.signingKey });
      await env().trading.delete('/v1/orders', { sign: dear.user.signingKey });
    });

    it('a supplier with a failing and a good endpoint keeps serving from the good one; the failure is recorded', async () => {
      const instrument = await instrumentOf(services(), 'code-standard');
      const [first, second] = [await upstream('routing-watch-a'), await upstream('routing-watch-b')];
      const supplier = await supplierAt(services(), instrument, first.url);
      const [firstId] = await endpointsOf(services(), supplier.userId);
      const secondId = await secondEndpoint(services(), supplier.userId, instrument, second.url);
      // Same supplier, same ask: routing tries the endpoint with the lower id first. That one fails with a 500.
      const [failingId, goodId] = [firstId!, secondId].sort();
      const failing = failingId === firstId ? first : second;
      const good = failing === first ? second : first;
      failing.setFault({ kind: 'error' });
      const caller = await callerWithTokens(services(), instrument);

      const one = await served(caller, instrument);
      expect(one.attempts).to.equal(2);
      await eventually('the failed attempt is recorded', async () => (await failuresOf(failingId!)).length === 1);
      expect(await failuresOf(failingId!)).to.deep.equal([
        { instrument_id: instrument.id, request_id: one.requestId, kind: 'failed' },
      ]);
      // The failing endpoint cools down, not its supplier: the next request goes straight to the good endpoint.
      expect([...services().routingState.cooling.keys()])
        .to.include(failingId)
        .and.not.include(goodId);
      const failedBefore = failing.requests;
      const goodBefore = good.requests;
      const two = await served(caller, instrument, true);
      expect(two.attempts).to.equal(1);
      expect([failing.requests, good.requests]).to.deep.equal([failedBefore, goodBefore + 1]);
      expect(await failuresOf(goodId!)).to.deep.equal([]);

      const card = await scorecardOf(supplier, failingId!);
      for (const window of card.windows)
        expect(window.failed_before_first_byte).to.deep.equal({ timeouts: 0, failed: 1 });
      const goodCard = await scorecardOf(supplier, goodId!);
      expect(goodCard.windows[0].failed_before_first_byte).to.deep.equal({ timeouts: 0, failed: 0 });
      expect(goodCard.windows[0].requests).to.equal(2);
      failing.setFault(null);
    });

    it('an upstream that hangs past the first-byte deadline is recorded as a timeout; the next serves', async () => {
      const instrument = await instrumentOf(services(), 'agent-standard');
      const hung = await askingSupplier(instrument, '0.5000');
      const live = await askingSupplier(instrument, '0.9000');
      hung.server.setFault({ kind: 'timeout', afterMs: 60_000 });
      const caller = await callerWithTokens(services(), instrument);
      const liveBefore = live.server.requests;

      const answered = await served(caller, instrument, true);
      expect(answered.attempts).to.equal(2);
      expect(live.server.requests).to.equal(liveBefore + 1);
      await eventually('the timeout is recorded', async () => (await failuresOf(hung.endpointId)).length === 1);
      expect(await failuresOf(hung.endpointId)).to.deep.equal([
        { instrument_id: instrument.id, request_id: answered.requestId, kind: 'timeout' },
      ]);
      const card = await scorecardOf(hung.user, hung.endpointId);
      expect(card.windows[0]).to.deep.include({ requests: 0, failed_before_first_byte: { timeouts: 1, failed: 0 } });
      hung.server.setFault(null);
      await env().trading.delete('/v1/orders', { sign: hung.user.signingKey });
      await env().trading.delete('/v1/orders', { sign: live.user.signingKey });
    });
  },
  { env: { MKT_SUPPLIER_FIRST_BYTE_TIMEOUT_MS: '500', MKT_SUPPLIER_COOLDOWN_MS: '600000' } },
);
