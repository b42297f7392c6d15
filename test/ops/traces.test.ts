import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transferToConsumption } from '../../src/ledger/consumption.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { newSpanId, newTraceId, parseTraceparent } from '../../src/lib/trace-context.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { giveUnits, giveUsd, marketOf, placeOrder } from '../support/market-fixtures.js';
import { OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { describeEachDatabase } from '../support/service.js';
import { freshDatabaseUrl } from '../support/databases.js';

/** OTLP's SpanKind. */
const internal = 1;
const server = 2;
const client = 3;

/** A streamed answer: one token of content, its finish, then the usage chunk. */
const streamedChunks = [
  {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'sim',
    choices: [{ index: 0, delta: { role: 'assistant', content: 'hi' }, finish_reason: null }],
  },
  {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'sim',
    choices: [{ index: 0, delta: {}, finish_reason: 'length' }],
  },
  {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'sim',
    choices: [],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  },
];

/** An OpenAI-compatible upstream that answers every chat completion alike and keeps the headers it was sent. */
class RecordingUpstream {
  readonly headers: IncomingHttpHeaders[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        this.headers.push(req.headers);
        const { stream } = JSON.parse(Buffer.concat(parts).toString('utf8')) as { stream?: boolean };
        if (stream === true) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const chunk of streamedChunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        }
        const completion = {
          id: 'chatcmpl-recorded',
          object: 'chat.completion',
          created: 1,
          model: 'sim',
          choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const traceparentOf = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;

/** The server span a `traceresponse` names. */
function serverSpanOf(traceresponse: string | null): { traceId: string; spanId: string } {
  const context = parseTraceparent(traceresponse ?? undefined);
  expect(context, `traceresponse ${traceresponse}`).not.to.equal(null);
  return context!;
}

const receiver = new OtlpReceiver();
/** Read when each database's service starts, after the receiver has: the endpoint is the receiver's. */
const serviceEnv: Record<string, string> = { OTEL_BSP_SCHEDULE_DELAY: '50' };

describe('traces: traceparent, traceresponse, trace ids in logs, OTLP export', () => {
  before(async () => {
    serviceEnv.OTEL_EXPORTER_OTLP_ENDPOINT = await receiver.start();
  });
  after(() => receiver.close());

  describeEachDatabase(
    'traces',
    (env) => {
      const services = () => env().service.services;
      const upstream = new RecordingUpstream();
      const model = 'agent-standard';
      let trader: TestUser;
      let caller: TestUser;

      before(async () => {
        trader = await createTestUser(services());
        await giveUsd(services(), trader.userId, '100.00');
        caller = await createTestUser(services());
        const instrument = (await services().reference.resolveModel(model))!;
        await giveUnits(services(), caller.userId, instrument.id, 1);
        await services().db.transaction((trx) =>
          transferToConsumption(trx, {
            userId: caller.userId,
            instrumentId: instrument.id,
            quantity: 1,
            orderId: null,
            nowUs: services().clock.nowUs(),
          }),
        );
        const supplier = await createTestUser(services());
        await registerSupplier(services(), {
          userId: supplier.userId,
          instruments: [instrument.id],
          baseUrl: await upstream.start(),
          model: 'sim',
          simulated: false,
        });
      });
      after(() => upstream.close());

      const spansOf = (traceId: string, pick: (span: ReceivedSpan) => boolean) =>
        receiver.waitFor((spans) => spans.filter((span) => span.traceId === traceId && pick(span)));

      it("continues the caller's trace: request span under its parent, authentication and validation under it, the batch commit under or linked to it", async () => {
        const { marketId } = await marketOf(services(), 'text-standard');
        const [traceId, parentId] = [newTraceId(), newSpanId()];
        const reply = await env().trading.post('/v1/orders', {
          sign: trader.signingKey,
          headers: { traceparent: traceparentOf(traceId, parentId) },
          body: { type: 'limit', market_id: marketId, side: 'buy', price: '0.1000', quantity: 1 },
        });
        expect(reply.status, reply.text).to.equal(201);
        const answered = serverSpanOf(reply.headers.get('traceresponse'));
        expect(answered.traceId).to.equal(traceId);
        expect(answered.spanId).not.to.equal(parentId);

        const [request] = await spansOf(traceId, (span) => span.spanId === answered.spanId);
        expect(request).to.deep.include({ parentSpanId: parentId, kind: server, name: 'POST /v1/orders' });
        expect(request!.serviceName).to.equal('mkt');
        expect(request!.attributes).to.deep.include({
          'http.request.method': 'POST',
          'http.route': '/v1/orders',
          'http.response.status_code': 201,
          'url.path': '/v1/orders',
        });
        for (const name of ['authenticate', 'validate']) {
          const [child] = await spansOf(traceId, (span) => span.name === name);
          expect(child, name).to.deep.include({ parentSpanId: answered.spanId, kind: internal });
        }
        const [commit] = await spansOf(traceId, (span) => span.name === 'batch commit');
        expect(commit!.parentSpanId).to.equal(answered.spanId);
        expect(commit!.attributes['mkt.batch.commands']).to.be.at.least(1);
      });

      it('ties every order of concurrent requests to a batch commit span, as its child or by a link', async () => {
        const { marketId } = await marketOf(services(), 'text-standard');
        const replies = await Promise.all(
          [1, 2, 3, 4].map((quantity) =>
            env().trading.post('/v1/orders', {
              sign: trader.signingKey,
              headers: { traceparent: traceparentOf(newTraceId(), newSpanId()) },
              body: { type: 'limit', market_id: marketId, side: 'buy', price: '0.1000', quantity },
            }),
          ),
        );
        for (const reply of replies) {
          expect(reply.status, reply.text).to.equal(201);
          const answered = serverSpanOf(reply.headers.get('traceresponse'));
          const commits = await receiver.waitFor((spans) =>
            spans.filter(
              (span) =>
                span.name === 'batch commit' &&
                ((span.traceId === answered.traceId && span.parentSpanId === answered.spanId) ||
                  span.links.some((link) => link.traceId === answered.traceId && link.spanId === answered.spanId)),
            ),
          );
          expect(commits).to.have.length(1);
        }
      });

      it("sends the upstream a traceparent naming the attempt span, a CLIENT span under the request's with the GenAI attributes", async () => {
        const traceId = newTraceId();
        const seen = upstream.headers.length;
        const reply = await env().consumption.post('/r/v1/chat/completions', {
          bearer: caller.apiKey,
          headers: { traceparent: traceparentOf(traceId, newSpanId()) },
          body: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 8 },
        });
        expect(reply.status, reply.text).to.equal(200);
        const answered = serverSpanOf(reply.headers.get('traceresponse'));
        expect(answered.traceId).to.equal(traceId);
        expect(upstream.headers).to.have.length(seen + 1);
        const sent = parseTraceparent(upstream.headers[seen]!.traceparent);
        expect(sent?.traceId).to.equal(traceId);

        const [attempt] = await spansOf(traceId, (span) => span.kind === client);
        expect(attempt).to.deep.include({ spanId: sent!.spanId, parentSpanId: answered.spanId, name: 'chat sim' });
        expect(attempt!.attributes).to.deep.include({
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': 'sim',
          'gen_ai.usage.input_tokens': 7,
          'gen_ai.usage.output_tokens': 3,
          'gen_ai.response.finish_reasons': ['stop'],
          'server.address': '127.0.0.1',
        });
        expect(receiver.contentTypes.every((type) => type.startsWith('application/json'))).to.equal(true);
      });

      it('keeps a streamed attempt span open to the end of the stream, with the final usage', async () => {
        const traceId = newTraceId();
        const reply = await env().consumption.post('/r/v1/chat/completions', {
          bearer: caller.apiKey,
          headers: { traceparent: traceparentOf(traceId, newSpanId()) },
          body: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 8, stream: true },
        });
        expect(reply.status, reply.text).to.equal(200);
        expect(reply.text).to.contain('[DONE]');
        const answered = serverSpanOf(reply.headers.get('traceresponse'));
        const [attempt] = await spansOf(traceId, (span) => span.kind === client);
        expect(attempt).to.deep.include({ parentSpanId: answered.spanId, name: 'chat sim' });
        expect(attempt!.attributes).to.deep.include({
          'gen_ai.usage.input_tokens': 5,
          'gen_ai.usage.output_tokens': 2,
          'gen_ai.response.finish_reasons': ['length'],
        });
      });

      const malformed: [string, string][] = [
        ['garbage', 'not a traceparent'],
        ['upper-case hex', traceparentOf(newTraceId().toUpperCase(), newSpanId())],
        ['an all-zero trace id', traceparentOf('0'.repeat(32), newSpanId())],
        ['an all-zero parent id', traceparentOf(newTraceId(), '0'.repeat(16))],
        ['version ff', `ff-${newTraceId()}-${newSpanId()}-01`],
        ['version 00 with a trailing field', `${traceparentOf(newTraceId(), newSpanId())}-more`],
        ['a short trace id', `00-${newTraceId().slice(2)}-${newSpanId()}-01`],
      ];
      for (const [what, header] of malformed) {
        it(`ignores a malformed traceparent (${what}): 200 and a trace of its own`, async () => {
          const reply = await env().consumption.get('/v1/models', {
            bearer: caller.apiKey,
            headers: { traceparent: header },
          });
          expect(reply.status, reply.text).to.equal(200);
          const answered = serverSpanOf(reply.headers.get('traceresponse'));
          expect(header).not.to.contain(answered.traceId);
          const [request] = await spansOf(answered.traceId, (span) => span.spanId === answered.spanId);
          expect(request).to.deep.include({ parentSpanId: '', kind: server });
        });
      }

      it('answers a 404 with a traceresponse, and counts it as not_found', async () => {
        const reply = await env().trading.get('/v1/no-such-path', { headers: { traceparent: 'junk' } });
        expect(reply.status).to.equal(404);
        const answered = serverSpanOf(reply.headers.get('traceresponse'));
        const [request] = await spansOf(answered.traceId, (span) => span.spanId === answered.spanId);
        expect(request!.attributes['http.response.status_code']).to.equal(404);
        const counted = await services().metrics.httpRequestDuration.get();
        const notFound = counted.values.find(
          (value) =>
            value.metricName === 'http_server_request_duration_seconds_count' &&
            value.labels.host === 'trading' &&
            value.labels.operation === 'not_found' &&
            value.labels.status_class === '4xx',
        );
        expect(notFound?.value).to.be.at.least(1);
      });

      it("puts the request's trace id and span id on every log line it writes, however deep", async () => {
        const [traceId, parentId] = [newTraceId(), newSpanId()];
        const token = 'A'.repeat(43);
        const email = `traced-${Date.now()}@example.com`;
        const logged = env().log!.lines.length;
        const reply = await fetch(`${env().service.urls.platform!}/signup`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: `mkt_csrf=${token}`,
            traceparent: traceparentOf(traceId, parentId),
          },
          body: new URLSearchParams({ csrf_token: token, email, password: 'correct horse battery staple' }),
        });
        expect(reply.status, await reply.text()).to.be.within(300, 399);
        const answered = serverSpanOf(reply.headers.get('traceresponse'));
        expect(answered.traceId).to.equal(traceId);
        const lines = env()
          .log!.lines.slice(logged)
          .filter((line) => line.msg === 'user signed up' || JSON.stringify(line).includes(email));
        // The sign-up (core/accounts.ts) and the mail it sends (core/mailer.ts): both deep below the dashboard's page.
        expect(lines.length).to.be.at.least(2);
        for (const line of lines) expect(line).to.include({ trace_id: traceId, span_id: answered.spanId });
        const [page] = await spansOf(traceId, (span) => span.spanId === answered.spanId);
        expect(page).to.deep.include({ parentSpanId: parentId, name: 'POST' });
        const counted = await services().metrics.httpRequestDuration.get();
        expect(counted.values.some((value) => value.labels.operation === 'page')).to.equal(true);
      });
    },
    { env: serviceEnv, captureLog: true },
  );
});

const run = promisify(execFile);
/** A module of the compiled project, as a file URL a script elsewhere imports. */
const distUrl = (path: string): string => new URL(`../../src/${path}`, import.meta.url).href;

describe('traces: without an OTLP endpoint', () => {
  it('loads nothing of the OpenTelemetry SDK, makes no span, and still answers traceresponse', async function () {
    this.timeout(60_000);
    const databaseUrl = await freshDatabaseUrl('sqlite');
    // A process of its own: this one has loaded the SDK for the suite above.
    const script = `
      import { createRequire } from 'node:module';
      import { loadConfig } from '${distUrl('app/config.js')}';
      import { startService } from '${distUrl('app/main.js')}';
      import { createLogger } from '${distUrl('lib/logger.js')}';
      const config = loadConfig({ DATABASE_URL: ${JSON.stringify(databaseUrl)}, MKT_CONSUMPTION_PORT: '0',
        MKT_MESSAGES_PORT: '0', MKT_TRADING_PORT: '0', MKT_PLATFORM_PORT: '0', MKT_METRICS_PORT: 'off',
        MKT_SIMULATED_SUPPLIER: 'off' }, ['trading']);
      const service = await startService(config, { logger: createLogger('silent'), graceMs: 500 });
      const reply = await fetch(service.urls.trading + '/v1/markets');
      // prom-client loads @opentelemetry/api itself (its exemplars); the SDK and the exporter are ours to load.
      const sdk = /@opentelemetry\\/(?!api\\/)/;
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => sdk.test(path));
      const answer = { status: reply.status, traceresponse: reply.headers.get('traceresponse'),
        recording: service.services.tracer.recording, loaded };
      await service.stop();
      console.log(JSON.stringify(answer));
      process.exit(0);
    `;
    // A file, not `-e`: the service's worker threads inherit the process's flags.
    const file = join(mkdtempSync(join(tmpdir(), 'mkt-traces-')), 'untraced.mjs');
    writeFileSync(file, script);
    const { stdout } = await run(process.execPath, [file], {
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' },
    });
    const answer = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    // Unauthenticated: a 401, which carries its traceresponse as every response does.
    expect(answer).to.deep.include({ status: 401, recording: false, loaded: [] });
    expect(parseTraceparent(answer.traceresponse as string)).not.to.equal(null);
  });

  it('imports @opentelemetry values in src/app/tracing.ts only (types elsewhere at most)', () => {
    const importers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          const valueImport = /^import (?!type )[^;]*from '@opentelemetry\/|import\('@opentelemetry\//m;
          if (valueImport.test(text)) importers.push(path);
        }
      }
    };
    walk('src');
    expect(importers).to.deep.equal([join('src', 'app', 'tracing.ts')]);
  });
});
