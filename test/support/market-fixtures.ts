import { expect } from 'chai';
import { ensureAccount, post, systemAccount } from '../../src/ledger/journal.js';
import { tokensOf, unitsOf, usd } from '../../src/ledger/assets.js';
import type { Services } from '../../src/app/services.js';
import type { TestEnvironment } from './service.js';
import type { TestUser } from './fixtures.js';
import { fundUser } from './trading-fixtures.js';

export interface MarketRef {
  marketId: string;
  instrumentId: string;
}

/** A seeded market by its instrument's model name (`text-standard`). */
export async function marketOf(services: Services, modelName: string): Promise<MarketRef> {
  const row = (await services
    .db('markets as m')
    .join('instruments as i', 'i.id', 'm.instrument_id')
    .where('i.model_name', modelName)
    .first('m.id as marketId', 'i.id as instrumentId')) as MarketRef | undefined;
  if (!row) throw new Error(`no market for ${modelName}`);
  return row;
}

/** A real deposit of USD ("12.50"). */
export async function giveUsd(services: Services, userId: string, amount: string): Promise<void> {
  await fundUser(services, userId, amount);
}

/**
 * Units issued straight into the user's trading account. Unlike `issueUnits` of
 * trading-fixtures.ts it does not make the user a supplier, so traders stay plain traders.
 */
export async function giveUnits(
  services: Services,
  userId: string,
  instrumentId: string,
  quantity: number,
): Promise<void> {
  const nowUs = services.clock.nowUs();
  await services.db.transaction(async (trx) => {
    const account = await ensureAccount(trx, userId, 'trading', unitsOf(instrumentId), instrumentId, nowUs);
    const issuance = await systemAccount(trx, 'issuance', unitsOf(instrumentId), nowUs);
    await post(
      trx,
      'issuance',
      null,
      [
        { accountId: issuance, bucket: 'available', asset: unitsOf(instrumentId), amount: -quantity },
        { accountId: account.id, bucket: 'available', asset: unitsOf(instrumentId), amount: quantity },
      ],
      nowUs,
    );
  });
}

interface Balances {
  usdAvailable: number;
  usdLocked: number;
  unitsAvailable: number;
  unitsLocked: number;
  tokens: number;
}

/** The user's materialised balances (micro-dollars, Units, tokens) for one instrument. */
export async function balancesOf(services: Services, userId: string, instrumentId: string): Promise<Balances> {
  const rows = (await services
    .db('ledger_accounts')
    .where('user_id', userId)
    .whereIn('asset', [usd, unitsOf(instrumentId), tokensOf(instrumentId)])) as {
    asset: string;
    available: number;
    locked: number;
  }[];
  const of = (asset: string) => rows.find((r) => r.asset === asset) ?? { available: 0, locked: 0 };
  return {
    usdAvailable: of(usd).available,
    usdLocked: of(usd).locked,
    unitsAvailable: of(unitsOf(instrumentId)).available,
    unitsLocked: of(unitsOf(instrumentId)).locked,
    tokens: of(tokensOf(instrumentId)).available + of(tokensOf(instrumentId)).locked,
  };
}

interface OrderBody {
  market_id: string;
  side: string;
  type?: string;
  price?: string | number;
  quantity: number;
  time_in_force?: string;
  client_order_id?: string;
  should_autotransfer?: boolean;
  stop_price?: string;
  post_only?: boolean;
  self_trade_prevention?: string;
  expire_time?: string;
}

/** POST /v1/orders, signed; `type` defaults to limit. */
export function placeOrder(env: TestEnvironment, user: TestUser, body: OrderBody) {
  return env.trading.post('/v1/orders', { sign: user.signingKey, body: { type: 'limit', ...body } });
}

/** Places an order that must be accepted, and answers its state as GET /v1/orders/{id} shows it. */
export async function placed(env: TestEnvironment, user: TestUser, body: OrderBody): Promise<Record<string, any>> {
  const reply = await placeOrder(env, user, body);
  expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
  return orderState(env, user, reply.body.data.order_id);
}

/** The market's order book as GET /v1/markets/{id}/orderbook shows it. */
export async function orderBookOf(
  env: TestEnvironment,
  user: TestUser,
  marketId: string,
): Promise<Record<string, unknown>> {
  const reply = await env.trading.get(`/v1/markets/${marketId}/orderbook`, { sign: user.signingKey });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return reply.body.data;
}

/** Sets the account's default self-trade prevention as the platform's settings would (migration 0016's column). */
export async function setAccountSelfTradePrevention(services: Services, userId: string, mode: string): Promise<void> {
  await services
    .db('account_settings')
    .insert({
      user_id: userId,
      auto_reload_enabled: false,
      self_trade_prevention: mode,
      updated_at_us: services.clock.nowUs(),
    })
    .onConflict('user_id')
    .merge(['self_trade_prevention']);
}

export async function orderState(env: TestEnvironment, user: TestUser, orderId: string): Promise<Record<string, any>> {
  const reply = await env.trading.get(`/v1/orders/${orderId}`, { sign: user.signingKey });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  return reply.body.data;
}
