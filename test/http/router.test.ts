import { expect } from 'chai';
import type { Operation } from 'openapi-backend';
import { assertHandlersMatch } from '../../src/http/app.js';
import { Router } from '../../src/http/router.js';
import { ApiError } from '../../src/lib/errors.js';

const operation = (method: string, path: string, operationId: string) =>
  ({ method, path, operationId, responses: {} }) as unknown as Operation;

const operations = [
  operation('get', '/v1/orders', 'listOrders'),
  operation('post', '/v1/orders', 'createOrder'),
  operation('get', '/v1/orders/count', 'countOrders'),
  operation('get', '/v1/orders/{order_id}', 'getOrder'),
  operation('delete', '/v1/orders/{order_id}', 'cancelOrder'),
  operation('delete', '/v1/markets/{market_id}/orders', 'cancelMarketOrders'),
];

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('router', () => {
  const router = new Router(operations);

  it('matches literal paths by method', () => {
    expect(router.match('GET', '/v1/orders').operation.operationId).to.equal('listOrders');
    expect(router.match('POST', '/v1/orders').operation.operationId).to.equal('createOrder');
  });

  it('prefers a literal path over a template (/orders/count is not an order id)', () => {
    expect(router.match('GET', '/v1/orders/count').operation.operationId).to.equal('countOrders');
    expect(failure(() => router.match('DELETE', '/v1/orders/count')).status).to.equal(405);
  });

  it('extracts and decodes path parameters', () => {
    const match = router.match('GET', '/v1/orders/order_ABC%20DEF');
    expect(match.operation.operationId).to.equal('getOrder');
    expect(match.params).to.deep.equal({ order_id: 'order_ABC DEF' });
  });

  it('ignores one trailing slash', () => {
    expect(router.match('GET', '/v1/orders/').operation.operationId).to.equal('listOrders');
  });

  it('answers 405 with Allow for a known path and another method', () => {
    const error = failure(() => router.match('PATCH', '/v1/orders/order_X'));
    expect(error.status).to.equal(405);
    expect(error.code).to.equal('method_not_allowed');
    expect(error.headers.Allow).to.equal('DELETE, GET');
  });

  it('answers 404 for an unknown path', () => {
    const error = failure(() => router.match('GET', '/v1/nothing'));
    expect(error.status).to.equal(404);
    expect(error.code).to.equal('not_found');
    expect(failure(() => router.match('GET', '/v1/markets/m/orders/extra')).status).to.equal(404);
  });
});

describe('start-up check of handlers against operations', () => {
  const handler = async () => ({ status: 200 });
  const all = Object.fromEntries(operations.map((o) => [o.operationId!, handler]));

  it('passes when they match one to one', () => {
    expect(() => assertHandlersMatch('doc', operations, all)).not.to.throw();
  });

  it('refuses an operation without a handler', () => {
    const { getOrder: _, ...rest } = all;
    expect(() => assertHandlersMatch('doc', operations, rest)).to.throw(/operations without a handler: getOrder/);
  });

  it('refuses a handler without an operation', () => {
    expect(() => assertHandlersMatch('doc', operations, { ...all, deleteEverything: handler })).to.throw(
      /handlers without an operation: deleteEverything/,
    );
  });
});
