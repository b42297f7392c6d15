import { expect } from 'chai';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { makeSupplier } from '../support/trading-fixtures.js';
import type { HostClient, Reply } from '../support/http.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

/**
 * `server-timing: auth;dur=…, handler;dur=…, total;dur=…` on every response (issue 21), read as the
 * live service's CLI reads it for `grid dev bench` (grid-cli src/sdk/http/timing.ts
 * `parseServerTimingHeaders`: entries split on `,`, each matched by `(\w+);dur=([\d.]+)`).
 */
function parsed(reply: Reply): Record<string, number> {
  const header = reply.headers.get('server-timing');
  expect(header, `no server-timing on a ${reply.status}`).to.be.a('string');
  const entries: Record<string, number> = {};
  for (const part of header!.split(',')) {
    const match = /(\w+);dur=([\d.]+)/.exec(part);
    expect(match, `unparsable entry ${part}`).to.not.equal(null);
    entries[match![1]!] = Number.parseFloat(match![2]!);
  }
  return entries;
}

describeEachDatabase('http: server-timing on every response', (env) => {
  const services = () => env().service.services;
  let user: TestUser;
  before(async () => {
    user = await createTestUser(services());
    // A (simulated) supplier and capacity in the consumption account, for a streamed inference.
    await makeSupplier(services(), (await createTestUser(services())).userId, ['text-standard']);
    const instrument = (await services().reference.resolveModel('text-standard'))!;
    await giveUnits(services(), user.userId, instrument.id, 1);
    await services().db.transaction((trx) =>
      transferToConsumption(trx, {
        userId: user.userId,
        instrumentId: instrument.id,
        quantity: 1,
        orderId: null,
        nowUs: services().clock.nowUs(),
      }),
    );
  });

  // Each row: a request, and the entries its timing must have (auth and handler only once reached).
  const rows: [string, (e: TestEnvironment) => HostClient, (client: HostClient) => Promise<Reply>, string[]][] = [
    [
      'trading: a signed read',
      (e) => e.trading,
      (c) => c.get('/v1/orders', { sign: user.signingKey }),
      ['auth', 'handler', 'total'],
    ],
    ['trading: a public read', (e) => e.trading, (c) => c.get('/v1/health'), ['auth', 'handler', 'total']],
    ['trading: a refused signature', (e) => e.trading, (c) => c.get('/v1/orders'), ['auth', 'total']],
    ['trading: an unknown path', (e) => e.trading, (c) => c.get('/v1/nowhere'), ['total']],
    [
      'consumption: the models',
      (e) => e.consumption,
      (c) => c.get('/v1/models', { bearer: user.apiKey }),
      ['auth', 'handler', 'total'],
    ],
    [
      'consumption: a streamed chat completion (total up to its headers)',
      (e) => e.consumption,
      async (c) => {
        const reply = await c.post('/r/v1/chat/completions', {
          bearer: user.apiKey,
          body: { model: 'text-standard', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }], stream: true },
        });
        expect(reply.status, reply.text).to.equal(200);
        expect(reply.headers.get('content-type')).to.match(/^text\/event-stream/);
        return reply;
      },
      ['auth', 'handler', 'total'],
    ],
    ['messages: an unknown path', (e) => e.messages, (c) => c.get('/v1/nowhere'), ['total']],
    [
      'platform: the signing keys',
      (e) => e.platform,
      (c) => c.get('/v1/signing-keys', { bearer: 'mkt_at_nope' }),
      ['auth', 'total'],
    ],
  ];
  for (const [name, host, send, names] of rows) {
    it(`${name}: ${names.join(', ')}`, async () => {
      const reply = await send(host(env()));
      const timing = parsed(reply);
      expect(Object.keys(timing)).to.deep.equal(names);
      for (const value of Object.values(timing)) expect(value).to.be.at.least(0);
      const inside = (timing.auth ?? 0) + (timing.handler ?? 0);
      expect(timing.total).to.be.at.least(inside - 0.002); // each is rounded to a microsecond
    });
  }
});
