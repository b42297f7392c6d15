import { expect } from 'chai';
import type { Knex } from 'knex';
import OpenAI from 'openai';
import { instrumentSeeds } from '../../src/db/seed/instruments.js';
import { auditLedger } from '../../src/ledger/audit.js';
import { formatDecimal, usdScale } from '../../src/lib/money.js';
import { createTestUser, grantTokens, type TestUser } from '../support/fixtures.js';
import { marketOf } from '../support/market-fixtures.js';
import { describeEachDatabase, TestClock } from '../support/service.js';
import { fundUser, issueUnits } from '../support/trading-fixtures.js';

/**
 * Issue 32, item 2: the supplier's books (GET /v1/supply/earnings) against the journal and the receipts. A supplier
 * issues and sells Units of two instruments over two days of a test clock; a buyer's automatic transfers credit the
 * lots to it and the buyer consumes them through the gateway, answered by the supplier's simulated endpoint. Every
 * figure of every period (by day, week and month) is compared with sums read straight from the tables, and the ledger
 * audit stays clean.
 */
const seedOf = (modelName: string) => instrumentSeeds.find((s) => s.modelName === modelName)!;
const standard = seedOf('text-standard');
const prime = seedOf('text-prime');
const usPerDay = 86_400_000_000;
const usd = (micros: number) => formatDecimal(micros, usdScale);

/** Σ `expression` over the query's rows (0 for none); PostgreSQL answers sums as strings. */
const sum = async (query: Knex.QueryBuilder, expression: string): Promise<number> => {
  const [row] = await query.select(query.client.raw(`SUM(${expression}) AS total`));
  return Number(row?.total ?? 0);
};

/** The books of one instrument over [startUs, endUs), and the liability at `atUs`, from the tables alone. */
async function fromTables(db: Knex, supplierId: string, instrumentId: string, window: [number, number], atUs: number) {
  const [startUs, endUs] = window;
  const supplierPostings = (kind: string, accountKinds: string[], from: number, to: number) =>
    db('journal_postings as p')
      .join('journal_entries as e', 'e.id', 'p.entry_id')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .where({ 'e.kind': kind, 'a.user_id': supplierId, 'a.instrument_id': instrumentId })
      .whereIn('a.kind', accountKinds)
      .where('e.created_at_us', '>=', from)
      .where('e.created_at_us', '<', to);
  const issued = (from: number, to: number) =>
    sum(supplierPostings('issuance', ['issuance', 'trading'], from, to).where('p.amount', '>', 0), 'p.amount');
  const sold = async (from: number, to: number) =>
    0 - (await sum(supplierPostings('trade', ['trading'], from, to).where('p.amount', '<', 0), 'p.amount'));
  const sells = (from: number, to: number) =>
    db('trade_legs as l')
      .join('markets as m', 'm.id', 'l.market_id')
      .where({ 'l.user_id': supplierId, 'l.side': 'sell', 'm.instrument_id': instrumentId })
      .where('l.executed_at_us', '>=', from)
      .where('l.executed_at_us', '<', to);
  const served = (from: number, to: number) =>
    db('inference_requests')
      .where({ supplier_user_id: supplierId, cost_status: 'settled', instrument_id: instrumentId })
      .where('completed_at_us', '>=', from)
      .where('completed_at_us', '<', to);
  // The proceeds that reached the supplier's USD account: its postings in the entries of its sell fills.
  const net = await sum(
    db('journal_postings as p')
      .join('journal_entries as e', 'e.id', 'p.entry_id')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .where({ 'e.kind': 'trade', 'a.user_id': supplierId, 'a.kind': 'currency' })
      .whereIn('e.reference', sells(startUs, endUs).select('l.trade_id')),
    'p.amount',
  );
  const gross = (await sum(sells(startUs, endUs), 'l.price_ticks * l.quantity')) * 100;
  const fees = await sum(sells(startUs, endUs), 'l.fee_micros');
  expect(gross - fees, 'gross − fees of the trade legs = what the journal paid the supplier').to.equal(net);
  // Every lot the buyer holds came from the supplier: what it consumed went to system:consumed in settlement entries.
  const consumed = await sum(
    db('journal_postings as p')
      .join('journal_entries as e', 'e.id', 'p.entry_id')
      .join('ledger_accounts as a', 'a.id', 'p.account_id')
      .where({ 'e.kind': 'inference_settlement', 'a.kind': 'system', 'a.asset': `tokens:${instrumentId}` })
      .where('e.created_at_us', '>=', startUs)
      .where('e.created_at_us', '<', endUs),
    'p.amount',
  );
  const [servedCount] = await served(startUs, endUs).count({ n: '*' });
  const liability = Math.min(await issued(0, atUs + 1), await sold(0, atUs + 1)) * 1_000_000;
  const servedUpTo = await sum(served(0, atUs + 1), 'cost_tokens');
  return {
    units_issued: await issued(startUs, endUs),
    units_sold: await sold(startUs, endUs),
    tokens_consumed: consumed,
    tokens_served: await sum(served(startUs, endUs), 'cost_tokens'),
    requests_served: Number(servedCount?.n ?? 0),
    gross_proceeds: usd(gross),
    fees_paid: usd(fees),
    net_proceeds: usd(net),
    outstanding_liability: liability - Math.min(servedUpTo, liability),
  };
}

const isoUs = (iso: string): number => Date.parse(iso) * 1000 + Number(/\.\d{3}(\d{3})Z$/.exec(iso)?.[1] ?? 0);

describeEachDatabase(
  "trading: the supplier's books",
  (env) => {
    const services = () => env().service.services;
    const clock = () => {
      const running = services().clock;
      expect(running).to.be.instanceOf(TestClock);
      return running as TestClock;
    };
    const signedAt = () => Math.floor(services().clock.nowUs() / 1_000_000);
    let supplier: TestUser;
    let buyer: TestUser;
    let orderCount = 0;

    const order = async (user: TestUser, body: Record<string, unknown>) => {
      orderCount += 1;
      const reply = await env().trading.post('/v1/orders', {
        sign: user.signingKey,
        signedAt: signedAt(),
        body: { type: 'limit', client_order_id: `books-${orderCount}`, ...body },
      });
      expect(reply.status, reply.text).to.equal(201);
    };
    /** The supplier sells `quantity` to the buyer, whose Units go to its consumption account (a lot credited to it). */
    const sell = async (modelName: string, price: string, quantity: number) => {
      const market = await marketOf(services(), modelName);
      await order(supplier, { market_id: market.marketId, side: 'sell', price, quantity });
      await order(buyer, {
        market_id: market.marketId,
        side: 'buy',
        type: 'market',
        quantity,
        time_in_force: 'ioc',
        should_autotransfer: true,
      });
    };
    const consume = async (model: string, content: string) => {
      const openai = new OpenAI({ apiKey: buyer.apiKey, baseURL: `${env().consumption.baseUrl}/v1`, maxRetries: 0 });
      await openai.chat.completions.create({ model, messages: [{ role: 'user', content }], max_tokens: 16 });
    };
    const books = async (query: Record<string, string | number> = {}) => {
      const reply = await env().trading.get('/v1/supply/earnings', {
        sign: supplier.signingKey,
        signedAt: signedAt(),
        query,
      });
      expect(reply.status, reply.text).to.equal(200);
      return reply.body.data;
    };

    before(async () => {
      // 10:00 UTC of the next day, so that each day's activity stays inside that day however slow the machine.
      const nowUs = services().clock.nowUs();
      clock().advance(
        Math.ceil((Math.floor(nowUs / usPerDay) * usPerDay + usPerDay + 10 * 3_600_000_000 - nowUs) / 1000),
      );
      supplier = await createTestUser(services());
      buyer = await createTestUser(services());
      await fundUser(services(), buyer.userId, '50.00');
      // Day 1: 10 TEXT-STANDARD issued, 4 sold, two requests.
      await issueUnits(services(), supplier.userId, standard.instrumentId, 10);
      await sell('text-standard', '0.5000', 4);
      await consume('text-standard', 'hello');
      await consume('text-standard', 'hello again');
      // Day 2: the first lot expired unused in part; 6 TEXT-PRIME issued, 2 sold; 1 more TEXT-STANDARD sold.
      clock().advance(86_400_000);
      await issueUnits(services(), supplier.userId, prime.instrumentId, 6);
      await sell('text-prime', '1.2500', 2);
      await consume('text-prime', 'prime time');
      await sell('text-standard', '0.6000', 1);
      await consume('text-standard', 'and once more');
    });

    it('agrees with the journal and the receipts in every period, by day, week and month', async () => {
      const queries: Record<string, string | number>[] = [
        { period: 'day', periods: 3 },
        { period: 'week', periods: 2 },
        { period: 'month' },
      ];
      for (const query of queries) {
        const data = await books(query);
        expect(data.period).to.equal(query.period);
        expect(data.instruments.map((i: { instrument_symbol: string }) => i.instrument_symbol)).to.deep.equal([
          'TEXT-PRIME',
          'TEXT-STANDARD',
        ]);
        for (const instrument of data.instruments) {
          for (const row of instrument.periods) {
            const { period_start: start, period_end: end, outstanding_at: at, ...figures } = row;
            const expected = await fromTables(
              services().db,
              supplier.userId,
              instrument.instrument_id,
              [isoUs(start), isoUs(end)],
              isoUs(at),
            );
            expect(figures, `${instrument.instrument_symbol} ${query.period} from ${start}`).to.deep.equal(expected);
          }
          const range: [number, number] = [isoUs(data.from), isoUs(data.instruments[0].periods[0].period_end)];
          expect(instrument.totals).to.deep.equal(
            await fromTables(services().db, supplier.userId, instrument.instrument_id, range, isoUs(data.to)),
          );
        }
      }
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });

    it('shows each day apart: the sales and consumption of each, and the liability at its end', async () => {
      const { instruments, withdrawals, totals } = await books({ period: 'day', periods: 3 });
      const [primeBooks, standardBooks] = instruments;
      const [today, yesterday, before] = standardBooks.periods;
      expect(yesterday).to.deep.include({ units_issued: 10, units_sold: 4, gross_proceeds: '2.000000' });
      expect(yesterday.tokens_consumed).to.be.greaterThan(0).and.equal(yesterday.tokens_served);
      expect(yesterday.outstanding_at).to.equal(today.period_start);
      expect(today).to.deep.include({ units_issued: 0, units_sold: 1, gross_proceeds: '0.600000' });
      expect(before).to.deep.include({ units_issued: 0, units_sold: 0, tokens_served: 0, gross_proceeds: '0.000000' });
      expect(primeBooks.periods[0]).to.deep.include({ units_issued: 6, units_sold: 2, gross_proceeds: '2.500000' });
      expect(primeBooks.periods[1]).to.deep.include({ units_issued: 0, units_sold: 0 });
      // The liability now is GET /v1/supplier-liability's outstanding.
      const liability = await env().trading.get('/v1/supplier-liability', {
        sign: supplier.signingKey,
        signedAt: signedAt(),
      });
      for (const [i, instrument] of instruments.entries())
        expect(instrument.totals.outstanding_liability).to.equal(liability.body.data[i].outstanding);
      // No withdrawal exists yet (item 1 adds them): every period is listed, at zero.
      expect(withdrawals).to.have.length(3);
      expect(withdrawals.every((w: { withdrawals_paid: string }) => w.withdrawals_paid === '0.000000')).to.equal(true);
      expect(totals).to.deep.include({ gross_proceeds: '5.100000', withdrawals_paid: '0.000000', withdrawal_count: 0 });
    });

    it('filters by instrument id or symbol, and defaults to 7 days', async () => {
      const bySymbol = await books({ instrument_id: 'text-prime' });
      expect(bySymbol.instruments.map((i: { instrument_id: string }) => i.instrument_id)).to.deep.equal([
        prime.instrumentId,
      ]);
      expect(bySymbol.period).to.equal('day');
      expect(bySymbol.instruments[0].periods).to.have.length(7);
      // The same books by id (the current period's liability is measured at each read's own now).
      const byId = await books({ instrument_id: prime.instrumentId });
      const withoutNow = (instruments: { periods: Record<string, unknown>[] }[]) =>
        instruments.map((i) => ({ ...i, periods: i.periods.map(({ outstanding_at: _, ...rest }) => rest) }));
      expect(withoutNow(byId.instruments)).to.deep.equal(withoutNow(bySymbol.instruments));
      const nothing = await books({ instrument_id: 'instrument-00000000-0000-0000-0000-000000000000' });
      expect(nothing.instruments).to.deep.equal([]);
    });

    it('refuses a bad period, count or instrument with 422 in the envelope', async () => {
      const queries: Record<string, string | number>[] = [
        { period: 'year' },
        { periods: 0 },
        { periods: 93 },
        { periods: 'many' },
        { instrument_id: 'NO-SUCH-THING' },
        { since: 'yesterday' },
      ];
      for (const query of queries) {
        const reply = await env().trading.get('/v1/supply/earnings', {
          sign: supplier.signingKey,
          signedAt: signedAt(),
          query,
        });
        expect(reply.status, JSON.stringify(query)).to.equal(422);
        expect(reply.body.errors.code).to.be.a('string');
      }
    });

    it('takes an access token with supply:read, and refuses one without', async () => {
      const { accessToken } = await grantTokens(services(), supplier.userId, ['supply:read']);
      const reply = await env().trading.get('/v1/supply/earnings', { bearer: accessToken });
      expect(reply.status, reply.text).to.equal(200);
      const { accessToken: tradeOnly } = await grantTokens(services(), supplier.userId, ['trade:read']);
      const refused = await env().trading.get('/v1/supply/earnings', { bearer: tradeOnly });
      expect(refused.status).to.equal(403);
      expect(refused.body.errors.code).to.equal('insufficient_scope');
    });

    it('answers a user who never supplied with no instruments', async () => {
      const data = (await env().trading.get('/v1/supply/earnings', { sign: buyer.signingKey, signedAt: signedAt() }))
        .body.data;
      expect(data.instruments).to.deep.equal([]);
      expect(data.totals.net_proceeds).to.equal('0.000000');
    });

    it('counts the withdrawals paid out of the proceeds, as the journal has them', async () => {
      const { accessToken } = await grantTokens(services(), supplier.userId, ['funds:withdraw']);
      const destination = await env().platform.post('/v1/payout-destinations', {
        bearer: accessToken,
        body: { payout_destination: { label: 'Proceeds' } },
      });
      expect(destination.status).to.equal(201);
      const paid = await env().platform.post('/v1/withdrawals', {
        bearer: accessToken,
        body: { withdrawal: { amount_usd: '2.00', destination_id: destination.body.data.id } },
      });
      expect(paid.status, paid.text).to.equal(201);
      const { withdrawals, totals } = await books({ period: 'day', periods: 3 });
      const journal = await services()
        .db('journal_entries as e')
        .join('journal_postings as p', 'p.entry_id', 'e.id')
        .where({ 'e.kind': 'withdrawal_paid', 'p.account_id': 'system:payouts:usd' })
        .sum({ paid: 'p.amount' })
        .first();
      expect(Number(journal?.paid)).to.equal(2_000_000);
      expect(withdrawals[0]).to.include({ withdrawals_paid: '2.000000', withdrawal_count: 1 });
      expect(withdrawals.slice(1).every((w: { withdrawal_count: number }) => w.withdrawal_count === 0)).to.equal(true);
      expect(totals).to.include({ withdrawals_paid: '2.000000', withdrawal_count: 1 });
      expect(await auditLedger(services().db)).to.deep.equal([]);
    });
  },
  // Withdrawals at once: the cooling-off is tested in test/platform/withdrawals.test.ts.
  { clock: () => new TestClock(), env: { MKT_WITHDRAWAL_COOLOFF_S: '0' } },
);
