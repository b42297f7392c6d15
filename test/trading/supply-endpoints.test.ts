import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  Configuration,
  ResponseError,
  SupplyApi,
  type SupplierEndpoint,
} from '../../generated/sdk/typescript/trading/index.js';
import { signingMiddleware } from '../../generated/sdk/typescript/signing/index.js';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { overrideQualification } from '../../src/trading/supply/operator-endpoints.js';
import { qualify } from '../../src/trading/supply/endpoints.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits } from '../support/market-fixtures.js';
import { contractCheckingFetch } from '../support/sdk.js';
import { describeEachDatabase } from '../support/service.js';

const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const textPrime = seedOf('text-prime').instrumentId;
const textMax = seedOf('text-max').instrumentId;
const upstreamKey = 'sk-upstream-secret-0123456789-LAST';

/** An OpenAI-compatible upstream that answers every chat completion at once and remembers each Authorization. */
interface RecordingUpstream {
  url: string;
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

async function startRecordingUpstream(name: string): Promise<RecordingUpstream> {
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      authorizations.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          id: `chatcmpl-${name}`,
          object: 'chat.completion',
          created: 1,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: `from ${name}` }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the upstream listens on no TCP port');
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase(
  "trading: suppliers' endpoints",
  (env) => {
    const services = () => env().service.services;
    let supplier: TestUser;
    let other: TestUser;
    let buyer: TestUser;
    let api: SupplyApi;
    const upstreams: RecordingUpstream[] = [];

    const sdkOf = (user: TestUser) =>
      new SupplyApi(
        new Configuration({
          basePath: env().service.urls.trading,
          fetchApi: contractCheckingFetch('trading'),
          middleware: [signingMiddleware(user.signingKey)],
        }),
      );

    before(async () => {
      supplier = await createTestUser(services());
      other = await createTestUser(services());
      buyer = await createTestUser(services());
      api = sdkOf(supplier);
      upstreams.push(await startRecordingUpstream('a'), await startRecordingUpstream('b'));
    });
    after(async () => {
      await Promise.all(upstreams.map((u) => u.close()));
    });

    it('registers, reads, changes and deletes endpoints through the generated client; the key is never returned', async () => {
      const raw = await api.createSupplierEndpointRaw({
        createSupplierEndpointRequest: {
          baseUrl: upstreams[0]!.url,
          model: 'model-a',
          apiKey: upstreamKey,
          instrumentIds: ['TEXT-PRIME', textMax],
        },
      });
      expect(raw.raw.status).to.equal(201);
      const text = await raw.raw.clone().text();
      expect(text).not.to.contain(upstreamKey);
      const created = (await raw.value()).data;
      expect(created.endpointId).to.match(/^endpoint_[0-9a-f-]{36}$/);
      expect(created).to.deep.include({
        baseUrl: upstreams[0]!.url,
        model: 'model-a',
        status: 'active',
        registeredBy: 'supplier',
        apiKeySet: true,
        apiKeyLast4: 'LAST',
        simulated: false,
      });
      expect(created.instruments.map((i) => [i.instrumentId, i.qualification, i.basis])).to.deep.equal(
        [
          [textPrime, 'pending', 'run'],
          [textMax, 'pending', 'run'],
        ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
      );

      const listed = (await api.listSupplierEndpoints()).data;
      expect(listed.map((e) => e.endpointId)).to.deep.equal([created.endpointId]);
      expect((await api.getSupplierEndpoint({ endpointId: created.endpointId })).data).to.deep.equal(created);

      // Another user sees none of it.
      expect((await sdkOf(other).listSupplierEndpoints()).data).to.deep.equal([]);
      expect(await statusOf(sdkOf(other).getSupplierEndpoint({ endpointId: created.endpointId }))).to.equal(404);

      const changed = (
        await api.updateSupplierEndpoint({
          endpointId: created.endpointId,
          updateSupplierEndpointRequest: { instrumentIds: [textPrime], status: 'disabled' },
        })
      ).data;
      expect(changed.status).to.equal('disabled');
      expect(changed.instruments.map((i) => i.instrumentId)).to.deep.equal([textPrime]);

      await api.deleteSupplierEndpoint({ endpointId: created.endpointId });
      expect((await api.listSupplierEndpoints()).data).to.deep.equal([]);
      const gone = (await api.getSupplierEndpoint({ endpointId: created.endpointId })).data;
      expect(gone).to.deep.include({ status: 'deleted', apiKeySet: false });
      expect(await statusOf(api.deleteSupplierEndpoint({ endpointId: created.endpointId }))).to.equal(404);
    });

    it('stores the upstream key sealed: no plaintext in the row, and it opens only for its own endpoint', async () => {
      const created = (
        await api.createSupplierEndpoint({
          createSupplierEndpointRequest: {
            baseUrl: upstreams[0]!.url,
            model: 'm',
            apiKey: upstreamKey,
            instrumentIds: [textMax],
          },
        })
      ).data;
      const row: Record<string, unknown> = await services()
        .db('supplier_endpoints')
        .where('id', created.endpointId)
        .first();
      const stored = String(row.upstream_key_ciphertext);
      expect(stored).to.match(/^v1\./);
      expect(JSON.stringify(row)).not.to.contain(upstreamKey.slice(0, 20));
      expect(await services().upstreamKeys.open(created.endpointId, stored)).to.equal(upstreamKey);
      const elsewhere = await services()
        .upstreamKeys.open('endpoint_other', stored)
        .then(
          () => 'opened',
          () => 'refused',
        );
      expect(elsewhere).to.equal('refused');
      await api.deleteSupplierEndpoint({ endpointId: created.endpointId });
    });

    // Each row: a base URL the API refuses with 422, and why.
    const badUrls: { name: string; url: () => string }[] = [
      { name: 'an ftp URL', url: () => 'ftp://inference.example.com/v1' },
      { name: 'a file URL', url: () => 'file:///etc/passwd' },
      { name: 'not a URL', url: () => 'inference.example.com/v1' },
      { name: 'credentials in the URL', url: () => 'https://user:pw@inference.example.com/v1' },
      { name: "mkt's own trading host", url: () => env().service.urls.trading + '/v1' },
      {
        name: "mkt's consumption host spelled localhost",
        url: () => spelled(env().service.urls.consumption, 'localhost'),
      },
      { name: "mkt's platform host spelled 127.1", url: () => spelled(env().service.urls.platform, '127.1') },
      { name: "mkt's messages host spelled [::1]", url: () => spelled(env().service.urls.messages, '[::1]') },
      {
        name: "mkt's consumption host spelled 2130706433",
        url: () => spelled(env().service.urls.consumption, '2130706433'),
      },
    ];
    for (const row of badUrls) {
      it(`refuses ${row.name} (422 validation_error at body.base_url) and registers nothing`, async () => {
        const reply = await env().trading.post('/v1/supply/endpoints', {
          sign: supplier.signingKey,
          body: { base_url: row.url(), model: 'm', instrument_ids: [textPrime] },
        });
        expect(reply.status, reply.text).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
        expect(reply.body.errors.context.errors[0].path).to.equal('body.base_url');
        expect((await api.listSupplierEndpoints()).data).to.deep.equal([]);
      });
    }

    it('refuses an instrument that names nothing, and no instruments at all (422)', async () => {
      for (const instrumentIds of [['TEXT-NOSUCH'], []]) {
        const reply = await env().trading.post('/v1/supply/endpoints', {
          sign: supplier.signingKey,
          body: { base_url: upstreams[0]!.url, model: 'm', instrument_ids: instrumentIds },
        });
        expect(reply.status, reply.text).to.equal(422);
        expect(reply.body.errors.code).to.equal('validation_error');
      }
    });

    it('routes only to qualified endpoints, sends the upstream key, and records the endpoint on the receipt', async () => {
      const register = async (upstream: RecordingUpstream) =>
        (
          await api.createSupplierEndpoint({
            createSupplierEndpointRequest: {
              baseUrl: upstream.url,
              model: 'm',
              apiKey: upstreamKey,
              instrumentIds: [textPrime],
            },
          })
        ).data;
      const pending = await register(upstreams[0]!);
      const vouched = await register(upstreams[1]!);
      await primeTokens(buyer);
      const chat = () =>
        env().consumption.post('/r/v1/chat/completions', {
          bearer: buyer.apiKey,
          body: { model: 'text-prime', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 },
        });
      const none = await chat();
      expect(none.status, 'both endpoints pending: nobody serves').to.equal(503);

      await override(vouched, 'vouched', 'checked by hand');
      for (let i = 0; i < 3; i++) {
        const answered = await chat();
        expect(answered.status, answered.text).to.equal(200);
        expect(answered.body.choices[0].message.content).to.equal('from b');
        const row: { endpoint_id: string; supplier_user_id: string } = await services()
          .db('inference_requests')
          .where('id', answered.headers.get('x-mkt-request-id'))
          .first('endpoint_id', 'supplier_user_id');
        expect(row).to.deep.equal({ endpoint_id: vouched.endpointId, supplier_user_id: supplier.userId });
      }
      expect(upstreams[0]!.authorizations).to.deep.equal([]);
      expect(upstreams[1]!.authorizations).to.deep.equal(Array(3).fill(`Bearer ${upstreamKey}`));

      await override(vouched, 'suspended', 'answers drifted');
      expect((await chat()).status, 'suspended: nobody serves').to.equal(503);
      await override(vouched, 'restored', 'fixed upstream');
      expect((await chat()).status).to.equal(200);

      // A new model puts it back to pending: it serves nothing until measured again.
      await api.updateSupplierEndpoint({
        endpointId: vouched.endpointId,
        updateSupplierEndpointRequest: { model: 'm2' },
      });
      expect((await chat()).status).to.equal(503);
      await api.deleteSupplierEndpoint({ endpointId: pending.endpointId });
      await api.deleteSupplierEndpoint({ endpointId: vouched.endpointId });
    });

    it('issues Units only with a qualified endpoint: 403 supplier_not_qualified naming the latest report', async () => {
      const issuer = await createTestUser(services());
      const issue = () =>
        env().trading.post('/v1/supply-issuances', {
          sign: issuer.signingKey,
          body: { instrument_id: textMax, quantity: 5 },
        });
      const endpoint = (
        await sdkOf(issuer).createSupplierEndpoint({
          createSupplierEndpointRequest: { baseUrl: upstreams[0]!.url, model: 'm', instrumentIds: [textMax] },
        })
      ).data;
      const pending = await issue();
      expect(pending.status, pending.text).to.equal(403);
      expect(pending.body.errors).to.deep.include({
        code: 'supplier_not_qualified',
        context: { instrument_id: textMax, report_id: null },
      });

      const nowUs = services().clock.nowUs();
      const measured = {
        kind: 'measured',
        passed: false,
        qualityScore: 41,
        reportId: 'qualification_report_1',
      } as const;
      await qualify(services().db, endpoint.endpointId, [textMax], measured, nowUs);
      const failed = await issue();
      expect(failed.status).to.equal(403);
      expect(failed.body.errors.context).to.deep.equal({ instrument_id: textMax, report_id: 'qualification_report_1' });

      await overrideQualification(services(), {
        userId: issuer.userId,
        endpointId: endpoint.endpointId,
        instrument: 'text-max',
        event: { kind: 'vouched', reason: 'operator checked it' },
      });
      expect((await issue()).status).to.equal(201);
      await sdkOf(issuer).deleteSupplierEndpoint({ endpointId: endpoint.endpointId });
      expect((await issue()).status, 'a deleted endpoint qualifies nothing').to.equal(403);
    });

    it('never writes an upstream key to the log', () => {
      const lines = env().log!.lines;
      expect(lines.length, 'the service logged while these tests ran').to.be.above(0);
      expect(JSON.stringify(lines)).not.to.contain(upstreamKey.slice(0, 20));
    });

    async function override(endpoint: SupplierEndpoint, kind: 'vouched' | 'suspended' | 'restored', reason: string) {
      await overrideQualification(services(), {
        userId: supplier.userId,
        endpointId: endpoint.endpointId,
        instrument: textPrime,
        event: { kind, reason },
      });
    }

    async function primeTokens(user: TestUser): Promise<void> {
      await giveUnits(services(), user.userId, textPrime, 1);
      await services().db.transaction((trx) =>
        transferToConsumption(trx, {
          userId: user.userId,
          instrumentId: textPrime,
          quantity: 1,
          orderId: null,
          nowUs: services().clock.nowUs(),
        }),
      );
    }
  },
  { captureLog: true },
);

/** The HTTP status a generated client's call answered with (it throws ResponseError for any but 2xx). */
function statusOf(call: Promise<unknown>): Promise<number> {
  return call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof ResponseError) return error.response.status;
      throw error;
    },
  );
}

/** The same origin with its host spelled otherwise (`http://127.0.0.1:PORT` → `http://localhost:PORT/v1`). */
function spelled(origin: string | undefined, host: string): string {
  const url = new URL(origin ?? 'http://127.0.0.1:1');
  return `${url.protocol}//${host}:${url.port}/v1`;
}
