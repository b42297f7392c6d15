import { expect } from 'chai';
import * as accounts from '../../src/core/accounts.js';
import type { AccountMode } from '../../src/core/identity.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, placed, type MarketRef } from '../support/market-fixtures.js';
import type { TestEnvironment } from '../support/service.js';
import { makeUser, password } from './browser.js';

/** What the market page's tests share: traders on the trading API, and dashboard users with a session. */

/** A trader of the trading API (signing key, Advanced Mode) with USD and Units of the market's instrument. */
export async function apiTrader(env: TestEnvironment, market: MarketRef): Promise<TestUser> {
  const { services } = env.service;
  const trader = await createTestUser(services);
  await giveUsd(services, trader.userId, '500.00');
  await giveUnits(services, trader.userId, market.instrumentId, 500);
  return trader;
}

/** A dashboard user with USD and Units, signed in the way the log-in form signs in. */
export async function dashboardUser(env: TestEnvironment, market: MarketRef, mode: AccountMode = 'advanced') {
  const { services } = env.service;
  const user = await makeUser(services, 'market', { mode });
  await giveUsd(services, user.id, '200.00');
  await giveUnits(services, user.id, market.instrumentId, 100);
  const result = await accounts.logIn(services, { email: user.email, password, clientAddress: '127.0.0.1' });
  if (!result.ok) throw new Error(`log-in failed: ${result.reason}`);
  return { user, cookie: `mkt_session=${result.session.id}`, csrfToken: result.session.csrfToken };
}

/** A trade on the market through the trading API: a resting sell, then a buy that takes it. */
export async function tradeThroughApi(
  env: TestEnvironment,
  market: MarketRef,
  seller: TestUser,
  buyer: TestUser,
  price: string,
  quantity: number,
): Promise<void> {
  await placed(env, seller, { market_id: market.marketId, side: 'sell', price, quantity });
  const bought = await placed(env, buyer, { market_id: market.marketId, side: 'buy', price, quantity });
  expect(bought.status).to.equal('filled');
}
