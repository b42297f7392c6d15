import { expect } from 'chai';
import {
  Configuration as ConsumptionConfiguration,
  ModelsApi,
} from '../../generated/sdk/typescript/consumption/index.js';
import {
  Configuration as TradingConfiguration,
  IdentityApi,
  OrdersApi,
  ReferenceApi,
  ResponseError,
} from '../../generated/sdk/typescript/trading/index.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUsd } from '../support/market-fixtures.js';
import { signingMiddleware } from '../../generated/sdk/typescript/signing/index.js';
import { contractCheckingFetch } from '../support/sdk.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('the generated TypeScript SDKs', (env) => {
  let user: TestUser;
  let reference: ReferenceApi;
  before(async () => {
    user = await createTestUser(env().service.services);
    reference = new ReferenceApi(
      new TradingConfiguration({
        basePath: env().service.urls.trading,
        fetchApi: contractCheckingFetch('trading'),
        middleware: [signingMiddleware(user.signingKey)],
      }),
    );
  });

  it('lists instruments through ReferenceApi with a signing middleware', async () => {
    const page = await reference.listInstruments({ orderBy: 'symbol', limit: 5 });
    expect(page.data.map((i) => i.symbol)).to.deep.equal([
      'AGENT-MAX',
      'AGENT-PRIME',
      'AGENT-STANDARD',
      'CODE-MAX',
      'CODE-PRIME',
    ]);
    expect(page.paging.hasMore).to.equal(true);
    const rest = await reference.listInstruments({ orderBy: 'symbol', limit: 5, next: page.paging.nextCursor! });
    expect(rest.data).to.have.length(4);
    expect(rest.data[0]!.aiSpecs.tokensPerUnit).to.equal(1_000_000);
  });

  it('reads a market and its controls, and surfaces a 404 as ResponseError', async () => {
    const [market] = (await reference.listMarkets({ limit: 1 })).data;
    expect((await reference.getMarket({ marketId: market!.marketId })).data.orderControls.maxOrderSize).to.equal(10000);
    expect((await reference.getMarketControls({ marketId: market!.marketId })).data.collarActive).to.equal(false);
    try {
      await reference.getMarket({ marketId: 'market_missing' });
      expect.fail('expected a 404');
    } catch (error) {
      expect(error).to.be.instanceOf(ResponseError);
      expect((error as ResponseError).response.status).to.equal(404);
    }
  });

  it('places, reads and cancels an order through OrdersApi, each write signed by the shipped middleware over the body it sends', async () => {
    await giveUsd(env().service.services, user.userId, '5.00');
    const orders = new OrdersApi(
      new TradingConfiguration({
        basePath: env().service.urls.trading,
        fetchApi: contractCheckingFetch('trading'),
        middleware: [signingMiddleware(user.signingKey)],
      }),
    );
    const [market] = (await reference.listMarkets({ limit: 1 })).data;
    const clientOrderId = `ts-sdk-${user.userId}`;
    const placed = await orders.createOrder({
      createOrderRequest: {
        marketId: market!.marketId,
        side: 'buy',
        type: 'limit',
        price: '0.0100',
        quantity: 3,
        clientOrderId,
      },
    });
    expect(placed.data.clientOrderId).to.equal(clientOrderId);
    // The same order again at once: signed with the next second, so the server sees a duplicate, not a replay.
    try {
      await orders.createOrder({
        createOrderRequest: {
          marketId: market!.marketId,
          side: 'buy',
          type: 'limit',
          price: '0.0100',
          quantity: 3,
          clientOrderId,
        },
      });
      expect.fail('expected a 422');
    } catch (error) {
      expect(error).to.be.instanceOf(ResponseError);
      const response = (error as ResponseError).response;
      expect([response.status, ((await response.json()) as { errors: { code: string } }).errors.code]).to.deep.equal([
        422,
        'duplicate_client_order_id',
      ]);
    }
    expect((await orders.getOrder({ orderId: placed.data.orderId })).data).to.deep.include({
      status: 'active',
      price: '0.0100',
      quantity: 3,
    });
    await orders.cancelOrder({ orderId: placed.data.orderId });
    expect((await orders.getOrder({ orderId: placed.data.orderId })).data.status).to.equal('cancelled');
  });

  it('reaches GET /v1/health without credentials', async () => {
    const identity = new IdentityApi(
      new TradingConfiguration({ basePath: env().service.urls.trading, fetchApi: contractCheckingFetch('trading') }),
    );
    expect((await identity.getHealth()).data.status).to.equal('ok');
  });

  it('lists models through ModelsApi with the consumption key as bearer', async () => {
    const models = new ModelsApi(
      new ConsumptionConfiguration({
        basePath: env().service.urls.consumption,
        accessToken: user.apiKey,
        fetchApi: contractCheckingFetch('consumption'),
      }),
    );
    const list = await models.listModels();
    expect(list.data.map((m) => m.id)).to.include.members(['text-standard', 'agent-max']);
  });
});
