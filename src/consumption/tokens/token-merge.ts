import { AssertionFailed } from '../../lib/assert.js';

/**
 * Byte-pair merging in O(n log n) for long pieces of text.
 *
 * gpt-tokenizer merges a piece (one match of the pre-tokenizer: a word, a run of spaces, a run of
 * CJK letters) by scanning every pair for the lowest rank and splicing arrays, once per merge:
 * O(n²) in the piece's length. Ordinary words are short, but one "word" is as long as the caller
 * makes it: 80,000 letters `a` took 7.7 s and 80,000 CJK characters 52 s on the build machine, so
 * a 5 MB prompt of one character repeated would hold a tokenizer for hours. This merge gives the
 * same tokens (the pair of lowest rank, leftmost among equals, merged first, as tiktoken defines
 * BPE) from a heap of candidate pairs, and is used for pieces longer than `longPieceChars`.
 */

/**
 * The longest token of o200k_base, in UTF-8 bytes (128 spaces); test/consumption/tokens.test.ts checks it against the
 * vocabulary.
 */
export const tokenBytesMax = 128;

/**
 * A piece up to this many characters goes through the library's own merge (and its cache); longer ones through
 * `heapMerge`.
 */
export const longPieceChars = 64;

/** Positions are below 2^32 and ranks below 2^21, so `rank * positionSpan + position` is an exact heap key. */
const positionSpan = 2 ** 32;

/**
 * The tokens of one piece: its bytes merged pair by pair, lowest rank first and leftmost among
 * equal ranks. `rankOf` answers the rank of a byte string, or undefined when no token spells it.
 */
export function heapMerge(bytes: Uint8Array, rankOf: (bytes: Uint8Array) => number | undefined): number[] {
  const n = bytes.length;
  if (n === 0) return [];
  // Parts are named by their first byte; `next[p]` is where the part after p starts (n at the end).
  const next = new Int32Array(n);
  const previous = new Int32Array(n);
  const alive = new Uint8Array(n).fill(1);
  // The rank of merging part p with the part after it; Infinity when no token spells the pair.
  const pairRank = new Float64Array(n);
  for (let p = 0; p < n; p += 1) {
    next[p] = p + 1;
    previous[p] = p - 1;
  }
  const rankOfPair = (p: number): number => {
    const q = next[p]!;
    if (q >= n) return Infinity;
    const end = next[q]!;
    if (end - p > tokenBytesMax) return Infinity;
    return rankOf(bytes.subarray(p, end)) ?? Infinity;
  };
  const heap = new KeyHeap();
  const consider = (p: number) => {
    const rank = rankOfPair(p);
    pairRank[p] = rank;
    if (rank !== Infinity) heap.push(rank * positionSpan + p);
  };
  for (let p = 0; p < n - 1; p += 1) consider(p);
  pairRank[n - 1] = Infinity;

  while (heap.size > 0) {
    const key = heap.pop();
    const rank = Math.floor(key / positionSpan);
    const p = key - rank * positionSpan;
    // A stale entry: its part was absorbed, or its pair changed since (the current pair has its own entry).
    if (alive[p] === 0 || pairRank[p] !== rank) continue;
    const q = next[p]!;
    alive[q] = 0;
    next[p] = next[q]!;
    if (next[p] < n) previous[next[p]] = p;
    consider(p);
    if (previous[p]! >= 0) consider(previous[p]!);
  }

  const tokens: number[] = [];
  for (let p = 0; p < n; p = next[p]!) {
    const token = rankOf(bytes.subarray(p, next[p]));
    if (token === undefined) throw new Error(`byte-pair merge left bytes ${p}..${next[p]} that no token spells`);
    tokens.push(token);
  }
  return tokens;
}

/** A binary min-heap of numbers. */
class KeyHeap {
  private keys: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number): void {
    const keys = this.keys;
    let i = keys.length;
    keys.push(key);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      i = parent;
    }
    keys[i] = key;
  }

  pop(): number {
    const keys = this.keys;
    const top = keys[0]!;
    const last = keys.pop()!;
    if (keys.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= keys.length) break;
        const right = left + 1;
        const child = right < keys.length && keys[right]! < keys[left]! ? right : left;
        if (keys[child]! >= last) break;
        keys[i] = keys[child]!;
        i = child;
      }
      keys[i] = last;
    }
    return top;
  }
}

/** What `mergeLongPiecesFast` reaches inside gpt-tokenizer 4 (private there; checked at start-up). */
interface MergeInternals {
  bytePairEncode(piece: string): number[];
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}

/**
 * Makes an encoding of gpt-tokenizer merge pieces longer than `longPieceChars` with `heapMerge`
 * (and leave them out of its merge cache: they rarely repeat, and a cached piece keeps its whole
 * prompt alive). Shorter pieces keep the library's merge and cache. Throws at start-up, not at
 * the first long prompt, if an upgrade of the library moved what this replaces.
 */
export function mergeLongPiecesFast(encoding: object): void {
  const core = (encoding as { bytePairEncodingCoreProcessor?: Partial<MergeInternals> }).bytePairEncodingCoreProcessor;
  if (typeof core?.bytePairEncode !== 'function' || typeof core.getBpeRankFromBytes !== 'function') {
    throw new AssertionFailed(
      'gpt-tokenizer no longer has bytePairEncodingCoreProcessor.bytePairEncode/getBpeRankFromBytes: update src/consumption/tokens/token-merge.ts',
    );
  }
  const libraryEncode = core.bytePairEncode.bind(core);
  const rankOf = core.getBpeRankFromBytes.bind(core);
  const utf8 = new TextEncoder();
  core.bytePairEncode = (piece: string) =>
    piece.length <= longPieceChars ? libraryEncode(piece) : heapMerge(utf8.encode(piece), rankOf);
}
