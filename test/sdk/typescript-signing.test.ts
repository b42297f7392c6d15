import { expect } from 'chai';
import {
  SigningKeyError,
  UnsignableBodyError,
  signingMiddleware,
} from '../../generated/sdk/typescript/signing/index.js';
import type { RequestContext } from '../../generated/sdk/typescript/trading/runtime.js';
import { workedExample as w } from './signing-worked-example.js';

function context(url: string, init: RequestInit): RequestContext {
  return { fetch, url, init };
}

describe('the TypeScript SDK signing middleware (@mkt/sdk/signing)', () => {
  // A middleware of its own for each test: it remembers the writes it signed.
  const fresh = () =>
    signingMiddleware(
      { privateKey: w.privateKeySeed, fingerprint: w.fingerprint },
      { nowMs: () => w.timestamp * 1000 },
    );
  const rows = [
    {
      what: 'a POST over its raw body',
      url: 'http://127.0.0.1:8082/v1/orders',
      init: { method: 'POST', body: w.orderBody, headers: { 'Content-Type': 'application/json' } },
      signature: w.orderSignature,
    },
    {
      what: 'a POST whose body is bytes',
      url: 'http://127.0.0.1:8082/v1/orders',
      init: { method: 'POST', body: new TextEncoder().encode(w.orderBody) },
      signature: w.orderSignature,
    },
    {
      what: 'a GET without its query',
      url: 'http://127.0.0.1:8082/v1/orders?status=open',
      init: { method: 'GET' },
      signature: w.listSignature,
    },
    {
      what: 'a request with no method (GET)',
      url: 'http://127.0.0.1:8082/v1/orders',
      init: {},
      signature: w.listSignature,
    },
  ];
  for (const row of rows) {
    it(`signs the worked example of openapi/trading.yaml: ${row.what}`, async () => {
      const out = await fresh().pre!(context(row.url, row.init));
      const headers = out!.init.headers as Record<string, string>;
      expect(headers['x-mkt-signature']).to.equal(row.signature);
      expect(headers['x-mkt-timestamp']).to.equal(String(w.timestamp));
      expect(headers['x-mkt-fingerprint']).to.equal(w.fingerprint);
      expect(out!.url).to.equal(row.url);
    });
  }

  it('keeps the headers already set, also in a Headers object', async () => {
    const sign = fresh();
    const plain = await sign.pre!(
      context('http://h/v1/orders', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
    );
    expect((plain!.init.headers as Record<string, string>)['Content-Type']).to.equal('application/json');
    const object = await sign.pre!(
      context('http://h/v1/orders', {
        method: 'POST',
        body: w.orderBody,
        headers: new Headers({ 'content-type': 'application/json' }),
      }),
    );
    const headers = object!.init.headers as Headers;
    expect(headers.get('content-type')).to.equal('application/json');
    expect(headers.get('x-mkt-signature')).to.equal(w.orderSignature);
  });

  it('names the market of an order, a batch or a market cancel in x-mkt-market, for a load balancer', async () => {
    const sign = fresh();
    const market = 'market_35255eeb-dadb-59fb-baca-64f7fd4d0264';
    const routed = async (url: string, init: RequestInit) =>
      ((await sign.pre!(context(url, init)))!.init.headers as Record<string, string>)['x-mkt-market'];
    const order = JSON.stringify({ market_id: market, side: 'buy', type: 'market', quantity: 1 });
    expect(await routed('http://h/v1/orders', { method: 'POST', body: order })).to.equal(market);
    const batch = JSON.stringify({ orders: [JSON.parse(order), { ...JSON.parse(order), market_id: 'market_other' }] });
    expect(await routed('http://h/v1/orders/batch', { method: 'POST', body: batch })).to.equal(market);
    expect(await routed(`http://h/v1/markets/${market}/orders`, { method: 'DELETE' })).to.equal(market);
    expect(await routed(`http://h/v1/orders?market_id=${market}`, { method: 'DELETE' })).to.equal(market);
    expect(await routed('http://h/v1/orders', { method: 'DELETE' })).to.equal(undefined);
    expect(await routed('http://h/v1/orders', { method: 'POST', body: 'not json' })).to.equal(undefined);
    // The signature is the worked example's: the header is not signed.
    const out = await fresh().pre!(context('http://127.0.0.1:8082/v1/orders', { method: 'POST', body: w.orderBody }));
    expect((out!.init.headers as Record<string, string>)['x-mkt-signature']).to.equal(w.orderSignature);
  });

  it('takes the 64-byte secret key as well as the 32-byte seed', async () => {
    const { createPrivateKey, createPublicKey } = await import('node:crypto');
    const seed = Buffer.from(w.privateKeySeed, 'base64');
    const der = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey(der).export({ format: 'der', type: 'spki' }).subarray(-32);
    const secret = Buffer.concat([seed, publicKey]).toString('base64');
    const out = await signingMiddleware(
      { privateKey: secret, fingerprint: w.fingerprint },
      { nowMs: () => w.timestamp * 1000 },
    ).pre!(context('http://h/v1/orders', { method: 'POST', body: w.orderBody }));
    expect((out!.init.headers as Record<string, string>)['x-mkt-signature']).to.equal(w.orderSignature);
  });

  it('never signs the same write twice with one timestamp: the second waits for the next second; reads are not held', async () => {
    const slept: number[] = [];
    const nowMs = w.timestamp * 1000 + 250;
    const guarded = signingMiddleware(
      { privateKey: w.privateKeySeed, fingerprint: w.fingerprint },
      { nowMs: () => nowMs, sleep: async (ms) => void slept.push(ms) },
    );
    const stamp = async (method: string, body?: string) =>
      (
        (await guarded.pre!(context('http://h/v1/orders?x=1', { method, ...(body === undefined ? {} : { body }) })))!
          .init.headers as Record<string, string>
      )['x-mkt-timestamp'];
    const rows: [string, string | undefined, number, number[]][] = [
      ['POST', w.orderBody, w.timestamp, []],
      ['POST', w.orderBody, w.timestamp + 1, [750]],
      ['POST', w.orderBody, w.timestamp + 2, [750, 1750]],
      ['POST', '{"other":1}', w.timestamp, [750, 1750]],
      ['DELETE', undefined, w.timestamp, [750, 1750]],
      ['DELETE', undefined, w.timestamp + 1, [750, 1750, 750]],
      ['GET', undefined, w.timestamp, [750, 1750, 750]],
      ['GET', undefined, w.timestamp, [750, 1750, 750]],
    ];
    for (const [method, body, timestamp, sleeps] of rows) {
      expect(await stamp(method, body), `${method} ${body ?? ''}`).to.equal(String(timestamp));
      expect(slept).to.deep.equal(sleeps);
    }
  });

  it('refuses a key of another length, and a body it cannot know the bytes of, saying why', async () => {
    expect(() => signingMiddleware({ privateKey: Buffer.alloc(31).toString('base64'), fingerprint: 'f' })).to.throw(
      SigningKeyError,
      /31 bytes; expected base64 of the 32-byte Ed25519 seed/,
    );
    let error: unknown;
    try {
      await fresh().pre!(context('http://h/v1/files', { method: 'POST', body: new FormData() }));
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(UnsignableBodyError);
  });
});
