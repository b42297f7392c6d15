import { expect } from 'chai';
import { startSimulatorServer, type SimulatorServer } from '../../src/consumption/suppliers/simulator-server.js';
import type { TestUser } from '../support/fixtures.js';
import {
  callerWithTokens,
  instrumentOf,
  setGuarantees,
  supplierAt,
  tokensHeld,
  type Instrument,
} from '../support/judgment-fixtures.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 31, item 1: a breach is never billed, however its request ends. A stream whose first token came late (1.5 s
 * against 300 ms) has delivered content when its client goes away, or when its process dies and a sweep settles it:
 * either way it is `out_of_spec`, free, its reservation released in full. The late first token is on the receipt
 * from the moment it came, so the sweep finds it.
 */
describeEachDatabase('consumption: a breach is never billed, whoever settles the request', (env) => {
  const services = () => env().service.services;
  let instrument: Instrument;
  let upstream: SimulatorServer;
  /** A long answer (a string of 2,000 characters) at 10 tokens a second: the stream runs for 20 s if let. */
  const body = (model: string) => ({
    model,
    messages: [{ role: 'user', content: 'Say something long.' }],
    max_tokens: 200,
    stream: true,
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'long', schema: { type: 'string', minLength: 2000 } },
    },
  });

  before(async () => {
    instrument = await instrumentOf(services(), 'text-prime');
    await setGuarantees(services(), instrument, { min_time_to_first_token_ms: 300 });
    upstream = await startSimulatorServer({ id: 'late', timeToFirstTokenMs: 1500, tokensPerSecond: 10 });
    await supplierAt(services(), instrument, upstream.url);
  });
  after(async () => {
    await upstream.close();
  });

  /** Starts the stream and reads until its first content has reached the client. */
  async function streamUntilContent(
    caller: TestUser,
    abort: AbortController,
  ): Promise<{ requestId: string; rest: Promise<void> }> {
    const response = await fetch(`${env().consumption.baseUrl}/r/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(instrument.model)),
      signal: abort.signal,
    });
    expect(response.status).to.equal(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/"content":"[^"]/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before its first content: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    const rest = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // aborted, or cut off
      }
    })();
    return { requestId: response.headers.get('x-mkt-request-id')!, rest };
  }

  async function receipt(caller: TestUser, requestId: string): Promise<Record<string, any>> {
    return (await env().consumption.get(`/v1/usage/${requestId}`, { bearer: caller.apiKey })).body.data;
  }

  async function settled(caller: TestUser, requestId: string): Promise<Record<string, any>> {
    for (let i = 0; i < 400; i++) {
      const found = await receipt(caller, requestId);
      if (found.status !== 'in_progress') return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${requestId} was not settled within 20 s`);
  }

  it('a client that leaves after a late first token pays nothing', async () => {
    const caller = await callerWithTokens(services(), instrument);
    const before = await tokensHeld(services(), caller, instrument);
    const abort = new AbortController();
    const { requestId, rest } = await streamUntilContent(caller, abort);
    abort.abort();
    await rest;
    const found = await settled(caller, requestId);
    expect(found).to.include({ status: 'out_of_spec', cost_status: 'not_billed', cost_usd: '0.000000' });
    expect(found.spec_breaches).to.have.length(1);
    expect(found.spec_breaches[0]).to.include({ guarantee: 'time_to_first_token', bound: 300 });
    expect(found.spec_breaches[0].measured).to.be.at.least(1500);
    expect(await tokensHeld(services(), caller, instrument)).to.deep.equal(before);
  });

  it('a stream settled by the sweep (its process gone) after a late first token pays nothing', async () => {
    const caller = await callerWithTokens(services(), instrument);
    const before = await tokensHeld(services(), caller, instrument);
    const abort = new AbortController();
    const { requestId, rest } = await streamUntilContent(caller, abort);
    // Recorded as the first token came, before the client got it: a sweep after a crash would find it.
    const running = await receipt(caller, requestId);
    expect(running.status).to.equal('in_progress');
    expect(running.spec_breaches.map((b: { guarantee: string }) => b.guarantee)).to.deep.equal(['time_to_first_token']);
    // As if its process had died: the slot gone, the sweep settles it.
    await services().db('inference_slots').where('request_id', requestId).delete();
    expect(await services().inference.sweepAbandoned(services().clock.nowUs())).to.equal(1);
    const swept = await receipt(caller, requestId);
    expect(swept).to.include({ status: 'out_of_spec', cost_status: 'not_billed', cost_usd: '0.000000' });
    expect(swept.spec_breaches).to.deep.equal(running.spec_breaches);
    expect(await tokensHeld(services(), caller, instrument)).to.deep.equal(before);
    abort.abort();
    await rest;
    // The stream, stopped, finds its request settled and changes nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await receipt(caller, requestId)).to.deep.equal(swept);
    expect(await tokensHeld(services(), caller, instrument)).to.deep.equal(before);
  });
});
