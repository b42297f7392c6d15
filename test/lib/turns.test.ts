import { expect } from 'chai';
import { nextTurn } from '../../src/lib/turns.js';

/** A long step spins the CPU for `ms`, as decoding or parsing megabytes does. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('lib/turns: long steps of different requests take turns', () => {
  it('runs one step per event-loop iteration, so timers and I/O come between any two', async () => {
    let iterations = 0;
    const ticker = setInterval(() => (iterations += 1), 0);
    const seen: number[] = [];
    const request = async (steps: number) => {
      for (let i = 0; i < steps; i += 1) {
        await nextTurn();
        seen.push(iterations);
        spin(3); // longer than the ticker's 1 ms, so it is due at the next iteration
      }
    };
    await Promise.all([request(3), request(3), request(2)]);
    clearInterval(ticker);
    expect(seen).to.have.length(8);
    // With a bare setImmediate the three requests' steps would share iterations; in turns, never.
    expect(new Set(seen).size).to.equal(seen.length);
  });

  it('lets every waiter through in the order they asked', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await nextTurn();
        order.push(name);
      }),
    );
    expect(order).to.deep.equal(['a', 'b', 'c']);
  });
});
