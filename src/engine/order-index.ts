import { none, type OrderSlots } from './slots.js';

/** The table starts at this many entries and doubles when half full. */
const capacityMin = 1024;

/**
 * Order id → slot, an open-addressing hash table in one Int32Array: each entry is the id's hash and
 * its slot + 1 (0: empty), probed linearly. A deep book's Map<string, …> cost several cache misses a
 * lookup (a bucket, then a chain of entries whose keys may each be another string to compare: over a
 * third of an operation's time at 100,000 resting orders); here a lookup reads one line of the table
 * and compares the id only where the hashes agree. The id itself is kept by the slot (slots.ts).
 */
export class OrderIndex {
  private entries = new Int32Array(capacityMin * 2);
  private mask = capacityMin - 1;
  size = 0;
  /** The id hashed last and its hash: a command looks an id up, then adds or deletes it (place, cancel, amend). */
  private hashedId = '';
  private hashedIdHash = hashOf('');

  constructor(private readonly slots: OrderSlots) {}

  /** The slot of this id, `none` when it is not indexed. */
  get(orderId: string): number {
    const at = this.find(orderId, this.hash(orderId));
    return at === none ? none : (this.entries[at * 2 + 1] ?? 0) - 1;
  }

  has(orderId: string): boolean {
    return this.get(orderId) !== none;
  }

  /** Indexes an id that is not indexed yet. */
  add(orderId: string, slot: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.resize((this.mask + 1) * 2);
    this.put(this.hash(orderId), slot);
    this.size += 1;
  }

  /** Takes an indexed id out, moving back the entries after it that probed past it (no tombstones). */
  delete(orderId: string): void {
    let hole = this.find(orderId, this.hash(orderId));
    if (hole === none) return;
    const entries = this.entries;
    const mask = this.mask;
    for (let at = (hole + 1) & mask; entries[at * 2 + 1] !== 0; at = (at + 1) & mask) {
      const home = (entries[at * 2] ?? 0) & mask;
      // The entry at `at` may move into the hole unless its home lies cyclically in (hole, at].
      const stays = hole <= at ? hole < home && home <= at : hole < home || home <= at;
      if (stays) continue;
      entries[hole * 2] = entries[at * 2] ?? 0;
      entries[hole * 2 + 1] = entries[at * 2 + 1] ?? 0;
      hole = at;
    }
    entries[hole * 2] = 0;
    entries[hole * 2 + 1] = 0;
    this.size -= 1;
  }

  /** Every indexed slot, in no particular order. */
  *indexedSlots(): IterableIterator<number> {
    const entries = this.entries;
    for (let at = 1; at < entries.length; at += 2) {
      const slot = (entries[at] ?? 0) - 1;
      if (slot !== none) yield slot;
    }
  }

  private hash(orderId: string): number {
    if (orderId !== this.hashedId) {
      this.hashedId = orderId;
      this.hashedIdHash = hashOf(orderId);
    }
    return this.hashedIdHash;
  }

  /** The entry of this id, `none` when it is not indexed. */
  private find(orderId: string, hash: number): number {
    const entries = this.entries;
    for (let at = hash & this.mask; ; at = (at + 1) & this.mask) {
      const stored = entries[at * 2 + 1] ?? 0;
      if (stored === 0) return none;
      if (entries[at * 2] === hash && this.slots.orderId(stored - 1) === orderId) return at;
    }
  }

  private put(hash: number, slot: number): void {
    const entries = this.entries;
    let at = hash & this.mask;
    while (entries[at * 2 + 1] !== 0) at = (at + 1) & this.mask;
    entries[at * 2] = hash;
    entries[at * 2 + 1] = slot + 1;
  }

  private resize(capacity: number): void {
    const old = this.entries;
    this.entries = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
    for (let at = 0; at < old.length; at += 2) {
      const slot = (old[at + 1] ?? 0) - 1;
      if (slot !== none) this.put(old[at] ?? 0, slot);
    }
  }
}

/** FNV-1a over the id's UTF-16 code units, then MurmurHash3's finaliser to spread it over the table's low bits. */
function hashOf(orderId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < orderId.length; i += 1) hash = Math.imul(hash ^ orderId.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) | 0;
}
