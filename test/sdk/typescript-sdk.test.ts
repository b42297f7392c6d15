import { expect } from 'chai';
import { Configuration as ConsumptionConfiguration, ModelsApi } from '../../generated/sdk/typescript/consumption/index.js';
import { Configuration as TradingConfiguration, IdentityApi, ReferenceApi, ResponseError } from '../../generated/sdk/typescript/trading/index.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { contractCheckingFetch, signingMiddleware } from '../support/sdk.js';
import { describeEachDatabase } from '../support/service.js';

describeEachDatabase('the generated TypeScript SDKs', (env) => {
  let user: TestUser;
  let reference: ReferenceApi;
  before(async () => {
    user = await createTestUser(env().service.services);
    reference = new ReferenceApi(
      new TradingConfiguration({ basePath: env().service.urls.trading, fetchApi: contractCheckingFetch('trading'), middleware: [signingMiddleware(user.signingKey)] }),
    );
  });

  it('lists instruments through ReferenceApi with a signing middleware', async () => {
    const page = await reference.listInstruments({ orderBy: 'symbol', limit: 5 });
    expect(page.data.map((i) => i.symbol)).to.deep.equal(['AGENT-MAX', 'AGENT-PRIME', 'AGENT-STANDARD', 'CODE-MAX', 'CODE-PRIME']);
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

  it('reaches GET /v1/health without credentials', async () => {
    const identity = new IdentityApi(new TradingConfiguration({ basePath: env().service.urls.trading, fetchApi: contractCheckingFetch('trading') }));
    expect((await identity.getHealth()).data.status).to.equal('ok');
  });

  it('lists models through ModelsApi with the consumption key as bearer', async () => {
    const models = new ModelsApi(new ConsumptionConfiguration({ basePath: env().service.urls.consumption, accessToken: user.apiKey, fetchApi: contractCheckingFetch('consumption') }));
    const list = await models.listModels();
    expect(list.data.map((m) => m.id)).to.include.members(['text-standard', 'agent-max']);
  });
});
