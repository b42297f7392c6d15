import { expect } from 'chai';
import { costUnitsMicros, parseTimeBound } from '../../src/consumption/usage.js';
import { createApiKey } from '../../src/core/identity.js';
import { createTestUser, type TestUser } from '../support/fixtures.js';
import { describeEachDatabase, type TestEnvironment } from '../support/service.js';

const usPerDay = 86_400_000_000;
const usOf = (iso: string) => Date.parse(iso) * 1000;

interface ReceiptSeed {
  id: string;
  user_id: string;
  api_key_id: string;
  model: string;
  instrument_id: string;
  endpoint: 'chat.completions' | 'responses' | 'messages';
  stream?: boolean;
  status: string;
  prompt_tokens?: number;
  completion_tokens?: number;
  reasoning_tokens?: number;
  reserved_tokens?: number;
  time_to_first_token_ms?: number | null;
  tokens_per_second?: number | null;
  duration_ms?: number | null;
  cost_tokens?: number;
  cost_usd_micros?: number;
  cost_status: string;
  supplier_attempts?: number;
  supplier_user_id?: string | null;
  consumption_account_id?: string | null;
  created_at_us: number;
  completed_at_us?: number | null;
}

async function insertReceipts(env: TestEnvironment, seeds: ReceiptSeed[]): Promise<void> {
  const rows = seeds.map((seed) => ({
    stream: false,
    prompt_tokens: 0,
    completion_tokens: 0,
    reasoning_tokens: 0,
    reserved_tokens: 1000,
    time_to_first_token_ms: null,
    tokens_per_second: null,
    duration_ms: null,
    cost_tokens: 0,
    cost_usd_micros: 0,
    supplier_attempts: 1,
    supplier_user_id: null,
    consumption_account_id: null,
    completed_at_us: seed.status === 'in_progress' ? null : seed.created_at_us + 1_000_000,
    ...seed,
  }));
  await env.service.services.db('inference_requests').insert(rows);
}

async function instrumentIdOf(env: TestEnvironment, modelName: string): Promise<string> {
  const row = (await env.service.services.db('instruments').where({ model_name: modelName }).first('id')) as {
    id: string;
  };
  return row.id;
}

const ids = (body: { data: { request_id: string }[] }) => body.data.map((r) => r.request_id);

describe('consumption: usage cost and time bounds', () => {
  it('turns tokens into micro-Units rounding half up, in integers', () => {
    const table: [costTokens: number, tokensPerUnit: number, micros: number][] = [
      [600, 1_000_000, 600],
      [0, 1_000_000, 0],
      [1, 3, 333_333],
      [2, 3, 666_667],
      [1, 2_000_000, 1], // exactly half → up
      [1, 8_000_000, 0], // 0.125 → down
      [9_007_199_254, 1, 9_007_199_254_000_000],
    ];
    for (const [costTokens, tokensPerUnit, micros] of table)
      expect(costUnitsMicros(costTokens, tokensPerUnit), `${costTokens}/${tokensPerUnit}`).to.equal(micros);
  });

  it('reads a TimeBound as ISO 8601 (UTC unless an offset says otherwise) or Unix seconds', () => {
    const table: [text: string, us: number | null][] = [
      ['2026-11-01', usOf('2026-11-01T00:00:00Z')],
      ['2026-11-01T10:15', usOf('2026-11-01T10:15:00Z')],
      ['2026-11-01T10:15:30', usOf('2026-11-01T10:15:30Z')],
      ['2026-11-01 10:15:30Z', usOf('2026-11-01T10:15:30Z')],
      ['2026-11-01t10:15:30z', usOf('2026-11-01T10:15:30Z')],
      ['2026-11-01T10:15:30.1234567Z', usOf('2026-11-01T10:15:30Z') + 123_456],
      ['2026-11-01T10:15:30+02:00', usOf('2026-11-01T08:15:30Z')],
      ['2026-11-01T10:15:30-0130', usOf('2026-11-01T11:45:30Z')],
      ['2024-02-29', usOf('2024-02-29T00:00:00Z')],
      ['1795342530', 1_795_342_530_000_000],
      ['0', 0],
      ['1960-01-01', 0], // nothing is older than the epoch
      ['999999999999', Number.MAX_SAFE_INTEGER],
      ['2026-02-29', null],
      ['2026-13-01', null],
      ['2026-04-31', null],
      ['2026-11-01T24:00:00Z', null],
      ['2026-11-01T10:60Z', null],
      ['2026-11-01T10:15:30+24:00', null],
      ['yesterday', null],
    ];
    for (const [text, us] of table) expect(parseTimeBound(text), text).to.equal(us);
  });
});

describeEachDatabase('consumption: usage', (env) => {
  let alice: TestUser;
  let aliceSecondKeyId: string;
  let bob: TestUser;
  let textStandard: string;
  let codePrime: string;

  before(async () => {
    const { services } = env().service;
    alice = await createTestUser(services);
    bob = await createTestUser(services);
    aliceSecondKeyId = (await createApiKey(services.db, services.clock, alice.userId, 'second key')).row.id;
    textStandard = await instrumentIdOf(env(), 'text-standard');
    codePrime = await instrumentIdOf(env(), 'code-prime');
    const a = { user_id: alice.userId, api_key_id: alice.apiKeyId };
    const a2 = { user_id: alice.userId, api_key_id: aliceSecondKeyId };
    await insertReceipts(env(), [
      // Alice, over four UTC days (2026-11-19 … 2026-11-22).
      {
        id: 'req_a1',
        ...a,
        model: 'text-standard',
        instrument_id: textStandard,
        endpoint: 'chat.completions',
        status: 'succeeded',
        prompt_tokens: 412,
        completion_tokens: 188,
        reserved_tokens: 4508,
        time_to_first_token_ms: 312,
        tokens_per_second: 84.2,
        duration_ms: 2545,
        cost_tokens: 600,
        cost_usd_micros: 270,
        cost_status: 'settled',
        supplier_user_id: bob.userId,
        consumption_account_id: 'consumption-secret',
        created_at_us: usOf('2026-11-20T10:15:30.120Z'),
        completed_at_us: usOf('2026-11-20T10:15:32.665Z'),
      },
      {
        id: 'req_a2',
        ...a2,
        model: 'code-prime',
        instrument_id: codePrime,
        endpoint: 'messages',
        stream: true,
        status: 'succeeded',
        prompt_tokens: 3120,
        completion_tokens: 905,
        reasoning_tokens: 240,
        reserved_tokens: 11312,
        cost_tokens: 4025,
        cost_usd_micros: 4025,
        cost_status: 'settled',
        supplier_attempts: 2,
        created_at_us: usOf('2026-11-20T12:00:00Z'),
      },
      {
        id: 'req_a3',
        ...a,
        model: 'code-prime',
        instrument_id: codePrime,
        endpoint: 'responses',
        stream: true,
        status: 'in_progress',
        reserved_tokens: 9000,
        cost_tokens: 9000,
        cost_usd_micros: 4050,
        cost_status: 'reserved',
        supplier_attempts: 1,
        created_at_us: usOf('2026-11-21T08:00:00Z'),
      },
      {
        id: 'req_a4',
        ...a2,
        model: 'text-standard',
        instrument_id: textStandard,
        endpoint: 'chat.completions',
        status: 'failed',
        prompt_tokens: 50,
        cost_tokens: 700,
        cost_usd_micros: 300,
        cost_status: 'not_billed',
        created_at_us: usOf('2026-11-21T09:00:00Z'),
      },
      {
        id: 'req_a5',
        ...a,
        model: 'text-latest',
        instrument_id: textStandard,
        endpoint: 'responses',
        status: 'out_of_spec',
        prompt_tokens: 50,
        cost_tokens: 80,
        cost_usd_micros: 40,
        cost_status: 'not_billed',
        created_at_us: usOf('2026-11-22T00:00:00Z'),
      },
      {
        id: 'req_a6',
        ...a,
        model: 'code-prime',
        instrument_id: codePrime,
        endpoint: 'messages',
        status: 'cancelled',
        prompt_tokens: 100,
        completion_tokens: 20,
        cost_tokens: 120,
        cost_usd_micros: 60,
        cost_status: 'settled',
        created_at_us: usOf('2026-11-19T23:59:59.999999Z'),
      },
      // Bob: never visible to Alice.
      {
        id: 'req_b1',
        user_id: bob.userId,
        api_key_id: bob.apiKeyId,
        model: 'text-standard',
        instrument_id: textStandard,
        endpoint: 'chat.completions',
        status: 'succeeded',
        prompt_tokens: 10,
        completion_tokens: 10,
        cost_tokens: 20,
        cost_usd_micros: 9,
        cost_status: 'settled',
        created_at_us: usOf('2026-11-20T11:00:00Z'),
      },
    ]);
  });

  const get = (path: string, query?: Record<string, string | number>, user: TestUser = alice) =>
    env().consumption.get(path, { bearer: user.apiKey, ...(query ? { query } : {}) });

  describe('GET /v1/usage/{request_id}', () => {
    it('shows a settled receipt with every field, costs as 6-decimal strings, no supplier', async () => {
      const reply = await get('/v1/usage/req_a1');
      expect(reply.status).to.equal(200);
      expect(reply.headers.get('x-mkt-request-id')).to.match(/^req_/);
      expect(reply.body.data).to.deep.equal({
        request_id: 'req_a1',
        object: 'usage.receipt',
        api_key_id: alice.apiKeyId,
        model: 'text-standard',
        instrument_id: textStandard,
        endpoint: 'chat.completions',
        stream: false,
        status: 'succeeded',
        prompt_tokens: 412,
        completion_tokens: 188,
        reasoning_tokens: 0,
        total_tokens: 600,
        reserved_tokens: 4508,
        time_to_first_token_ms: 312,
        tokens_per_second: 84.2,
        duration_ms: 2545,
        cost_units: '0.000600',
        cost_usd: '0.000270',
        cost_status: 'settled',
        supplier_attempts: 1,
        spec_breaches: [],
        tool_call_errors: [],
        created_at: '2026-11-20T10:15:30.120000Z',
        completed_at: '2026-11-20T10:15:32.665000Z',
      });
      expect(reply.text).not.to.include(bob.userId);
      expect(reply.text).not.to.include('consumption-secret');
    });

    it('shows a receipt made with another key of the same user', async () => {
      const reply = await get('/v1/usage/req_a2');
      expect(reply.body.data).to.deep.include({
        api_key_id: aliceSecondKeyId,
        stream: true,
        reasoning_tokens: 240,
        total_tokens: 4025,
        cost_units: '0.004025',
        supplier_attempts: 2,
      });
    });

    it('shows the reservation of a request in progress, and zero cost when not billed', async () => {
      const running = await get('/v1/usage/req_a3');
      expect(running.body.data).to.deep.include({
        status: 'in_progress',
        cost_status: 'reserved',
        cost_units: '0.009000',
        cost_usd: '0.004050',
        completed_at: null,
        duration_ms: null,
        time_to_first_token_ms: null,
        tokens_per_second: null,
      });
      const failed = await get('/v1/usage/req_a4');
      expect(failed.body.data).to.deep.include({
        status: 'failed',
        cost_status: 'not_billed',
        cost_units: '0.000000',
        cost_usd: '0.000000',
        total_tokens: 50,
      });
    });

    it("is 404 not_found for another user's receipt and for an unknown id", async () => {
      for (const [id, user] of [
        ['req_b1', alice],
        ['req_a1', bob],
        ['req_nope', alice],
      ] as const) {
        const reply = await get(`/v1/usage/${id}`, undefined, user);
        expect(reply.status, id).to.equal(404);
        expect(reply.body.errors.code).to.equal('not_found');
        expect(reply.body.errors.detail).to.include(id);
      }
    });

    it('is 401 without a consumption key', async () => {
      const reply = await env().consumption.get('/v1/usage/req_a1');
      expect(reply.status).to.equal(401);
    });
  });

  describe('GET /v1/usage', () => {
    it("lists only the caller's receipts, oldest first by default", async () => {
      const reply = await get('/v1/usage');
      expect(reply.status).to.equal(200);
      expect(ids(reply.body)).to.deep.equal(['req_a6', 'req_a1', 'req_a2', 'req_a3', 'req_a4', 'req_a5']);
      expect(reply.body.paging).to.deep.equal({ has_more: false, next_cursor: null, prev_cursor: null });
      expect(ids(await get('/v1/usage', undefined, bob).then((r) => r.body))).to.deep.equal(['req_b1']);
    });

    it('applies every filter', async () => {
      const table: [query: Record<string, string>, expected: string[]][] = [
        [{ model: 'code-prime' }, ['req_a6', 'req_a2', 'req_a3']],
        [{ model: 'text-latest' }, ['req_a5']],
        [{ model: 'text' }, []],
        [{ api_key_id: aliceSecondKeyId }, ['req_a2', 'req_a4']],
        [{ api_key_id: bob.apiKeyId }, []],
        [{ status: 'in_progress' }, ['req_a3']],
        [{ status: 'succeeded' }, ['req_a1', 'req_a2']],
        [{ status: 'cancelled' }, ['req_a6']],
        [{ endpoint: 'messages' }, ['req_a6', 'req_a2']],
        [{ endpoint: 'responses' }, ['req_a3', 'req_a5']],
        [{ from: '2026-11-20' }, ['req_a1', 'req_a2', 'req_a3', 'req_a4', 'req_a5']],
        [{ to: '2026-11-20' }, ['req_a6']],
        [{ from: '2026-11-20T10:15:30.12Z', to: '2026-11-21T08:00:00Z' }, ['req_a1', 'req_a2']],
        [
          { from: '2026-11-21T09:00:00+01:00', to: String(usOf('2026-11-22T00:00:00Z') / 1_000_000) },
          ['req_a3', 'req_a4'],
        ],
        [{ from: '2026-11-22', to: '2026-11-22' }, []],
        [{ model: 'code-prime', endpoint: 'messages', status: 'succeeded' }, ['req_a2']],
      ];
      for (const [query, expected] of table) {
        const reply = await get('/v1/usage', query);
        expect(reply.status, JSON.stringify(query)).to.equal(200);
        expect(ids(reply.body), JSON.stringify(query)).to.deep.equal(expected);
      }
    });

    it('sorts by created_at, total_tokens or cost, both ways, ties by request_id', async () => {
      const table: [orderBy: string, ascending: string[]][] = [
        ['created_at', ['req_a6', 'req_a1', 'req_a2', 'req_a3', 'req_a4', 'req_a5']],
        // a3 in progress has 0 tokens so far; a4 and a5 tie at 50.
        ['total_tokens', ['req_a3', 'req_a4', 'req_a5', 'req_a6', 'req_a1', 'req_a2']],
        // not billed costs 0 (a4, a5 tie); in progress costs its reservation.
        ['cost', ['req_a4', 'req_a5', 'req_a6', 'req_a1', 'req_a2', 'req_a3']],
      ];
      for (const [orderBy, ascending] of table) {
        const up = await get('/v1/usage', { order_by: orderBy, order_direction: 'asc' });
        expect(ids(up.body), `${orderBy} asc`).to.deep.equal(ascending);
        const down = await get('/v1/usage', { order_by: orderBy, order_direction: 'desc' });
        expect(ids(down.body), `${orderBy} desc`).to.deep.equal([...ascending].reverse());
      }
    });

    for (const [orderBy, direction, expected] of [
      ['created_at', 'asc', ['req_a6', 'req_a1', 'req_a2', 'req_a3', 'req_a4', 'req_a5']],
      ['cost', 'desc', ['req_a3', 'req_a2', 'req_a1', 'req_a6', 'req_a5', 'req_a4']],
      ['total_tokens', 'asc', ['req_a3', 'req_a4', 'req_a5', 'req_a6', 'req_a1', 'req_a2']],
    ] as const) {
      it(`pages forward and back with cursors (order_by=${orderBy}&order_direction=${direction})`, async () => {
        const sort = { order_by: orderBy, order_direction: direction, limit: 2 };
        const pages: string[][] = [];
        let reply = await get('/v1/usage', sort);
        pages.push(ids(reply.body));
        expect(reply.body.paging).to.include({ has_more: true, prev_cursor: null });
        while (reply.body.paging.next_cursor !== null) {
          reply = await get('/v1/usage', { ...sort, next: reply.body.paging.next_cursor });
          expect(reply.status).to.equal(200);
          pages.push(ids(reply.body));
        }
        expect(pages).to.deep.equal([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4, 6)]);
        expect(reply.body.paging.has_more).to.equal(false);

        const back = await get('/v1/usage', { ...sort, prev: reply.body.paging.prev_cursor });
        expect(ids(back.body)).to.deep.equal(expected.slice(2, 4));
        expect(back.body.paging.has_more).to.equal(true);
        const first = await get('/v1/usage', { ...sort, prev: back.body.paging.prev_cursor });
        expect(ids(first.body)).to.deep.equal(expected.slice(0, 2));
        expect(first.body.paging).to.include({ has_more: false, prev_cursor: null });
        const again = await get('/v1/usage', { ...sort, next: first.body.paging.next_cursor });
        expect(ids(again.body)).to.deep.equal(expected.slice(2, 4));
      });
    }

    it('keeps filters while paging', async () => {
      const first = await get('/v1/usage', { model: 'code-prime', limit: 1, order_direction: 'desc' });
      expect(ids(first.body)).to.deep.equal(['req_a3']);
      const second = await get('/v1/usage', {
        model: 'code-prime',
        limit: 1,
        order_direction: 'desc',
        next: first.body.paging.next_cursor,
      });
      expect(ids(second.body)).to.deep.equal(['req_a2']);
    });

    it('refuses bad parameters with 422 in the error envelope', async () => {
      const cursor = (await get('/v1/usage', { limit: 1 })).body.paging.next_cursor as string;
      const table: [query: Record<string, string | number>, code: string][] = [
        [{ status: 'done' }, 'validation_error'],
        [{ endpoint: 'completions' }, 'validation_error'],
        [{ order_by: 'price' }, 'validation_error'],
        [{ order_direction: 'up' }, 'validation_error'],
        [{ limit: 0 }, 'validation_error'],
        [{ limit: 101 }, 'validation_error'],
        [{ from: 'yesterday' }, 'validation_error'],
        [{ from: '2026-02-30' }, 'validation_error'],
        [{ to: '2026-11-01T25:00:00Z' }, 'validation_error'],
        [{ from: '2026-11-21', to: '2026-11-20' }, 'validation_error'],
        [{ next: cursor, prev: cursor }, 'validation_error'],
        [{ next: 'not-a-cursor' }, 'invalid_cursor'],
        [{ next: cursor, order_by: 'cost' }, 'invalid_cursor'],
        [{ next: cursor, order_direction: 'desc' }, 'invalid_cursor'],
      ];
      for (const [query, code] of table) {
        const reply = await get('/v1/usage', query);
        expect(reply.status, JSON.stringify(query)).to.equal(422);
        expect(reply.body.errors.code, JSON.stringify(query)).to.equal(code);
      }
      const backwards = await get('/v1/usage', { from: '2026-11-21', to: '2026-11-20' });
      expect(backwards.body.errors.context.errors).to.deep.equal([
        { path: 'query.to', message: 'must not be before query.from', value: '2026-11-20' },
      ]);
    });
  });

  describe('GET /v1/usage/summary', () => {
    const window = { from: '2026-11-01', to: '2026-12-01' };
    const zero = '0.000000';

    it('groups by UTC day, omitting days without requests', async () => {
      const reply = await get('/v1/usage/summary', { group_by: 'day', ...window });
      expect(reply.status).to.equal(200);
      expect(reply.body.data).to.deep.equal({
        group_by: 'day',
        from: '2026-11-01T00:00:00.000000Z',
        to: '2026-12-01T00:00:00.000000Z',
        groups: [
          {
            key: '2026-11-19',
            requests: 1,
            prompt_tokens: 100,
            completion_tokens: 20,
            reasoning_tokens: 0,
            total_tokens: 120,
            cost_units: '0.000120',
            cost_usd: '0.000060',
          },
          {
            key: '2026-11-20',
            requests: 2,
            prompt_tokens: 3532,
            completion_tokens: 1093,
            reasoning_tokens: 240,
            total_tokens: 4625,
            cost_units: '0.004625',
            cost_usd: '0.004295',
          },
          {
            key: '2026-11-21',
            requests: 2,
            prompt_tokens: 50,
            completion_tokens: 0,
            reasoning_tokens: 0,
            total_tokens: 50,
            cost_units: '0.009000',
            cost_usd: '0.004050',
          },
          {
            key: '2026-11-22',
            requests: 1,
            prompt_tokens: 50,
            completion_tokens: 0,
            reasoning_tokens: 0,
            total_tokens: 50,
            cost_units: zero,
            cost_usd: zero,
          },
        ],
        totals: {
          requests: 6,
          prompt_tokens: 3732,
          completion_tokens: 1113,
          reasoning_tokens: 240,
          total_tokens: 4845,
          cost_units: '0.013745',
          cost_usd: '0.008405',
        },
      });
    });

    it('groups by model as requested, and by API key', async () => {
      const byModel = await get('/v1/usage/summary', { group_by: 'model', ...window });
      expect(
        byModel.body.data.groups.map((g: { key: string; requests: number; cost_usd: string }) => [
          g.key,
          g.requests,
          g.cost_usd,
        ]),
      ).to.deep.equal([
        ['code-prime', 3, '0.008135'],
        ['text-latest', 1, zero],
        ['text-standard', 2, '0.000270'],
      ]);
      const byKey = await get('/v1/usage/summary', { group_by: 'api_key', ...window });
      const expected = [
        [alice.apiKeyId, 4, 770, '0.009720'],
        [aliceSecondKeyId, 2, 4075, '0.004025'],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
      expect(
        byKey.body.data.groups.map((g: { key: string; requests: number; total_tokens: number; cost_units: string }) => [
          g.key,
          g.requests,
          g.total_tokens,
          g.cost_units,
        ]),
      ).to.deep.equal(expected);
      for (const reply of [byModel, byKey])
        expect(reply.body.data.totals).to.deep.include({
          requests: 6,
          total_tokens: 4845,
          cost_units: '0.013745',
          cost_usd: '0.008405',
        });
    });

    it('bounds the window: from inclusive, to exclusive, Unix seconds or ISO', async () => {
      const reply = await get('/v1/usage/summary', {
        group_by: 'day',
        from: '2026-11-20T10:15:30.120Z',
        to: String(usOf('2026-11-22T00:00:00Z') / 1_000_000),
      });
      expect(reply.body.data.groups.map((g: { key: string; requests: number }) => [g.key, g.requests])).to.deep.equal([
        ['2026-11-20', 2],
        ['2026-11-21', 2],
      ]);
      expect(reply.body.data).to.include({ from: '2026-11-20T10:15:30.120000Z', to: '2026-11-22T00:00:00.000000Z' });
      const empty = await get('/v1/usage/summary', { group_by: 'model', from: '2026-10-01', to: '2026-10-01' });
      expect(empty.body.data.groups).to.deep.equal([]);
      expect(empty.body.data.totals).to.deep.equal({
        requests: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        reasoning_tokens: 0,
        total_tokens: 0,
        cost_units: zero,
        cost_usd: zero,
      });
      expect(ids(await get('/v1/usage', undefined, bob).then((r) => r.body))).to.deep.equal(['req_b1']);
      const bobs = await get('/v1/usage/summary', { group_by: 'api_key', ...window }, bob);
      expect(bobs.body.data.groups).to.deep.equal([
        {
          key: bob.apiKeyId,
          requests: 1,
          prompt_tokens: 10,
          completion_tokens: 10,
          reasoning_tokens: 0,
          total_tokens: 20,
          cost_units: '0.000020',
          cost_usd: '0.000009',
        },
      ]);
    });

    it('defaults to the 30 days up to now', async () => {
      const { services } = env().service;
      const carol = await createTestUser(services);
      const nowUs = services.clock.nowUs();
      const c = {
        user_id: carol.userId,
        api_key_id: carol.apiKeyId,
        model: 'text-standard',
        instrument_id: textStandard,
        endpoint: 'chat.completions' as const,
        status: 'succeeded',
        cost_status: 'settled',
      };
      await insertReceipts(env(), [
        { id: 'req_c_recent', ...c, prompt_tokens: 1, created_at_us: nowUs - usPerDay },
        { id: 'req_c_edge', ...c, prompt_tokens: 2, created_at_us: nowUs - 29 * usPerDay },
        { id: 'req_c_old', ...c, prompt_tokens: 4, created_at_us: nowUs - 31 * usPerDay },
        { id: 'req_c_future', ...c, prompt_tokens: 8, created_at_us: nowUs + usPerDay },
      ]);
      const reply = await get('/v1/usage/summary', { group_by: 'model' }, carol);
      expect(reply.body.data.totals).to.include({ requests: 2, prompt_tokens: 3 });
      const to = Date.parse(reply.body.data.to) * 1000;
      expect(to).to.be.within(nowUs, nowUs + 60_000_000);
      expect(Date.parse(reply.body.data.from) * 1000).to.equal(to - 30 * usPerDay);
      const fromOnly = await get(
        '/v1/usage/summary',
        { group_by: 'model', from: String(Math.floor((nowUs - 40 * usPerDay) / 1_000_000)) },
        carol,
      );
      expect(fromOnly.body.data.totals).to.include({ requests: 3, prompt_tokens: 7 });
      const toOnly = await get(
        '/v1/usage/summary',
        { group_by: 'model', to: String(Math.floor((nowUs + 2 * usPerDay) / 1_000_000)) },
        carol,
      );
      expect(toOnly.body.data.totals).to.include({ requests: 2, prompt_tokens: 9 }); // recent and future; edge is 29 days before now
    });

    it('sums per-receipt costs rounded half up when a Unit is not a whole number of millionths', async () => {
      const { services } = env().service;
      const dave = await createTestUser(services);
      const agentMax = await instrumentIdOf(env(), 'agent-max');
      const d = {
        user_id: dave.userId,
        api_key_id: dave.apiKeyId,
        model: 'agent-max',
        instrument_id: agentMax,
        endpoint: 'responses' as const,
        status: 'succeeded',
        cost_status: 'settled',
        created_at_us: usOf('2026-11-20T00:00:00Z'),
      };
      await insertReceipts(env(), [
        { id: 'req_d1', ...d, completion_tokens: 1, cost_tokens: 1 },
        { id: 'req_d2', ...d, completion_tokens: 2, cost_tokens: 2 },
      ]);
      const original = (await services.db('instruments').where({ id: agentMax }).first('tokens_per_unit')) as {
        tokens_per_unit: number;
      };
      await services.db('instruments').where({ id: agentMax }).update({ tokens_per_unit: 3 });
      try {
        const list = await get('/v1/usage', undefined, dave);
        expect(list.body.data.map((r: { cost_units: string }) => r.cost_units)).to.deep.equal(['0.333333', '0.666667']);
        const summary = await get('/v1/usage/summary', { group_by: 'day', ...window }, dave);
        expect(summary.body.data.totals.cost_units).to.equal('1.000000');
      } finally {
        await services.db('instruments').where({ id: agentMax }).update({ tokens_per_unit: original.tokens_per_unit });
      }
    });

    it('refuses bad parameters with 422 in the error envelope', async () => {
      const table: Record<string, string>[] = [
        {},
        { group_by: 'week' },
        { group_by: 'day', from: 'last month' },
        { group_by: 'day', from: '2026-11-31' },
        { group_by: 'day', from: '2026-11-21', to: '2026-11-20' },
        { group_by: 'day', from: '2999-01-01' },
      ];
      for (const query of table) {
        const reply = await get('/v1/usage/summary', query);
        expect(reply.status, JSON.stringify(query)).to.equal(422);
        expect(reply.body.errors.code, JSON.stringify(query)).to.equal('validation_error');
      }
    });
  });
});
