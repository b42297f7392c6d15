import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createTestUser } from '../support/fixtures.js';
import { giveUsd } from '../support/market-fixtures.js';
import { describeEachDatabase } from '../support/service.js';
import { workedExample } from './signing-worked-example.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describeEachDatabase('the generated Python SDK', (env) => {
  it('lists and pages instruments, reads controls, sees a 404, and places, reads and cancels an order, signing with mkt_trading.signing', async () => {
    const user = await createTestUser(env().service.services);
    await giveUsd(env().service.services, user.userId, '5.00');
    const { stdout } = await promisify(execFile)(
      'python3',
      [
        `${root}/test/sdk/python_sdk_check.py`,
        env().service.urls.trading!,
        user.signingKey.privateKey,
        user.signingKey.fingerprint,
      ],
      {
        env: { ...process.env, PYTHONPATH: `${root}/generated/sdk/python/trading` },
      },
    );
    const result = JSON.parse(stdout);
    expect(result.symbols).to.have.length(9);
    expect(result.symbols[0]).to.equal('AGENT-MAX');
    expect(result.max_order_size).to.equal(10000);
    expect(result.missing_status).to.equal(404);
    // POST /v1/orders: the body reaches the server encoded once (it used to be a JSON string of JSON: 400 malformed_json).
    expect(result.order).to.deep.include({
      client_order_id: result.expected_client_order_id,
      price: '0.0100',
      quantity: 3,
      status: 'active',
    });
    expect(result.cancelled_status).to.equal('cancelled');
    expect(
      result.duplicate,
      'the same order sent again at once is a duplicate, not a replayed signature',
    ).to.deep.equal({ status: 422, code: 'duplicate_client_order_id' });
  });
});

describe('the Python SDK signing helper (mkt_trading.signing)', () => {
  it('signs the worked example of openapi/trading.yaml, and signs the bytes it hands urllib3', async () => {
    const { stdout } = await promisify(execFile)(
      'python3',
      [
        '-c',
        'import json, python_sdk_check as c; print(json.dumps({"worked_example": c.worked_example(), "sent": c.signed_bytes_are_sent_bytes(), "replay_guard": c.replay_guard()}))',
      ],
      { env: { ...process.env, PYTHONPATH: `${root}/generated/sdk/python/trading:${root}/test/sdk` } },
    );
    const result = JSON.parse(stdout);
    expect(result.worked_example).to.deep.equal({
      order_signature: workedExample.orderSignature,
      list_signature: workedExample.listSignature,
      timestamp: String(workedExample.timestamp),
    });
    expect(result.sent.decoded).to.deep.include({
      market_id: 'market_x',
      side: 'buy',
      type: 'limit',
      price: '0.0500',
      quantity: 1,
      client_order_id: 'c-1',
    });
    expect(result.sent.timestamp).to.equal(String(workedExample.timestamp));
    // The same write twice in one second: the second waits for the next second; reads are not held.
    const t = workedExample.timestamp;
    expect(result.replay_guard).to.deep.equal({
      sent: [
        ['POST', String(t)],
        ['POST', String(t + 1)],
        ['DELETE', String(t)],
        ['GET', String(t)],
        ['GET', String(t)],
      ],
      slept: [0.75],
    });
  });
});
