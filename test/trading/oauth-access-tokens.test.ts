import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parse } from 'yaml';
import { Configuration, IdentityApi, OrdersApi } from '../../generated/sdk/typescript/trading/index.js';
import { approveDevice } from '../../src/platform/oauth.js';
import { hashSecret } from '../../src/lib/secrets.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import type { RequestOptions } from '../support/http.js';
import { contractCheckingFetch } from '../support/sdk.js';
import { giveUnits, giveUsd, marketOf, placed, type MarketRef } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { makeSupplier } from '../support/trading-fixtures.js';

/**
 * Issue 21 item 2: a profile logged in with `grid auth login` sends `Authorization: Bearer <access
 * token>` and no signature to every trading endpoint (grid-cli src/sdk/http/client.ts, the request
 * interceptor). An OAuth access token is an alternative to the signature on every trading operation
 * but health: `trade:read` for reads, `trade:write` for changes, `supply:*` for supply. The requests
 * below are the CLI's: its paths, bodies and headers, over HTTP.
 */
const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code';
/** grid-cli's DEFAULT_SCOPES (src/sdk/auth/oauth-client.ts), in its order. */
const gridCliScopes = [
  'account:read',
  'account:write',
  'trade:read',
  'trade:write',
  'supply:read',
  'supply:write',
  'keys:manage',
];
const tradingScopes = ['trade:read', 'trade:write', 'supply:read', 'supply:write'];

interface DocumentOperation {
  method: string;
  path: string;
  operationId: string;
  security?: Record<string, string[]>[];
}

/** The trading document's operations, as the server loads them. */
function tradingOperations(): DocumentOperation[] {
  const document = parse(
    readFileSync(fileURLToPath(new URL('../../../openapi/trading.yaml', import.meta.url)), 'utf8'),
  ) as {
    paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.operationId)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId!,
        security: operation.security,
      })),
  );
}

/** The scopes a token needs for an operation, or undefined when it takes no token. */
const tokenScopesOf = (operation: DocumentOperation): string[] | undefined =>
  operation.security?.find((r) => 'oauthAccessToken' in r)?.oauthAccessToken;

describeEachDatabase('trading: OAuth access tokens in place of a signature (the grid CLI logged in)', (env) => {
  const services = () => env().service.services;
  let market: MarketRef;
  let trader: TestUser;
  let supplier: TestUser;
  /** What the grid CLI sends on every trading request once logged in: the bearer, and axios' Accept. */
  const asCli = (token: string, options: RequestOptions = {}): RequestOptions => ({
    ...options,
    bearer: token,
    headers: { accept: 'application/json, text/plain, */*', ...options.headers },
  });

  /** `grid auth login`: the device flow with a JSON body on /api/v1, approved by the user, then the token. */
  async function deviceLogin(
    user: TestUser,
    scopes: string[],
  ): Promise<{ access_token: string; refresh_token: string; scope: string }> {
    const started = await env().platform.post('/api/v1/oauth/device/code', {
      body: { client_id: 'mkt-cli', scope: scopes.join(' ') },
    });
    expect(started.status, started.text).to.equal(200);
    await approveDevice(services(), started.body.user_code, user.userId);
    const tokens = await env().platform.post('/api/v1/oauth/token', {
      body: { grant_type: deviceGrant, client_id: 'mkt-cli', device_code: started.body.device_code },
    });
    expect(tokens.status, tokens.text).to.equal(200);
    return tokens.body;
  }

  /** The rows a trading handler that ran would have added or changed. */
  async function tradingState(userId: string) {
    const count = async (table: string, where: Record<string, string> = {}) =>
      Number((await services().db(table).where(where).count({ n: '*' }).first())!.n);
    return {
      orders: await services()
        .db('orders')
        .where({ user_id: userId })
        .orderBy('id')
        .select('id', 'status', 'price_ticks', 'quantity'),
      balances: await services()
        .db('ledger_accounts')
        .where({ user_id: userId })
        .orderBy('id')
        .select('id', 'available', 'locked'),
      transfers: await count('transfers', { user_id: userId }),
      supplyIssuances: await count('supply_issuances', { user_id: userId }),
      deadManSwitches: await count('dead_man_switches', { user_id: userId }),
    };
  }

  before(async () => {
    market = await marketOf(services(), 'text-standard');
    trader = await createTestUser(services(), { mode: 'advanced' });
    supplier = await createTestUser(services(), { mode: 'advanced' });
    await giveUsd(services(), trader.userId, '100.00');
    await giveUnits(services(), trader.userId, market.instrumentId, 50);
    await makeSupplier(services(), supplier.userId, [market.instrumentId]);
  });
  afterEach(async () => {
    for (const user of [trader, supplier]) await env().trading.delete('/v1/orders', { sign: user.signingKey });
  });

  it('lets every trading operation but health take a token, with trade:read on reads, trade:write on changes and supply:* on supply', () => {
    for (const operation of tradingOperations()) {
      const where = `${operation.method} ${operation.path}`;
      if (operation.operationId === 'getHealth') {
        expect(operation.security, where).to.deep.equal([]);
        continue;
      }
      // The signature stays the first alternative: a request that carries one is judged by it.
      expect(operation.security?.[0], where).to.have.keys('signature', 'signatureTimestamp', 'signingKeyFingerprint');
      const scopes = tokenScopesOf(operation);
      const supply =
        operation.path.startsWith('/v1/supply-issuances') ||
        operation.path.startsWith('/v1/supply/') ||
        operation.path.startsWith('/v1/issuance-accounts') ||
        operation.path.startsWith('/v1/supplier-liability');
      const expected = supply
        ? operation.method === 'GET'
          ? 'supply:read'
          : 'supply:write'
        : operation.method === 'GET'
          ? 'trade:read'
          : 'trade:write';
      expect(scopes, where).to.deep.equal([expected]);
    }
  });

  it('logs in as grid-cli does, then GET /v1/me with the token names the email, the capabilities and no signing key', async () => {
    const tokens = await deviceLogin(trader, gridCliScopes);
    const me = await env().trading.get('/v1/me', asCli(tokens.access_token));
    expect(me.status, me.text).to.equal(200);
    expect(me.body.data).to.deep.include({
      user_id: trader.userId,
      id: trader.userId,
      email: trader.email,
      account_mode: 'advanced',
      legal_terms_accepted: true,
      accepted_terms: true,
      is_supplier: false,
      auth: 'oauth',
      capabilities: ['trade:read', 'trade:write'],
      signing_key: null,
    });
    expect(me.body.data.scopes).to.have.members(gridCliScopes);
    expect(Date.parse(me.body.data.updated_at)).to.be.at.least(Date.parse(me.body.data.created_at));

    // A supplier's token opens supply too; a narrower token says so; a signature opens everything.
    const supplierMe = (
      await env().trading.get('/v1/me', asCli((await deviceLogin(supplier, gridCliScopes)).access_token))
    ).body.data;
    expect(supplierMe.capabilities).to.deep.equal(tradingScopes);
    const readOnly = (
      await env().trading.get(
        '/v1/me',
        asCli((await grantTokens(services(), supplier.userId, ['trade:read', 'supply:read'])).accessToken),
      )
    ).body.data;
    expect(readOnly.capabilities).to.deep.equal(['trade:read', 'supply:read']);
    const signed = (await env().trading.get('/v1/me', { sign: supplier.signingKey })).body.data;
    expect(signed).to.deep.include({ auth: 'signature', scopes: null, capabilities: tradingScopes });
    expect(signed.signing_key.fingerprint).to.equal(supplier.signingKey.fingerprint);
  });

  it('reads what the CLI reads with a trade:read token: instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics', async () => {
    const { accessToken } = await grantTokens(services(), trader.userId, ['trade:read']);
    const order = await placed(env(), trader, {
      market_id: market.marketId,
      side: 'buy',
      price: '0.2500',
      quantity: 2,
    });
    const reads = [
      '/v1/me',
      '/v1/instruments',
      `/v1/instruments/${market.instrumentId}`,
      '/v1/markets',
      `/v1/markets/${market.marketId}`,
      `/v1/markets/${market.marketId}/controls`,
      `/v1/markets/${market.marketId}/ticker`,
      `/v1/markets/${market.marketId}/orderbook`,
      `/v1/markets/${market.marketId}/trades`,
      `/v1/markets/${market.marketId}/stats`,
      `/v1/price-histories?market_id=${market.marketId}&resolution=1h`,
      '/v1/orders?status=open',
      '/v1/orders/count',
      `/v1/orders/${order.order_id}`,
      `/v1/account/limits?market_id=${market.marketId}`,
      '/v1/trades',
      '/v1/trading-accounts',
      '/v1/consumption-accounts',
      '/v1/currency-trading-accounts',
      '/v1/transfers',
      '/v1/diagnostics',
    ];
    for (const target of reads) {
      const [path, query] = target.split('?');
      const reply = await env().trading.get(
        path!,
        asCli(accessToken, query ? { query: Object.fromEntries(new URLSearchParams(query)) } : {}),
      );
      expect(reply.status, `${target}: ${reply.text}`).to.equal(200);
    }
    const orders = await env().trading.get('/v1/orders', asCli(accessToken, { query: { status: 'open' } }));
    expect(orders.body.data.map((o: { order_id: string }) => o.order_id)).to.include(order.order_id);
    const currency = await env().trading.get('/v1/currency-trading-accounts', asCli(accessToken));
    expect(currency.body.data[0].available_balance).to.be.a('string');

    const diagnostics = (await env().trading.get('/v1/diagnostics', asCli(accessToken))).body.data;
    expect(diagnostics.checks[0]).to.include({ name: 'Authentication', status: 'ok', code: 'oauth_authenticated' });
    expect(diagnostics.checks[0].detail).to.contain('mkt-cli').and.contain('trade:read');
    expect(diagnostics.summary).to.deep.include({
      user_id: trader.userId,
      signing_key_id: null,
      fingerprint: null,
      auth: 'oauth',
      scopes: ['trade:read'],
    });
  });

  it('trades with a trade:write token as the CLI does: create, list, amend, cancel, cancel-all by market, batch, bulk cancel, the dead-man switch, transfer', async () => {
    const { accessToken } = await grantTokens(services(), trader.userId, ['trade:read', 'trade:write']);
    const cli = (options: RequestOptions = {}) => asCli(accessToken, options);
    const signedOrder = await env().trading.post('/v1/orders', {
      sign: trader.signingKey,
      body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2300', quantity: 1 },
    });
    const signedLimit = signedOrder.headers.get('x-ratelimit-limit');

    const created = await env().trading.post(
      '/v1/orders',
      cli({ body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 3 } }),
    );
    expect(created.status, created.text).to.equal(201);
    const orderId = created.body.data.order_id;
    // The order-rate limit is the user's per market, whichever credential placed the order: one bucket.
    expect(created.headers.get('x-ratelimit-limit')).to.equal(signedLimit);
    const buckets = await services().db('rate_buckets').where('key', 'like', `orders:${trader.userId}:%`).pluck('key');
    expect(buckets).to.deep.equal([`orders:${trader.userId}:${market.marketId}`]);
    const signed = await env().trading.post('/v1/orders', {
      sign: trader.signingKey,
      body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2400', quantity: 1 },
    });
    expect(signed.status, signed.text).to.equal(201);

    const amended = await env().trading.put(`/v1/orders/${orderId}`, cli({ body: { price: '0.2600', quantity: 3 } }));
    expect(amended.status, amended.text).to.equal(200);
    expect(amended.body.data.price).to.equal('0.2600');
    const count = await env().trading.get('/v1/orders/count', cli({ query: { status: 'open' } }));
    expect(count.body.data.count).to.equal(3);

    const cancelled = await env().trading.delete(`/v1/orders/${orderId}`, cli());
    expect(cancelled.status, cancelled.text).to.equal(204);
    const byMarket = await env().trading.delete(`/v1/markets/${market.marketId}/orders`, cli());
    expect(byMarket.status, byMarket.text).to.equal(200);
    expect(byMarket.body.data.cancelled).to.equal(2);

    const batch = await env().trading.post(
      '/v1/orders/batch',
      cli({
        body: { orders: [{ market_id: market.marketId, side: 'sell', type: 'limit', price: '0.3800', quantity: 1 }] },
      }),
    );
    expect(batch.status, batch.text).to.equal(201);
    const batchOrderId = batch.body.data[0].order.order_id;
    const batchCancelled = await env().trading.post(
      '/v1/orders/batch-cancel',
      cli({ body: { order_ids: [batchOrderId] } }),
    );
    expect(batchCancelled.status, batchCancelled.text).to.equal(200);
    expect(batchCancelled.body.data[0]).to.include({ order_id: batchOrderId, status: 'cancelled' });
    await env().trading.post(
      '/v1/orders',
      cli({ body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 } }),
    );
    const all = await env().trading.delete('/v1/orders', cli());
    expect(all.body.data.cancelled).to.equal(1);

    const armed = await env().trading.post('/v1/orders/cancel-all-after', cli({ body: { timeout_seconds: 60 } }));
    expect(armed.status, armed.text).to.equal(200);
    expect(armed.body.data.trigger_time).to.be.a('string');
    const stored = await services().db('dead_man_switches').where({ user_id: trader.userId }).first();
    expect(stored, "the switch is the user's").to.not.equal(undefined);
    const disarmed = await env().trading.post('/v1/orders/cancel-all-after', cli({ body: { timeout_seconds: 0 } }));
    expect(disarmed.body.data.trigger_time).to.equal(null);

    const transfer = await env().trading.post(
      '/v1/transfers/trading-to-consumption',
      cli({ body: { instrument_id: market.instrumentId, quantity: 2 } }),
    );
    expect(transfer.status, transfer.text).to.equal(201);
    expect(transfer.body.data).to.include({ instrument_id: market.instrumentId, quantity: 2, status: 'completed' });
    const transfers = await env().trading.get('/v1/transfers', cli());
    expect(transfers.body.data.map((t: { transfer_id: string }) => t.transfer_id)).to.include(
      transfer.body.data.transfer_id,
    );
  });

  it("issues and lists supply with the supplier's token, as `grid supply issue` and `supply list` do", async () => {
    const tokens = await deviceLogin(supplier, gridCliScopes);
    const issued = await env().trading.post(
      '/v1/supply-issuances',
      asCli(tokens.access_token, { body: { instrument_id: market.instrumentId, quantity: 5 } }),
    );
    expect(issued.status, issued.text).to.equal(201);
    const listed = await env().trading.get('/v1/supply-issuances', asCli(tokens.access_token));
    expect(listed.body.data.map((i: { issuance_id: string }) => i.issuance_id)).to.include(
      issued.body.data.issuance_id,
    );
  });

  it('works from the generated TypeScript SDK with `accessToken` set instead of the signing middleware', async () => {
    const { accessToken } = await grantTokens(services(), trader.userId, ['trade:read', 'trade:write']);
    const configuration = new Configuration({
      basePath: env().service.urls.trading,
      fetchApi: contractCheckingFetch('trading'),
      accessToken,
    });
    const me = await new IdentityApi(configuration).getMe();
    expect(me.data).to.deep.include({ userId: trader.userId, auth: 'oauth', signingKey: null });
    const orders = new OrdersApi(configuration);
    const created = await orders.createOrder({
      createOrderRequest: { marketId: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 },
    });
    expect((await orders.getOrder({ orderId: created.data.orderId })).data.status).to.equal('active');
  });

  it('applies the Auto Mode rule to a token as to a signature: order writes 403 auto_mode_trading_restricted, transfers allowed', async () => {
    const auto = await createTestUser(services(), { mode: 'auto' });
    await giveUsd(services(), auto.userId, '10.00');
    await giveUnits(services(), auto.userId, market.instrumentId, 3);
    const { accessToken } = await grantTokens(services(), auto.userId, ['trade:read', 'trade:write']);
    const refused = await env().trading.post(
      '/v1/orders',
      asCli(accessToken, {
        body: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 },
      }),
    );
    expect(refused.status).to.equal(403);
    expect(refused.body.errors.code).to.equal('auto_mode_trading_restricted');
    const transfer = await env().trading.post(
      '/v1/transfers/trading-to-consumption',
      asCli(accessToken, { body: { instrument_id: market.instrumentId, quantity: 1 } }),
    );
    expect(transfer.status, transfer.text).to.equal(201);
  });

  it("refuses, on every operation, a token without the operation's scope with 403 insufficient_scope naming it, before anything is read or changed", async () => {
    const open = await placed(env(), trader, { market_id: market.marketId, side: 'buy', price: '0.2500', quantity: 2 });
    // Bodies that would succeed if the handler ran: a refusal that came later would show in the state.
    const bodies: Record<string, unknown> = {
      createOrder: { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 },
      createOrderBatch: {
        orders: [{ market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 }],
      },
      amendOrder: { price: '0.2600', quantity: 2 },
      createTransfer: { instrument_id: market.instrumentId, quantity: 1 },
      createSupplyIssuance: { instrument_id: market.instrumentId, quantity: 1 },
      cancelAllOrdersAfter: { timeout_seconds: 60 },
      batchCancelOrders: { order_ids: [open.order_id] },
    };
    const ids: Record<string, string> = {
      market_id: market.marketId,
      instrument_id: market.instrumentId,
      order_id: open.order_id,
    };
    await makeSupplier(services(), trader.userId, [market.instrumentId]);
    const before = await tradingState(trader.userId);

    const operations = tradingOperations().filter((o) => tokenScopesOf(o));
    expect(operations.length).to.be.at.least(36);
    for (const operation of operations) {
      const [needed] = tokenScopesOf(operation)!;
      const granted = gridCliScopes.filter((scope) => scope !== needed);
      const { accessToken } = await grantTokens(services(), trader.userId, granted);
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `unknown-${name}`);
      const body = bodies[operation.operationId];
      const reply = await env().trading.request(
        operation.method,
        path,
        asCli(accessToken, body === undefined ? {} : { body }),
      );
      const where = `${operation.method} ${path}`;
      expect(reply.status, `${where}: ${reply.text}`).to.equal(403);
      expect(reply.body.errors.code, where).to.equal('insufficient_scope');
      expect(reply.body.errors.detail, where).to.contain(needed);
      expect(reply.body.errors.context.required_scopes, where).to.deep.equal([needed]);
      expect(reply.body.errors.context.granted_scopes, where).to.have.members(granted);
      expect(reply.headers.get('www-authenticate'), where).to.contain(`scope="${needed}"`);
    }
    expect(await tradingState(trader.userId)).to.deep.equal(before);
  });

  it('refuses an unknown, expired or revoked token, a refresh token and a consumption key with 401 invalid_token saying which, and stores nothing', async () => {
    const order = { market_id: market.marketId, side: 'buy', type: 'limit', price: '0.2500', quantity: 1 };
    const expired = await grantTokens(services(), trader.userId, gridCliScopes);
    await services()
      .db('oauth_tokens')
      .where({ token_hash: hashSecret(expired.accessToken) })
      .update({ expires_at_us: services().clock.nowUs() - 1 });
    const revoked = await deviceLogin(trader, gridCliScopes);
    const revocation = await env().platform.post('/api/v1/oauth/revoke', {
      body: { token: revoked.refresh_token, token_type_hint: 'refresh_token', client_id: 'mkt-cli' },
    });
    expect(revocation.status, revocation.text).to.equal(200);
    const before = await tradingState(trader.userId);
    const rows = [
      { what: 'unknown', token: 'mkt_at_0000', detail: 'invalid, expired or revoked' },
      { what: 'expired', token: expired.accessToken, detail: 'invalid, expired or revoked' },
      { what: 'revoked', token: revoked.access_token, detail: 'invalid, expired or revoked' },
      { what: 'a refresh token', token: revoked.refresh_token, detail: 'This is a refresh token' },
      { what: 'a consumption key', token: trader.apiKey, detail: 'works only on the consumption API' },
    ];
    for (const { what, token, detail } of rows) {
      for (const reply of [
        await env().trading.get('/v1/orders', asCli(token)),
        await env().trading.post('/v1/orders', asCli(token, { body: order })),
      ]) {
        expect(reply.status, what).to.equal(401);
        expect(reply.body.errors.code, what).to.equal('invalid_token');
        expect(reply.body.errors.detail, what).to.contain(detail);
        expect(reply.headers.get('www-authenticate'), what).to.contain('error="invalid_token"');
      }
    }
    expect(await tradingState(trader.userId)).to.deep.equal(before);
  });

  it('judges a request that carries a signature by its signature alone: a good one wins over a bad token, a bad one is refused beside a good token', async () => {
    const good = await env().trading.get('/v1/me', { sign: trader.signingKey, bearer: 'mkt_at_not-a-token' });
    expect(good.status, good.text).to.equal(200);
    expect(good.body.data).to.include({ auth: 'signature' });
    const { accessToken } = await grantTokens(services(), trader.userId, gridCliScopes);
    const badSignature = await env().trading.get('/v1/me', {
      bearer: accessToken,
      headers: { 'x-mkt-fingerprint': trader.signingKey.fingerprint },
    });
    expect(badSignature.status).to.equal(401);
    expect(badSignature.body.errors.code).to.equal('missing_signature');
    // No credential at all is still the signature's 401, which names both ways in.
    const none = await env().trading.get('/v1/orders');
    expect(none.status).to.equal(401);
    expect(none.body.errors.code).to.equal('missing_signature');
    expect(none.body.errors.detail).to.contain('x-mkt-signature').and.contain('Authorization: Bearer mkt_at_');
  });

  it('keeps the signature path as it was: signed reads and writes, and a replayed write refused', async () => {
    const body = {
      market_id: market.marketId,
      side: 'buy',
      type: 'limit',
      price: '0.2500',
      quantity: 1,
      client_order_id: `oauth-suite-${Date.now()}`,
    };
    const signedAt = Math.floor(Date.now() / 1000);
    const first = await env().trading.post('/v1/orders', { sign: trader.signingKey, body, signedAt });
    expect(first.status, first.text).to.equal(201);
    const replay = await env().trading.post('/v1/orders', { sign: trader.signingKey, body, signedAt });
    expect(replay.status).to.equal(401);
    expect(replay.body.errors.code).to.equal('signature_replayed');
    const me = await env().trading.get('/v1/me', { sign: trader.signingKey });
    expect(me.body.data.signing_key).to.deep.equal({
      id: trader.signingKey.id,
      label: 'test signing key',
      fingerprint: trader.signingKey.fingerprint,
    });
  });
});
