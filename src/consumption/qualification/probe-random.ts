import { seededRandom } from '../../lib/seeded-random.js';

/** The probes' source of values: every choice a run makes comes from its seed, so a run can be replayed. */
export interface ProbeRandom {
  /** An integer in [low, high]. */
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A lower-case made-up word of `length` letters: no model has it memorised next to this prompt. */
  word(length: number): string;
}

const consonants = 'bcdfghjklmnprstvz';
const vowels = 'aeiou';

export function probeRandom(seed: number): ProbeRandom {
  const next = seededRandom(seed);
  const int = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    int,
    pick,
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const chosen: T[] = [];
      while (chosen.length < count && pool.length > 0) chosen.push(...pool.splice(int(0, pool.length - 1), 1));
      return chosen;
    },
    word(length: number): string {
      let text = '';
      for (let index = 0; index < length; index++) text += pick(index % 2 === 0 ? [...consonants] : [...vowels]);
      return text;
    },
  };
}
