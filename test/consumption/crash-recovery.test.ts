import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { migrateLatest, openDatabase, type Db } from '../../src/db/knex.js';
import { tokensOf } from '../../src/ledger/assets.js';
import { systemClock } from '../../src/lib/clock.js';
import { textTokens } from '../../src/consumption/tokens/tokens.js';
import { createApiKey, createUser } from '../../src/core/identity.js';
import { registerSupplier } from '../../src/trading/supply/supply.js';
import { databaseKinds, freshDatabaseUrl } from '../support/databases.js';
import { mkt, mktServe, type ServeProcess } from '../support/processes.js';
import { unitInConsumption } from '../support/ledger-fixtures.js';

/**
 * Issue 11, item 2 (DESIGN.md §7): a `mkt serve` process killed (-9) mid-stream leaves slots,
 * reservations and receipts in progress. A restarted process must settle them within seconds —
 * billed by what the streams had delivered, no more — and give the user the slots back; a live
 * process's long requests, streamed or answered whole, must never be swept while they run.
 *
 * A paced upstream in the test process (20 pieces of text a second, as long as `max_tokens` asks)
 * serves one instrument; the caller is a free-tier user with 3 slots. Every process here is a real
 * `mkt serve` on the same database.
 */
const model = 'text-standard';
const tokensPerSecond = 20;
/** The target: after the restart, the user's slots are usable within this. */
const usableWithinMs = 10_000;
/**
 * Streams record what they delivered at least once a second; a recording may run late on a busy
 * machine, so what the client had received this long before the kill must have been recorded.
 */
const recordedBeforeKillMs = 3_000;
/** Leases short enough that the tests below outlive several (renewed every 500 ms), long enough for a busy machine. */
const shortLease = { MKT_INFERENCE_LEASE_MS: '3000' };

interface Caller {
  userId: string;
  apiKey: string;
}

/** What a client of one stream received: the text of each content delta, with the time it arrived. */
interface Received {
  requestId: string;
  pieces: { atMs: number; text: string }[];
  done: boolean;
  errorEvent: boolean;
  ended: Promise<void>;
  /** Hangs up, as a client that has read enough. */
  stop(): Promise<void>;
}

/**
 * An OpenAI-compatible upstream that writes `max_tokens` pieces of prose (words, sentence ends,
 * paragraph breaks) at `tokensPerSecond`, streamed or whole; it leaves `usage` out, so the gateway
 * counts the answer with its own tokenizer. It stops writing when the gateway goes away.
 */
async function startPacedUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const words = [
    'The',
    'market',
    'opened',
    'early',
    'and',
    'every',
    'supplier',
    'quoted',
    'a',
    'fresh',
    'price',
    'again',
  ];
  const pieceOf = (i: number) => (i % 13 === 12 ? '.\n\n' : `${i % 13 === 0 ? '' : ' '}${words[i % words.length]}`);
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as { stream?: boolean; max_tokens?: number; max_completion_tokens?: number };
      const pieces = request.max_completion_tokens ?? request.max_tokens ?? 16;
      const base = { id: 'chatcmpl-paced', created: 1, model: 'paced' };
      let sent = 0;
      if (request.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`,
        );
      }
      const timer = setInterval(() => {
        if (sent < pieces) {
          if (request.stream)
            res.write(
              `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: pieceOf(sent) }, finish_reason: null }] })}\n\n`,
            );
          sent += 1;
          return;
        }
        clearInterval(timer);
        const text = Array.from({ length: pieces }, (_, i) => pieceOf(i)).join('');
        if (request.stream) {
          res.end(
            `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'length' }] })}\n\ndata: [DONE]\n\n`,
          );
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              ...base,
              object: 'chat.completion',
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'length' }],
            }),
          );
        }
      }, 1000 / tokensPerSecond);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const textOf = (received: Received, beforeMs = Number.POSITIVE_INFINITY) =>
  received.pieces
    .filter((p) => p.atMs < beforeMs)
    .map((p) => p.text)
    .join('');

async function poll<T>(what: string, deadlineMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() - started > deadlineMs) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await sleep(50);
  }
}

for (const database of databaseKinds) {
  describe(`consumption: crash recovery of inference [${database}]`, function () {
    this.timeout(180_000);
    let databaseUrl: string;
    let db: Db;
    let upstream: Awaited<ReturnType<typeof startPacedUpstream>>;
    let instrumentId: string;
    const servers: ServeProcess[] = [];
    let callers = 0;

    const serve = async (env: Record<string, string> = {}) => {
      const server = await mktServe({ DATABASE_URL: databaseUrl, MKT_SIMULATED_SUPPLIER: 'off', ...env }, [
        '--only',
        'consumption',
      ]);
      servers.push(server);
      return server;
    };

    /** A free-tier user (3 slots, no deposit) holding 1 Unit (a million tokens) of the instrument in consumption. */
    async function newCaller(): Promise<Caller> {
      callers += 1;
      const user = await createUser(db, systemClock, {
        email: `crash-${callers}@example.com`,
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      const { key } = await createApiKey(db, systemClock, user.id, 'crash recovery');
      await unitInConsumption(db, user.id, instrumentId, systemClock.nowUs());
      return { userId: user.id, apiKey: key };
    }

    const infer = (server: ServeProcess, caller: Caller, body: Record<string, unknown>) =>
      fetch(`${server.urls.consumption!}/r/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Tell me a long story.' }], ...body }),
      });

    /** Starts a stream and reads it in the background, noting each content delta as it arrives. */
    async function stream(server: ServeProcess, caller: Caller, maxTokens: number): Promise<Received> {
      const response = await infer(server, caller, { max_tokens: maxTokens, stream: true });
      expect(response.status).to.equal(200);
      const reader = response.body!.getReader();
      const received: Received = {
        requestId: response.headers.get('x-mkt-request-id')!,
        pieces: [],
        done: false,
        errorEvent: false,
        ended: Promise.resolve(),
        stop: () => reader.cancel(),
      };
      const decoder = new TextDecoder();
      received.ended = (async () => {
        let buffered = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            const atMs = performance.now();
            buffered += decoder.decode(value, { stream: true });
            let end: number;
            while ((end = buffered.indexOf('\n\n')) >= 0) {
              const data = buffered.slice(0, end).replace(/^data: /, '');
              buffered = buffered.slice(end + 2);
              if (data === '[DONE]') received.done = true;
              else {
                const event = JSON.parse(data) as {
                  error?: unknown;
                  choices?: { delta: { content?: string | null } }[];
                };
                if (event.error) received.errorEvent = true;
                const text = event.choices?.[0]?.delta.content;
                if (text) received.pieces.push({ atMs, text });
              }
            }
          }
        } catch {
          // The server died: the stream stops where it is.
        }
      })();
      return received;
    }

    /** The 307's header: slots left for this caller, from the process's admission check (nothing is taken). */
    async function slotsLeft(server: ServeProcess, caller: Caller): Promise<number> {
      const response = await fetch(`${server.urls.consumption!}/v1/chat/completions`, {
        method: 'POST',
        redirect: 'manual',
        headers: { authorization: `Bearer ${caller.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 4 }),
      });
      await response.arrayBuffer();
      return response.status === 307 ? Number(response.headers.get('x-ratelimit-remaining')) : 0;
    }

    const receiptOf = async (requestId: string) =>
      (await db('inference_requests')
        .where('id', requestId)
        .first(
          'status',
          'cost_status',
          'prompt_tokens',
          'completion_tokens',
          'cost_tokens',
          'reserved_tokens',
        )) as Record<string, string | number>;

    async function tokensAccount(caller: Caller): Promise<{ available: number; locked: number }> {
      const row = (await db('ledger_accounts')
        .where({ user_id: caller.userId, asset: tokensOf(instrumentId) })
        .first('available', 'locked')) as { available: number | string; locked: number | string };
      return { available: Number(row.available), locked: Number(row.locked) };
    }

    async function expectCleanAudit(): Promise<void> {
      const audit = await mkt(['admin', 'audit'], { DATABASE_URL: databaseUrl });
      expect(audit.code, audit.stdout + audit.stderr).to.equal(0);
    }

    before(async function () {
      this.timeout(60_000);
      databaseUrl = await freshDatabaseUrl(database);
      db = openDatabase(databaseUrl);
      await migrateLatest(db);
      upstream = await startPacedUpstream();
      instrumentId = ((await db('instruments').where('model_name', model).first('id')) as { id: string }).id;
      // The upstream is paced to keep streams running, not to be judged: its instrument allows its 20 tokens a second
      // (issue 31: an answer slower than its instrument's guarantees is out of spec and not billed).
      await db('instruments').where('id', instrumentId).update({ token_throughput: 5 });
      const supplier = await createUser(db, systemClock, {
        email: 'crash-supplier@example.com',
        verified: true,
        acceptTerms: true,
        mode: 'advanced',
      });
      await registerSupplier(
        { db, clock: systemClock },
        { userId: supplier.id, instruments: [instrumentId], baseUrl: upstream.url, model: 'sim', simulated: false },
      );
    });

    after(async () => {
      for (const server of servers) {
        server.child.kill('SIGCONT'); // a test that failed while a process was frozen
        server.child.kill('SIGTERM');
      }
      await Promise.all(servers.map((s) => s.exited));
      await upstream?.close();
      await db?.destroy();
    });

    it('after kill -9 mid-stream, a restarted process frees the slots within 10 s and bills each stream by what it delivered', async () => {
      const caller = await newCaller();
      const before = await tokensAccount(caller);
      const first = await serve();
      const streams = await Promise.all([0, 1, 2].map(() => stream(first, caller, 4000)));
      const refused = await infer(first, caller, { max_tokens: 4 });
      expect(refused.status).to.equal(429); // all three slots are taken
      await refused.arrayBuffer();
      // Enough output that the recordings (at least once a second) have something to show.
      await poll('every stream delivering', 60_000, async () =>
        streams.every((s) => textTokens(textOf(s)) >= 4 * tokensPerSecond) ? true : undefined,
      );

      const killedAtMs = performance.now();
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(streams.map((s) => s.ended));
      for (const s of streams)
        expect(s.done || s.errorEvent, 'a stream cut by the crash has no clean end').to.equal(false);

      const second = await serve();
      const readyAtMs = performance.now();
      await poll('all three slots usable', 60_000, async () =>
        (await slotsLeft(second, caller)) === 3 ? true : undefined,
      );
      const usableAfterMs = performance.now() - readyAtMs;
      console.log(
        `      [${database}] slots usable ${Math.round(usableAfterMs)} ms after the restarted process was ready (${Math.round(performance.now() - killedAtMs)} ms after the kill)`,
      );
      expect(usableAfterMs).to.be.below(usableWithinMs);
      // Usable indeed: three requests at once are all admitted.
      const replies = await Promise.all([0, 1, 2].map(() => infer(second, caller, { max_tokens: 4 })));
      expect(replies.map((r) => r.status)).to.deep.equal([200, 200, 200]);
      const answered = await Promise.all(replies.map(async (r) => receiptOf(r.headers.get('x-mkt-request-id')!)));
      await Promise.all(replies.map((r) => r.arrayBuffer()));

      let charged = 0;
      for (const s of streams) {
        const receipt = await receiptOf(s.requestId);
        const deliveredTokens = textTokens(textOf(s));
        const surelyRecordedTokens = textTokens(textOf(s, killedAtMs - recordedBeforeKillMs));
        console.log(
          `      [${database}] ${s.requestId}: client received ${deliveredTokens} tokens, billed ${receipt.completion_tokens} (received ${recordedBeforeKillMs} ms before the kill: ${surelyRecordedTokens})`,
        );
        expect(receipt).to.include({ status: 'cancelled', cost_status: 'settled' });
        // Billed: what was delivered and recorded — never more than the client received, and no
        // less than what it had received a recording interval (with a busy machine's margin) before the kill.
        expect(Number(receipt.completion_tokens))
          .to.be.at.most(deliveredTokens)
          .and.at.least(Math.max(1, surelyRecordedTokens));
        // The prompt is billed as a finished request's would be.
        expect(Number(receipt.prompt_tokens)).to.be.greaterThan(0);
        expect(Number(receipt.cost_tokens)).to.equal(Number(receipt.prompt_tokens) + Number(receipt.completion_tokens));
        expect(Number(receipt.cost_tokens)).to.be.below(Number(receipt.reserved_tokens));
        charged += Number(receipt.cost_tokens);
      }
      for (const receipt of answered) charged += Number(receipt.cost_tokens);
      // Every reservation released; the tokens gone are exactly the ones billed.
      const after = await tokensAccount(caller);
      expect(after.locked).to.equal(0);
      expect(before.available - after.available).to.equal(charged);
      expect(
        Number(
          (
            (await db('inference_slots').where('user_id', caller.userId).count({ n: '*' }).first()) as {
              n: number | string;
            }
          ).n,
        ),
      ).to.equal(0);
      await expectCleanAudit();
    });

    it('never sweeps the long requests of a live process (streamed and whole), while it settles those of a killed one at once', async () => {
      // The live requests below outlast three leases: only renewal keeps them.
      const env = shortLease;
      const caller = await newCaller();
      const live = await serve(env);
      const doomed = await serve(env);
      const liveTokens = 10 * tokensPerSecond; // 10 s each
      const liveStream = await stream(live, caller, liveTokens);
      const liveWhole = infer(live, caller, { max_tokens: liveTokens });
      const orphan = await stream(doomed, caller, 4000);
      await poll('the doomed stream delivering', 60_000, async () =>
        textTokens(textOf(orphan)) >= 2 * tokensPerSecond ? true : undefined,
      );
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      await orphan.ended;

      // A newcomer starts sweeping at once. The live process sweeps every 2 s too, its own
      // requests included should their leases lapse: only renewal keeps them.
      await serve(env);
      const swept = await poll("the killed process's request settled", usableWithinMs, async () => {
        const receipt = await receiptOf(orphan.requestId);
        return receipt.status === 'in_progress' ? undefined : receipt;
      });
      expect(swept).to.include({ status: 'cancelled', cost_status: 'settled' });
      expect(Number(swept.completion_tokens))
        .to.be.greaterThan(0)
        .and.at.most(textTokens(textOf(orphan)));

      const whole = await liveWhole;
      expect(whole.status).to.equal(200);
      const wholeBody = (await whole.json()) as { usage: { completion_tokens: number } };
      await liveStream.ended;
      expect(liveStream.done, 'the live stream ends cleanly').to.equal(true);
      expect(liveStream.errorEvent).to.equal(false);
      // Both ran to their end and were billed in full, once.
      const streamed = await receiptOf(liveStream.requestId);
      expect(streamed).to.include({ status: 'succeeded', cost_status: 'settled' });
      expect(Number(streamed.completion_tokens))
        .to.equal(textTokens(textOf(liveStream)))
        .and.be.at.least(liveTokens / 2);
      expect(Number(streamed.cost_tokens)).to.equal(
        Number(streamed.prompt_tokens) + Number(streamed.completion_tokens),
      );
      const answered = await receiptOf(whole.headers.get('x-mkt-request-id')!);
      expect(answered).to.include({ status: 'succeeded', cost_status: 'settled' });
      expect(Number(answered.completion_tokens))
        .to.equal(wholeBody.usage.completion_tokens)
        .and.equal(Number(streamed.completion_tokens));

      expect((await tokensAccount(caller)).locked).to.equal(0);
      await expectCleanAudit();
    });

    it('settles the requests of a frozen process once their leases run out, and the process delivers nothing more when it wakes', async () => {
      // A frozen process (SIGSTOP: a long pause, a stalled machine) still holds its liveness lock,
      // so only its lease can free the slot.
      const env = shortLease;
      const caller = await newCaller();
      const frozen = await serve(env);
      await serve(env); // sweeps every 2 s
      const stalled = await stream(frozen, caller, 4000);
      await poll('the stream delivering', 60_000, async () =>
        textTokens(textOf(stalled)) >= 2 * tokensPerSecond ? true : undefined,
      );
      // An answer awaited whole, which the upstream gives (in 2 s) while the process is frozen.
      const awaited = infer(frozen, caller, { max_tokens: 2 * tokensPerSecond });
      await poll(
        'the whole request admitted',
        30_000,
        async () =>
          (await db('inference_requests').where({ user_id: caller.userId, stream: false }).first('id')) as
            { id: string } | undefined,
      );
      frozen.child.kill('SIGSTOP');
      const frozenAtMs = performance.now();
      const swept = await poll("the frozen process's request settled", 30_000, async () => {
        const receipt = await receiptOf(stalled.requestId);
        return receipt.status === 'in_progress' ? undefined : receipt;
      });
      const sweptAfterMs = performance.now() - frozenAtMs;
      const receivedBeforeWaking = textOf(stalled);
      await poll('the whole answer ready upstream', 30_000, async () =>
        performance.now() - frozenAtMs > 4_000 ? true : undefined,
      );
      frozen.child.kill('SIGCONT');
      await stalled.ended;
      console.log(
        `      [${database}] frozen stream settled ${Math.round(sweptAfterMs)} ms into the freeze (lease ${shortLease.MKT_INFERENCE_LEASE_MS} ms): received ${textTokens(receivedBeforeWaking)} tokens, billed ${swept.completion_tokens}`,
      );
      // By its lease: the frozen process was not taken for dead (its row stays registered).
      expect(await db('inference_processes').where('pid', frozen.child.pid!).first('id')).to.not.equal(undefined);
      expect(swept).to.include({ status: 'cancelled', cost_status: 'settled' });
      expect(Number(swept.completion_tokens)).to.be.greaterThan(0).and.at.most(textTokens(receivedBeforeWaking));
      // Awake, the process found its slot gone: not one more token, and no clean end.
      expect(textOf(stalled)).to.equal(receivedBeforeWaking);
      expect(stalled.done).to.equal(false);
      expect((await receiptOf(stalled.requestId)).completion_tokens).to.equal(swept.completion_tokens);
      // The whole answer, swept unbilled while awaited, is not given either.
      const whole = await awaited;
      const wholeBody = (await whole.json()) as { errors?: { code: string } };
      console.log(`      [${database}] the whole answer after waking: ${whole.status} ${wholeBody.errors?.code}`);
      expect(whole.status, JSON.stringify(wholeBody)).to.equal(503);
      expect(await receiptOf(whole.headers.get('x-mkt-request-id')!)).to.include({
        status: 'failed',
        cost_status: 'not_billed',
      });
      expect((await tokensAccount(caller)).locked).to.equal(0);
      await expectCleanAudit();
    });

    if (database === 'postgres') {
      it('a process whose liveness lock connection is cut takes its lock again, and what a sweep took meanwhile is billed once', async () => {
        const env = shortLease;
        const caller = await newCaller();
        const shaky = await serve(env);
        await serve(env); // sweeps every 2 s: it may see the lock free for a moment
        const running = await stream(shaky, caller, 4000);
        await poll('the stream delivering', 60_000, async () =>
          textTokens(textOf(running)) >= tokensPerSecond ? true : undefined,
        );
        const processRow = (await db('inference_processes').where('pid', shaky.child.pid!).first('id', 'lock_key')) as {
          id: string;
          lock_key: number;
        };
        const lockHeld = async () =>
          Number(
            (
              (await db.raw(
                `select count(*) as n from pg_locks where locktype = 'advisory' and objsubid = 2 and granted and objid::bigint = ? ` +
                  `and database = (select oid from pg_database where datname = current_database())`,
                [processRow.lock_key],
              )) as { rows: { n: number }[] }
            ).rows[0]!.n,
          ) === 1;
        expect(await lockHeld()).to.equal(true);
        await db.raw(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()',
          [`mkt ${processRow.id}`],
        );
        const cutAtMs = performance.now();
        await poll('the lock taken again, and the process registered', 30_000, async () =>
          (await lockHeld()) && (await db('inference_processes').where('id', processRow.id).first('id'))
            ? true
            : undefined,
        );
        console.log(
          `      [${database}] lock taken again ${Math.round(performance.now() - cutAtMs)} ms after its connection was cut`,
        );
        // Whether or not a sweep caught the moment, the stream is served or stopped — never both.
        await sleep(3_000);
        const receipt = await receiptOf(running.requestId);
        console.log(
          `      [${database}] while the lock was being taken again, the stream was ${receipt.status === 'in_progress' ? 'left alone' : 'swept'}`,
        );
        if (receipt.status === 'in_progress') expect(running.errorEvent || running.done).to.equal(false);
        else {
          expect(receipt).to.include({ status: 'cancelled', cost_status: 'settled' });
          await running.ended;
          expect(running.done).to.equal(false);
          expect(Number(receipt.completion_tokens)).to.be.at.most(textTokens(textOf(running)));
        }
        // The process serves on, and its new requests outlive leases as before.
        const after = await infer(shaky, caller, { max_tokens: 3 * tokensPerSecond });
        expect(after.status).to.equal(200);
        await after.arrayBuffer();
        expect(await receiptOf(after.headers.get('x-mkt-request-id')!)).to.include({
          status: 'succeeded',
          cost_status: 'settled',
        });
        await running.stop();
        await poll('the hung-up stream settled', 30_000, async () =>
          (await receiptOf(running.requestId)).status === 'in_progress' ? undefined : true,
        );
        expect((await tokensAccount(caller)).locked).to.equal(0);
        await expectCleanAudit();
      });
    }
  });
}
