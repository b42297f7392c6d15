import { expect } from 'chai';
import { unitInConsumption } from '../support/ledger-fixtures.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';
import { authenticatePayload, RawClient, socketUrl, streamOrigin, type Frame } from './support.js';

/**
 * An inference's admission and settlement announce `accounts_changed` after their commits; those of one turn of the
 * event loop leave as one announcement (app/coalesced-publisher.ts). Whatever was merged, the subscriber's last
 * `balance_update` of its consumption account is the balance the API answers once every request has settled.
 */
describeEachDatabase('streams: balances after inferences, several at once', (env) => {
  const services = () => env().service.services;
  const model = 'text-standard';
  let caller: TestUser;
  let client: RawClient | undefined;

  before(async () => {
    const supplier = await createTestUser(services());
    const instrument = (await services().reference.resolveModel(model))!;
    await makeSupplier(services(), supplier.userId, [instrument.id]);
    caller = await createTestUser(services());
    await unitInConsumption(services().db, caller.userId, instrument.id, services().clock.nowUs());
  });
  after(() => client?.close());

  const consumptionUpdates = (frames: readonly Frame[]) =>
    frames.filter((f) => f.event === 'balance_update' && f.payload.data.account_type === 'consumption');

  it("pushes the caller's consumption balance, the last push matching the API once all have settled", async () => {
    client = await RawClient.open(socketUrl(streamOrigin(env().service), '1.0.0'), '1.0.0');
    await client.join();
    expect(
      (await client.request('ws:trading', 'authenticate', authenticatePayload(caller.signingKey))).status,
    ).to.equal('ok');
    expect((await client.streams('subscribe', [{ name: 'user.balances' }])).status).to.equal('ok');

    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        env().consumption.post('/r/v1/chat/completions', {
          bearer: caller.apiKey,
          body: { model, messages: [{ role: 'user', content: `Say ${i}.` }], max_tokens: 8 },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
    const accounts = await env().trading.get('/v1/consumption-accounts', { sign: caller.signingKey });
    expect(accounts.status, JSON.stringify(accounts.body)).to.equal(200);
    const [consumption] = accounts.body.data as unknown[];
    expect(consumption, JSON.stringify(accounts.body)).to.not.equal(undefined);

    await client.next((f) => consumptionUpdates([f]).length > 0, 5000, true);
    // Pushes that follow the last settlement's commit: wait until the last one matches, or fail with what came.
    const deadline = performance.now() + 5000;
    for (;;) {
      const last = consumptionUpdates(client.frames).at(-1)!.payload.data.account;
      if (JSON.stringify(last) === JSON.stringify(consumption) || performance.now() > deadline) {
        expect(last).to.deep.equal(consumption);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(client.violations.map((v) => v.message)).to.deep.equal([]);
  });
});
