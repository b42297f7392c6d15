import { randomInt } from 'node:crypto';

/**
 * mulberry32: a small seeded generator of numbers in [0, 1). Where a sequence must be replayable —
 * the simulator's answers, benchmark command streams, property tests — the seed decides it all.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh seed for a run that must differ from the last yet replay from its record (a qualification's probes). */
export const newRandomSeed = (): number => randomInt(0, 0x1_0000_0000);

/** A fresh fraction in [0, 1), for choices that need no replay (when a canary goes next). */
export const randomFraction = (): number => randomInt(0, 0x1_0000_0000) / 0x1_0000_0000;
