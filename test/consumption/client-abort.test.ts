import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { promptTokens, textTokens } from '../../src/consumption/tokens/tokens.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { ScriptedUpstream } from '../support/scripted-upstream.js';
import { describeEachDatabase } from '../support/service.js';

/**
 * Issue 34 part 4. A client that leaves, before the first byte or mid-stream, stops its supplier's call (the upstream
 * sees it aborted), fails over to no other supplier and cools none down: the request's own abort is no fault of the
 * supplier's. What was delivered is billed (nothing before the first byte). One billing rule for every answer: the
 * prompt as mkt counted it at admission, whatever the supplier counts (here 38, as a llama.cpp upstream did); the
 * completion as the supplier counted it when the answer completed, as mkt counted what it delivered when the client
 * left.
 */
describeEachDatabase('consumption: a client that leaves, and the usage billed', (env) => {
  const services = () => env().service.services;
  const upstreams: ScriptedUpstream[] = [];
  const content = 'What is the capital of France?';
  const messages = [{ role: 'user' as const, content }];
  const admissionCount = promptTokens(messages);

  after(async () => {
    await Promise.all(upstreams.map((u) => u.close()));
  });

  /** Two suppliers of the model, each behind its own upstream: `first` is the one routing tries first. */
  async function twoSuppliersOf(model: string): Promise<{ first: ScriptedUpstream; second: ScriptedUpstream }> {
    const instrument = (await services().reference.resolveModel(model))!;
    const users = [await createTestUser(services()), await createTestUser(services())];
    // Neither has an ask nor the caller's lot: routing ranks them by user id.
    users.sort((a, b) => a.userId.localeCompare(b.userId));
    const [first, second] = [await ScriptedUpstream.start(), await ScriptedUpstream.start()];
    upstreams.push(first, second);
    for (const [user, upstream] of [
      [users[0]!, first],
      [users[1]!, second],
    ] as const)
      await registerSupplier(services(), {
        userId: user.userId,
        instruments: [instrument.id],
        baseUrl: upstream.url,
        model: 'scripted',
        simulated: false,
      });
    return { first, second };
  }

  async function callerOf(model: string): Promise<TestUser> {
    const caller = await createTestUser(services());
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
    return caller;
  }

  const run = (caller: TestUser, model: string, stream: boolean, signal?: AbortSignal) =>
    fetch(`${env().consumption.baseUrl}/r/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model,
        messages,
        max_tokens: 50,
        stream,
        ...(stream && { stream_options: { include_usage: true } }),
      }),
      ...(signal ? { signal } : {}),
    });

  /** Polls (generously: a busy machine) until `check` holds. */
  async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect.fail(`timed out waiting until ${what}`);
  }

  /** The caller's one receipt, once settled. */
  async function settledReceipt(caller: TestUser): Promise<Record<string, any>> {
    let receipt: Record<string, any> | undefined;
    await eventually('the request is settled', async () => {
      const reply = await env().consumption.get('/v1/usage', { bearer: caller.apiKey });
      expect(reply.status, reply.text).to.equal(200);
      receipt = reply.body.data[0];
      return receipt !== undefined && receipt.status !== 'in_progress';
    });
    return receipt!;
  }

  it('a client gone before the first byte stops the supplier, fails over to none, cools none down, and is not billed', async () => {
    const model = 'text-max';
    const { first, second } = await twoSuppliersOf(model);
    const caller = await callerOf(model);
    first.script = { pieces: ['Paris'], hold: 'before_first_byte', promptTokens: 38 };
    const leaving = new AbortController();
    const request = run(caller, model, true, leaving.signal).catch((error: unknown) => error);
    await eventually('the first supplier has the call', () => first.calls.length === 1);
    leaving.abort();
    expect(await request).to.be.instanceOf(Error);
    await eventually('the upstream sees its call aborted', () => first.calls[0]!.aborted);
    // One attempt: no failover for nobody (another supplier, tried with the request's signal aborted, would count one).
    expect(await settledReceipt(caller)).to.include({
      status: 'failed',
      cost_status: 'not_billed',
      cost_usd: '0.000000',
      supplier_attempts: 1,
    });
    expect(second.calls).to.have.length(0);
    expect([...services().routingState.cooling.keys()]).to.deep.equal([]);
    // Nor recorded against it: the request's own abort says nothing of the supplier.
    expect(await services().db('attempt_failures').select('id')).to.deep.equal([]);
    // Not cooled down: the next request goes to the same supplier first.
    first.script = { pieces: ['Paris'], hold: 'never', promptTokens: 38 };
    const next = await run(caller, model, false);
    expect(next.status).to.equal(200);
    await next.arrayBuffer();
    expect(first.calls).to.have.length(2);
    expect(second.calls).to.have.length(0);
  });

  it('a client gone mid-stream stops the supplier, fails over to none, and pays the prompt as admitted and what it was sent', async () => {
    const model = 'code-max';
    const { first, second } = await twoSuppliersOf(model);
    const caller = await callerOf(model);
    first.script = {
      pieces: ['The capital ', 'is Paris, ', 'a city ', 'on the Seine'],
      hold: 'after_pieces',
      promptTokens: 38,
    };
    const leaving = new AbortController();
    const reply = await run(caller, model, true, leaving.signal);
    expect(reply.status).to.equal(200);
    const reader = reply.body!.getReader();
    let received = '';
    let text = '';
    // The gateway holds back each event until the next arrives: the last piece stays with it while the upstream holds.
    while (!received.includes('a city ')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      received = [...text.matchAll(/"content":"([^"]*)"/g)].map((m) => m[1]).join('');
    }
    leaving.abort();
    await eventually('the upstream sees its call aborted', () => first.calls[0]!.aborted);
    const receipt = await settledReceipt(caller);
    expect(receipt).to.include({ status: 'cancelled', cost_status: 'settled', supplier_attempts: 1 });
    expect(receipt.prompt_tokens).to.equal(admissionCount).and.not.equal(38);
    expect(receipt.completion_tokens).to.equal(textTokens(received));
    expect(second.calls).to.have.length(0);
  });

  it('a completed answer, streamed or not, bills the prompt as admitted and the completion as the supplier counted it', async () => {
    const model = 'agent-max';
    const { first } = await twoSuppliersOf(model);
    first.script = { pieces: ['Paris', '.', ' Yes', '.'], hold: 'never', promptTokens: 38 };
    for (const stream of [false, true]) {
      const caller = await callerOf(model);
      const reply = await run(caller, model, stream);
      expect(reply.status).to.equal(200);
      const body = await reply.text();
      const usage = stream
        ? JSON.parse([...body.matchAll(/^data: (\{.*"usage":\{.*)$/gm)].at(-1)![1]!).usage
        : JSON.parse(body).usage;
      // What the answer states is what it is billed on.
      expect(usage, `stream ${stream}`).to.include({
        prompt_tokens: admissionCount,
        completion_tokens: 4,
        total_tokens: admissionCount + 4,
      });
      const receipt = await settledReceipt(caller);
      expect(receipt, `stream ${stream}`).to.include({
        status: 'succeeded',
        prompt_tokens: admissionCount,
        completion_tokens: 4,
        total_tokens: admissionCount + 4,
        cost_usd: usage.cost_usd,
      });
    }
  });
});
