import { expect } from 'chai';
import { tokenPoolStats } from '../../src/consumption/tokens/token-pool.js';
import { promptTokens } from '../../src/consumption/tokens/tokens.js';
import { tokensOf } from '../../src/ledger/assets.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { describeEachDatabase, TestClock } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Big prompts (issue 11, item 6): refusals that a prompt's length decides come before counting
 * it; counting happens off the event loop, so other APIs keep answering; the count is exact; a
 * prompt the instrument's context window cannot hold is 413, naming the limit.
 */

/** Prose of `chars` characters: words of a fixed vocabulary, punctuation and paragraphs, from a seed. */
function prose(chars: number, seed: number): string {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const words = [
    'market',
    'inference',
    'token',
    'price',
    'supplier',
    'the',
    'of',
    'a',
    'window',
    'order',
    'book',
    'latency',
    'unit',
    'prime',
    'standard',
    'quickly',
  ];
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = words[next(words.length)]!;
    const piece = next(20) === 0 ? `${word}.\n\n` : next(8) === 0 ? `${word}, ` : `${word} `;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('').slice(0, chars);
}

const megabytes = (n: number) => n * 1024 * 1024;

describeEachDatabase('consumption: big prompts', (env) => {
  const services = () => env().service.services;

  before(async () => {
    const supplier = await createTestUser(services());
    await makeSupplier(services(), supplier.userId, ['text-max', 'text-standard']);
  });

  async function withUnits(model: string, units: number, mode: 'auto' | 'advanced' = 'advanced'): Promise<TestUser> {
    const caller = await createTestUser(services(), { mode });
    const instrument = (await services().reference.resolveModel(model))!;
    await giveUnits(services(), caller.userId, instrument.id, units);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: caller.userId,
        instrumentId: instrument.id,
        quantity: units,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
    return caller;
  }

  /** POST the chat body to the consumption host (the redirect, or the run at /r/v1/…). */
  const chat = (caller: TestUser, body: Record<string, unknown>, path = '/v1/chat/completions') =>
    env().consumption.post(path, { bearer: caller.apiKey, body });
  const message = (caller: TestUser, body: Record<string, unknown>, path = '/v1/messages') =>
    env().messages.post(path, { headers: { 'x-api-key': caller.apiKey }, body });

  it('refuses a 5 MB prompt with 402 from its length alone, without counting it: 0 tokens in Advanced Mode, no USD in Auto Mode', async () => {
    const content = prose(megabytes(5), 1);
    const rows = [
      { mode: 'advanced' as const, code: 'insufficient_capacity' },
      { mode: 'auto' as const, code: 'insufficient_balance' },
    ];
    for (const row of rows) {
      const caller = await createTestUser(services(), { mode: row.mode });
      const body = { model: 'text-max', max_tokens: 16, messages: [{ role: 'user', content }] };
      const counted = tokenPoolStats().started;
      const replies = [
        await chat(caller, body),
        await chat(caller, body, '/r/v1/chat/completions'),
        await message(caller, body),
        await message(caller, body, '/r/v1/messages'),
      ];
      for (const reply of replies) {
        expect(reply.status, `${row.mode}: ${reply.text.slice(0, 300)}`).to.equal(402);
        expect(reply.body.errors.code, row.mode).to.equal(row.code);
        expect(reply.body.errors.detail, row.mode).to.include('needs at least');
      }
      expect(tokenPoolStats().started, `${row.mode}: no prompt was counted`).to.equal(counted);
      const admitted = (await services()
        .db('inference_requests')
        .where('user_id', caller.userId)
        .count({ n: '*' })
        .first()) as { n: number | string };
      expect(Number(admitted.n), `${row.mode}: nothing admitted`).to.equal(0);
    }
  });

  it('counts a big prompt off the event loop and bills exactly its inline count, streamed or not, in either format', async function () {
    this.timeout(120_000); // three 700 K-character prompts, each counted by mkt and again by the simulated supplier
    // Prose, then one 300,000-letter "word": merged pair by pair in quadratic time, as before,
    // such a piece alone took minutes to count.
    const content = `${prose(400_000, 2)} ${'a'.repeat(300_000)}`;
    const messages = [{ role: 'user' as const, content }];
    const expected = promptTokens(messages);
    expect(expected, 'the prompt fits text-max').to.be.below(200_000 - 16);
    const caller = await withUnits('text-max', 2);
    const rows = [
      {
        name: 'chat',
        send: () => chat(caller, { model: 'text-max', max_tokens: 16, messages }, '/r/v1/chat/completions'),
      },
      {
        name: 'chat, streamed',
        send: () =>
          chat(caller, { model: 'text-max', max_tokens: 16, messages, stream: true }, '/r/v1/chat/completions'),
      },
      {
        name: 'messages',
        send: () => message(caller, { model: 'text-max', max_tokens: 16, messages }, '/r/v1/messages'),
      },
    ];
    for (const row of rows) {
      const counted = tokenPoolStats().started;
      const reply = await row.send();
      expect(reply.status, `${row.name}: ${reply.text.slice(0, 300)}`).to.equal(200);
      expect(tokenPoolStats().started, `${row.name}: counted on the pool`).to.be.above(counted);
      const receipt = await env().consumption.get(`/v1/usage/${reply.headers.get('x-mkt-request-id')}`, {
        bearer: caller.apiKey,
      });
      expect(receipt.body.data.status, row.name).to.equal('succeeded');
      expect(receipt.body.data.prompt_tokens, row.name).to.equal(expected);
    }
    const instrument = (await services().reference.resolveModel('text-max'))!;
    const account = await services()
      .db('ledger_accounts')
      .where({ user_id: caller.userId, asset: tokensOf(instrument.id) })
      .first('locked');
    expect(Number(account.locked), 'every reservation released').to.equal(0);
  });

  it('answers 413 naming the context window: from the length before counting, or from the count', async () => {
    const rich = await withUnits('text-standard', 1);
    const poor = await createTestUser(services());
    const long = prose(megabytes(5), 3);
    // Short enough to pass the length bound (≥ 1 token a 128 bytes), too many tokens to fit.
    const wordy = prose(200_000, 4);
    const wordyTokens = promptTokens([{ role: 'user', content: wordy }]);
    expect(wordyTokens, 'the wordy prompt does not fit text-standard').to.be.above(32_768 - 16);
    const rows = [
      { name: '5 MB, 0 tokens, redirect', caller: poor, content: long, path: '/v1/chat/completions', counted: false },
      { name: '5 MB, 0 tokens, run', caller: poor, content: long, path: '/r/v1/chat/completions', counted: false },
      {
        name: '200 K characters, redirect',
        caller: rich,
        content: wordy,
        path: '/v1/chat/completions',
        counted: true,
      },
      { name: '200 K characters, run', caller: rich, content: wordy, path: '/r/v1/chat/completions', counted: true },
    ];
    for (const row of rows) {
      const counted = tokenPoolStats().started;
      const reply = await chat(
        row.caller,
        { model: 'text-standard', max_tokens: 16, messages: [{ role: 'user', content: row.content }] },
        row.path,
      );
      expect(reply.status, `${row.name}: ${reply.text.slice(0, 300)}`).to.equal(413);
      const { code, detail, context } = reply.body.errors;
      expect(code, row.name).to.equal('payload_too_large');
      expect(detail, row.name).to.include(
        'more than text-standard can take. Its context window is 32768 tokens, 16 of them kept for the output (max_tokens',
      );
      expect(context, row.name).to.include({
        context_window: 32_768,
        output_tokens: 16,
        prompt_tokens_max: 32_752,
        prompt_bytes_max: 32_752 * 128,
      });
      if (row.counted) expect(context.prompt_tokens, row.name).to.equal(wordyTokens);
      else expect(context.prompt_bytes, row.name).to.equal(Buffer.byteLength(long) + Buffer.byteLength('user'));
      expect(tokenPoolStats().started > counted, `${row.name}: counted`).to.equal(row.counted);
    }
    const instrument = (await services().reference.resolveModel('text-standard'))!;
    const account = await services()
      .db('ledger_accounts')
      .where({ user_id: rich.userId, asset: tokensOf(instrument.id) })
      .first('available', 'locked');
    expect({ available: Number(account.available), locked: Number(account.locked) }, 'nothing reserved').to.deep.equal({
      available: 1_000_000,
      locked: 0,
    });
  });

  it('keeps answering the trading API while big prompts are being counted', async function () {
    this.timeout(120_000);
    const caller = await withUnits('text-max', 4);
    // One long "word" each: seconds of counting apiece (200,000 tokens would not fit; 187,500 do).
    const bodies = [0, 1, 2].map((i) => ({
      model: 'text-max',
      max_tokens: 16,
      messages: [{ role: 'user', content: String(i) + 'a'.repeat(1_500_000 - 1) }],
    }));
    const finished: string[] = [];
    const prompts = bodies.map((body, i) =>
      chat(caller, body, '/r/v1/chat/completions').finally(() => finished.push(`prompt ${i}`)),
    );
    const { started, finished: done } = tokenPoolStats();
    const deadline = Date.now() + 60_000;
    while (tokenPoolStats().started === started && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(tokenPoolStats().started, 'a prompt is being counted').to.be.above(started);
    expect(tokenPoolStats().finished, 'and none is counted yet').to.equal(done);
    const health = await env().trading.get('/v1/health');
    finished.push('health');
    expect(health.status).to.equal(200);
    const replies = await Promise.all(prompts);
    expect(finished[0], `answered first: ${finished.join(', ')}`).to.equal('health');
    for (const reply of replies) expect(reply.status, reply.text.slice(0, 300)).to.equal(200);
  });
});

describeEachDatabase(
  'consumption: a big prompt counted for longer than a lease',
  (env) => {
    const services = () => env().service.services;

    it('answers 200: the slot is written with a lease from when it is taken, not from before the count', async function () {
      this.timeout(120_000);
      const supplier = await createTestUser(services());
      await makeSupplier(services(), supplier.userId, ['text-max']);
      const caller = await createTestUser(services());
      const instrument = (await services().reference.resolveModel('text-max'))!;
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
      const body = { model: 'text-max', max_tokens: 16, messages: [{ role: 'user', content: 'a'.repeat(1_500_000) }] };
      const { started } = tokenPoolStats();
      const reply = env().consumption.post('/r/v1/chat/completions', { bearer: caller.apiKey, body });
      // Admission counts the prompt before it writes the slot: while it counts, twice the lease (30 s) goes by, as on
      // a machine so busy that the count waits that long for the token pool.
      const deadline = Date.now() + 60_000;
      while (tokenPoolStats().started === started && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(tokenPoolStats().started, 'the prompt is being counted').to.be.above(started);
      const clock = services().clock as TestClock;
      clock.advance(60_000);
      let slot: { expires_at_us: number | string } | undefined;
      while (slot === undefined && Date.now() < deadline) {
        slot = await services().db('inference_slots').where('user_id', caller.userId).first('expires_at_us');
        if (slot === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(Number(slot?.expires_at_us), 'the slot is written unexpired').to.be.above(clock.nowUs());
      expect(await services().inference.sweepAbandoned(clock.nowUs()), 'a sweep leaves the slot alone').to.equal(0);
      const answered = await reply;
      expect(answered.status, answered.text.slice(0, 300)).to.equal(200);
      const receipt = await env().consumption.get(`/v1/usage/${answered.headers.get('x-mkt-request-id')}`, {
        bearer: caller.apiKey,
      });
      expect(receipt.body.data.status).to.equal('succeeded');
    });
  },
  { clock: () => new TestClock() },
);
