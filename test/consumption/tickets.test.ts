import { expect } from 'chai';
import { loadConfig } from '../../src/app/config.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { startService, type RunningService } from '../../src/app/main.js';
import { createLogger } from '../../src/lib/logger.js';
import type { InferenceDeps } from '../../src/consumption/inference/pipeline.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { balancesOf, giveUnits } from '../support/market-fixtures.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { describeEachDatabase, TestClock } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * The admission ticket of the 307 (issue 20, item 1): the run at `/r/v1/…` is judged by the ticket
 * alone, which is good once, for 60 seconds, with the body it was issued for; nothing is billed
 * for a refused one; the request is prepared once, by the redirect.
 */
describeEachDatabase(
  'consumption: the admission ticket of the redirect',
  (env) => {
    const services = () => env().service.services;
    const model = 'text-standard';
    let caller: TestUser;
    let instrumentId: string;
    const body = (content = 'Say something about tickets.', extra: Record<string, unknown> = {}) => ({
      model,
      messages: [{ role: 'user', content }],
      max_tokens: 16,
      ...extra,
    });

    before(async () => {
      const supplier = await createTestUser(services());
      instrumentId = (await services().reference.resolveModel(model))!.id;
      await makeSupplier(services(), supplier.userId, [instrumentId]);
      caller = await createTestUser(services());
      await giveUnits(services(), caller.userId, instrumentId, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: caller.userId,
          instrumentId,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
        }),
      );
    });

    /** POST /v1/… with the key, not followed: the ticket of its Location. */
    async function ticketFor(
      sent: unknown,
      path = '/v1/chat/completions',
      host: 'consumption' | 'messages' = 'consumption',
    ): Promise<string> {
      const reply = await env()[host].post(path, { bearer: caller.apiKey, body: sent });
      expect(reply.status, reply.text).to.equal(307);
      const location = new URL(reply.headers.get('location')!);
      expect(location.pathname).to.equal(`/r${path}`);
      return location.searchParams.get('ticket')!;
    }

    const run = (
      ticket: string,
      sent: unknown,
      headers: Record<string, string> = {},
      path = '/r/v1/chat/completions',
      host: 'consumption' | 'messages' = 'consumption',
    ) => env()[host].post(path, { query: { ticket }, body: sent, headers });

    async function receiptCount(): Promise<number> {
      const row = (await services()
        .db('inference_requests')
        .where('user_id', caller.userId)
        .count({ n: '*' })
        .first()) as { n: number | string };
      return Number(row.n);
    }

    async function receipt(requestId: string): Promise<Record<string, any>> {
      const reply = await env().consumption.get(`/v1/usage/${requestId}`, { bearer: caller.apiKey });
      expect(reply.status, reply.text).to.equal(200);
      return reply.body.data;
    }

    it('runs with the ticket alone: no Authorization, a placeholder Bearer sk-1234 while streaming, or the key resent', async () => {
      const plain = body('no authorization');
      const none = await run(await ticketFor(plain), plain);
      expect(none.status, none.text).to.equal(200);
      expect(none.body.object).to.equal('chat.completion');

      const streamed = body('placeholder', { stream: true, stream_options: { include_usage: true } });
      const placeholder = await run(await ticketFor(streamed), streamed, { authorization: 'Bearer sk-1234' });
      expect(placeholder.status, placeholder.text).to.equal(200);
      expect(placeholder.headers.get('content-type')).to.contain('text/event-stream');
      expect(placeholder.text.trim().endsWith('data: [DONE]')).to.equal(true);

      const keyed = body('key resent');
      const resent = await run(await ticketFor(keyed), keyed, { authorization: `Bearer ${caller.apiKey}` });
      expect(resent.status, resent.text).to.equal(200);

      const message = { model, max_tokens: 16, messages: [{ role: 'user', content: 'messages host' }] };
      const messages = await run(
        await ticketFor(message, '/v1/messages', 'messages'),
        message,
        {},
        '/r/v1/messages',
        'messages',
      );
      expect(messages.status, messages.text).to.equal(200);
      expect(messages.body.type).to.equal('message');
      const response = { model, input: 'responses', max_output_tokens: 16 };
      const responses = await run(await ticketFor(response, '/v1/responses'), response, {}, '/r/v1/responses');
      expect(responses.status, responses.text).to.equal(200);
      expect(responses.body.object).to.equal('response');
    });

    it('prepares a request once: by the redirect, not again by the run', async () => {
      const prepared: string[] = [];
      const deps = services() as InferenceDeps;
      deps.onPrepare = (endpoint) => prepared.push(endpoint);
      try {
        const sent = body('prepared once');
        const ticket = await ticketFor(sent);
        expect(prepared).to.deep.equal(['chat.completions']);
        expect((await run(ticket, sent)).status).to.equal(200);
        expect(prepared).to.deep.equal(['chat.completions']);
        // With the key alone (no ticket) the run prepares it, as the redirect would.
        expect(
          (await env().consumption.post('/r/v1/chat/completions', { bearer: caller.apiKey, body: sent })).status,
        ).to.equal(200);
        expect(prepared).to.deep.equal(['chat.completions', 'chat.completions']);
      } finally {
        delete deps.onPrepare;
      }
    });

    const refusals: {
      name: string;
      code: string;
      refuse: (ticket: string, sent: ReturnType<typeof body>) => Promise<{ status: number; body: any }>;
    }[] = [
      {
        name: 'a ticket used twice',
        code: 'ticket_used',
        refuse: async (ticket, sent) => {
          expect((await run(ticket, sent)).status).to.equal(200);
          return run(ticket, sent);
        },
      },
      {
        name: 'a ticket past its 60 seconds',
        code: 'ticket_expired',
        refuse: async (ticket, sent) => {
          (services().clock as TestClock).advance(61_000);
          return run(ticket, sent);
        },
      },
      {
        name: 'a ticket altered by one character',
        code: 'ticket_invalid',
        refuse: (ticket, sent) => run(`${ticket.at(0) === 'A' ? 'B' : 'A'}${ticket.slice(1)}`, sent),
      },
      {
        name: 'a ticket presented with another body',
        code: 'ticket_invalid',
        refuse: (ticket, sent) => run(ticket, { ...sent, max_tokens: 15 }),
      },
      {
        name: 'a bad ticket beside a valid key',
        code: 'ticket_invalid',
        refuse: (ticket, sent) =>
          run(`${ticket}x`.replace('.', '.A'), sent, { authorization: `Bearer ${caller.apiKey}` }),
      },
    ];
    for (const row of refusals) {
      it(`refuses ${row.name} with 401 ${row.code}, in the host's dialect, and bills nothing`, async () => {
        const sent = body(row.name);
        const ticket = await ticketFor(sent);
        const receiptsBefore = await receiptCount();
        const replayed = row.code === 'ticket_used' ? 1 : 0; // the first, good use is billed
        const refused = await row.refuse(ticket, sent);
        expect(refused.status, JSON.stringify(refused.body)).to.equal(401);
        expect(refused.body.errors.code).to.equal(row.code);
        expect(refused.body.error).to.include({ code: row.code, type: 'authentication_error' });
        expect(await receiptCount()).to.equal(receiptsBefore + replayed);
        const balances = await balancesOf(services(), caller.userId, instrumentId);
        expect(
          (
            await services()
              .db('ledger_accounts')
              .where({ user_id: caller.userId, kind: 'consumption' })
              .first('locked')
          ).locked,
        ).to.satisfy((n: number | string) => Number(n) === 0);
        expect(balances.tokens).to.be.greaterThan(0);
      });
    }

    it("refuses a bad ticket on the messages host in Anthropic's dialect", async () => {
      const message = { model, max_tokens: 16, messages: [{ role: 'user', content: 'dialect' }] };
      const ticket = await ticketFor(message, '/v1/messages', 'messages');
      const refused = await run(
        ticket,
        { ...message, max_tokens: 15 },
        { 'x-api-key': caller.apiKey },
        '/r/v1/messages',
        'messages',
      );
      expect(refused.status).to.equal(401);
      expect(refused.body).to.deep.include({
        type: 'error',
        error: { type: 'authentication_error', message: refused.body.errors.detail },
      });
      expect(refused.body.errors.code).to.equal('ticket_invalid');
    });

    it('states the cost inline, equal to the receipt to the micro-dollar, on every endpoint, streamed and not', async () => {
      const cases: {
        path: string;
        host: 'consumption' | 'messages';
        sent: Record<string, unknown>;
        stream: boolean;
        costOf: (reply: { body: any; text: string }) => { cost_usd: string; cost_units: string };
      }[] = [
        {
          path: '/v1/chat/completions',
          host: 'consumption',
          sent: body('cost whole'),
          stream: false,
          costOf: (r) => r.body.usage,
        },
        {
          path: '/v1/chat/completions',
          host: 'consumption',
          sent: body('cost stream', { stream: true, stream_options: { include_usage: true } }),
          stream: true,
          costOf: (r) => lastData(r.text, (d) => d.usage).usage,
        },
        {
          path: '/v1/responses',
          host: 'consumption',
          sent: { model, input: 'cost whole', max_output_tokens: 16 },
          stream: false,
          costOf: (r) => r.body.usage,
        },
        {
          path: '/v1/responses',
          host: 'consumption',
          sent: { model, input: 'cost stream', max_output_tokens: 16, stream: true },
          stream: true,
          costOf: (r) => lastData(r.text, (d) => d.response?.usage).response.usage,
        },
        {
          path: '/v1/messages',
          host: 'messages',
          sent: { model, max_tokens: 16, messages: [{ role: 'user', content: 'cost whole' }] },
          stream: false,
          costOf: (r) => r.body.usage,
        },
        {
          path: '/v1/messages',
          host: 'messages',
          sent: { model, max_tokens: 16, stream: true, messages: [{ role: 'user', content: 'cost stream' }] },
          stream: true,
          costOf: (r) => lastData(r.text, (d) => d.type === 'message_delta').usage,
        },
      ];
      for (const row of cases) {
        const reply = await run(await ticketFor(row.sent, row.path, row.host), row.sent, {}, `/r${row.path}`, row.host);
        expect(reply.status, reply.text).to.equal(200);
        const seen = await receipt(reply.headers.get('x-mkt-request-id')!);
        const cost = row.costOf(reply);
        expect(cost, `${row.path} stream=${row.stream}`).to.deep.include({
          cost_usd: seen.cost_usd,
          cost_units: seen.cost_units,
        });
        expect(Number(seen.cost_units)).to.be.greaterThan(0);
      }
    });
  },
  { clock: () => new TestClock() },
);

/** The data of the last SSE event that `matches`. */
function lastData(text: string, matches: (data: any) => unknown): any {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
  const found = data.filter((d) => Boolean(matches(d))).at(-1);
  if (!found) throw new Error(`no such event in ${text}`);
  return found;
}

/**
 * DESIGN.md §8: two processes on one PostgreSQL database, with no MKT_TICKET_SECRET, agree on the
 * ticket key, and a ticket used at one is refused at the other.
 */
if (databaseKinds.includes('postgres')) {
  describe('consumption: the admission ticket across two processes on PostgreSQL', function () {
    this.timeout(90_000);
    const started: RunningService[] = [];
    after(async () => {
      for (const service of started) await service.stop();
    });

    it('is honoured by another process, and only once across both', async () => {
      const config = loadConfig({
        DATABASE_URL: await freshDatabaseUrl('postgres'),
        MKT_CONSUMPTION_PORT: '0',
        MKT_MESSAGES_PORT: '0',
        MKT_TRADING_PORT: '0',
        MKT_PLATFORM_PORT: '0',
        MKT_METRICS_PORT: 'off',
        MKT_SIMULATED_SUPPLIER: 'off',
      });
      for (let i = 0; i < 2; i += 1)
        started.push(await startService(config, { logger: createLogger('silent'), graceMs: 1_000 }));
      const [a, b] = started as [RunningService, RunningService];
      const { services } = a;
      const supplier = await createTestUser(services);
      const instrumentId = (await services.reference.resolveModel('text-standard'))!.id;
      await makeSupplier(services, supplier.userId, [instrumentId]);
      const caller = await createTestUser(services);
      await giveUnits(services, caller.userId, instrumentId, 1);
      await services.db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: caller.userId,
          instrumentId,
          quantity: 1,
          orderId: null,
          nowUs: services.clock.nowUs(),
        }),
      );
      const sent = JSON.stringify({
        model: 'text-standard',
        max_tokens: 8,
        messages: [{ role: 'user', content: 'two processes' }],
      });
      const redirect = await fetch(`${a.urls.consumption}/v1/chat/completions`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
        body: sent,
      });
      expect(redirect.status).to.equal(307);
      const ticket = new URL(redirect.headers.get('location')!).searchParams.get('ticket')!;
      const at = (service: RunningService) =>
        fetch(`${service.urls.consumption}/r/v1/chat/completions?ticket=${ticket}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: sent,
        });
      const first = await at(b);
      expect(first.status, await first.clone().text()).to.equal(200);
      const second = await at(a);
      expect(second.status).to.equal(401);
      expect(((await second.json()) as { errors: { code: string } }).errors.code).to.equal('ticket_used');
    });
  });
}
