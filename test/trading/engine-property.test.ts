import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { FastOrderBook, ReferenceOrderBook, type Side } from '../../src/trading/engine/index.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

describe('matching engine: fast book agrees with the reference book on random command streams', function () {
  this.timeout(60_000);

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`seed ${seed}: 3,000 commands, same results and same book, invariants after every step`, () => {
      const random = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const fast = new FastOrderBook();
      const reference = new ReferenceOrderBook();
      const traders = ['t1', 't2', 't3', 't4'];
      const live: { orderId: string; traderId: string }[] = [];
      let counter = 0;

      for (let step = 0; step < 3_000; step += 1) {
        const roll = random();
        let description: string;
        let fastResult: unknown;
        let referenceResult: unknown;
        if (roll < 0.55 || live.length === 0) {
          const isMarket = random() < 0.1;
          const side: Side = random() < 0.5 ? 'buy' : 'sell';
          const command = {
            orderId: `o${(counter += 1)}`,
            traderId: pick(traders),
            side,
            type: isMarket ? ('market' as const) : ('limit' as const),
            priceTicks: isMarket ? null : 95 + Math.floor(random() * 11),
            quantity: 1 + Math.floor(random() * 8),
            timeInForce: pick(['gtc', 'gtc', 'gtc', 'day', 'ioc', 'fok'] as const),
            ...(isMarket && side === 'buy' && random() < 0.5 ? { quoteBudget: Math.floor(random() * 2_000) } : {}),
          };
          description = `place ${JSON.stringify(command)}`;
          fastResult = fast.place(command);
          referenceResult = reference.place(command);
          live.push({ orderId: command.orderId, traderId: command.traderId });
        } else if (roll < 0.75) {
          const target = pick(live);
          const traderId = random() < 0.9 ? target.traderId : pick(traders);
          description = `cancel ${target.orderId} by ${traderId}`;
          fastResult = fast.cancel(target.orderId, traderId);
          referenceResult = reference.cancel(target.orderId, traderId);
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
        expect(fastResult, where).to.deep.equal(referenceResult);
        expect(fast.checkInvariants(), where).to.deep.equal([]);
        for (const side of ['buy', 'sell'] as const) expect(fast.orders(side), where).to.deep.equal(reference.orders(side));
        expect(fast.depth('buy', 5), where).to.deep.equal(reference.depth('buy', 5));
      }
    });
  }
});

describe('matching engine purity', () => {
  it('imports nothing outside the engine and never reads the clock or randomness', () => {
    const directory = fileURLToPath(new URL('../../../src/trading/engine/', import.meta.url));
    for (const file of readdirSync(directory).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(directory + file, 'utf8');
      expect(source, file).not.to.match(/Date\.now|new Date|Math\.random|performance\.now|process\.|setTimeout|node:/);
      for (const [, target] of source.matchAll(/from '([^']+)'/g)) expect(target, `${file} imports ${target}`).to.match(/^\.\/[a-z-]+\.js$/);
    }
  });
});
