import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { FastOrderBook, ReferenceOrderBook, type Side } from '../../src/engine/index.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

describe('matching engine: fast book agrees with the reference book on random command streams', function () {
  this.timeout(60_000);

  const stpModes = ['expire_taker', 'expire_maker', 'expire_both', 'decrement'] as const;
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`seed ${seed}: 3,000 commands (limit, market with and without a protection price, stop, stop_limit, post-only, every self-trade mode, expiry), same results and same book, invariants after every step`, () => {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const fast = new FastOrderBook();
      const reference = new ReferenceOrderBook();
      const traders = ['t1', 't2', 't3', 't4'];
      const live: { orderId: string; traderId: string }[] = [];
      let counter = 0;

      let now = 0;
      const seen = { triggered: 0, prevented: 0, decremented: 0, postOnlyRefused: 0, stopRefused: 0, expired: 0 };
      for (let step = 0; step < 3_000; step += 1) {
        const roll = random();
        let description: string;
        let fastResult: unknown;
        let referenceResult: unknown;
        if (roll < 0.55 || live.length === 0) {
          const kind = random();
          const type =
            kind < 0.1
              ? ('market' as const)
              : kind < 0.17
                ? ('stop' as const)
                : kind < 0.24
                  ? ('stop_limit' as const)
                  : ('limit' as const);
          const side: Side = random() < 0.5 ? 'buy' : 'sell';
          const hasLimit = type === 'limit' || type === 'stop_limit';
          const timeInForce = pick(['gtc', 'gtc', 'gtc', 'day', 'gtd', 'ioc', 'fok'] as const);
          const command = {
            orderId: `o${(counter += 1)}`,
            traderId: pick(traders),
            side,
            type,
            // Half the market orders carry a protection price (issue 21).
            priceTicks: hasLimit || (type === 'market' && random() < 0.5) ? 95 + Math.floor(random() * 11) : null,
            quantity: 1 + Math.floor(random() * 8),
            timeInForce,
            selfTradePrevention: pick(stpModes),
            ...(type === 'stop' || type === 'stop_limit' ? { stopTicks: 95 + Math.floor(random() * 11) } : {}),
            ...(type === 'limit' && timeInForce !== 'ioc' && timeInForce !== 'fok' && random() < 0.2
              ? { postOnly: true }
              : {}),
            ...(timeInForce === 'gtd' || timeInForce === 'day'
              ? { expiresAt: now + 1 + Math.floor(random() * 40) }
              : {}),
            ...((type === 'market' || type === 'stop') && side === 'buy' && random() < 0.5
              ? { quoteBudget: Math.floor(random() * 2_000) }
              : {}),
          };
          description = `place ${JSON.stringify(command)}`;
          fastResult = fast.place(command);
          referenceResult = reference.place(command);
          live.push({ orderId: command.orderId, traderId: command.traderId });
        } else if (roll < 0.7) {
          const target = pick(live);
          const traderId = random() < 0.9 ? target.traderId : pick(traders);
          description = `cancel ${target.orderId} by ${traderId}`;
          fastResult = fast.cancel(target.orderId, traderId);
          referenceResult = reference.cancel(target.orderId, traderId);
        } else if (roll < 0.78) {
          now += 1 + Math.floor(random() * 5);
          description = `expire at ${now}`;
          fastResult = fast.expire(now);
          referenceResult = reference.expire(now);
        } else {
          const target = pick(live);
          const current = reference.order(target.orderId);
          const command = {
            orderId: target.orderId,
            traderId: target.traderId,
            priceTicks: current && random() < 0.6 ? current.priceTicks : 95 + Math.floor(random() * 11),
            remaining: 1 + Math.floor(random() * 8),
          };
          description = `amend ${JSON.stringify(command)}`;
          fastResult = fast.amend(command);
          referenceResult = reference.amend(command);
        }
        const where = `seed ${seed} step ${step}: ${description}`;
        tally(seen, referenceResult);
        expect(fastResult, where).to.deep.equal(referenceResult);
        expect(fast.checkInvariants(), where).to.deep.equal([]);
        for (const side of ['buy', 'sell'] as const)
          expect(fast.orders(side), where).to.deep.equal(reference.orders(side));
        for (const side of ['buy', 'sell'] as const)
          expect(fast.stops(side), where).to.deep.equal(reference.stops(side));
        expect(fast.depth('buy', 5), where).to.deep.equal(reference.depth('buy', 5));
        expect(fast.lastTrade(), where).to.equal(reference.lastTrade());
        // The fast book keeps a lower bound of the next expiry (what left early may have been it).
        const [bound, exact] = [fast.nextExpiry(), reference.nextExpiry()];
        if (exact !== null) expect(bound, where).to.be.a('number').and.at.most(exact);
      }
      // The stream really exercised what it claims to.
      for (const [what, count] of Object.entries(seen)) expect(count, `${what} in seed ${seed}`).to.be.above(0);
    });
  }
});

function tally(
  seen: Record<'triggered' | 'prevented' | 'decremented' | 'postOnlyRefused' | 'stopRefused' | 'expired', number>,
  result: unknown,
): void {
  if (Array.isArray(result)) {
    if (result.length > 0) seen.expired += 1;
    return;
  }
  const outcome = result as {
    code?: string;
    triggered?: unknown[];
    prevented?: unknown[];
    decrementedQuantity?: number;
  };
  if (outcome.code === 'post_only_would_take') seen.postOnlyRefused += 1;
  if (outcome.code === 'stop_would_trigger') seen.stopRefused += 1;
  if ((outcome.triggered?.length ?? 0) > 0) seen.triggered += 1;
  if ((outcome.prevented?.length ?? 0) > 0) seen.prevented += 1;
  if ((outcome.decrementedQuantity ?? 0) > 0) seen.decremented += 1;
}

describe('matching engine purity', () => {
  it('imports nothing outside the engine and never reads the clock or randomness', () => {
    const directory = fileURLToPath(new URL('../../../src/engine/', import.meta.url));
    for (const file of readdirSync(directory).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(directory + file, 'utf8');
      expect(source, file).not.to.match(/Date\.now|new Date|Math\.random|performance\.now|process\.|setTimeout|node:/);
      for (const [, target] of source.matchAll(/from '([^']+)'/g))
        expect(target, `${file} imports ${target}`).to.match(/^\.\/[a-z-]+\.js$/);
    }
  });
});
