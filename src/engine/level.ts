import { none, type OrderSlots } from './slots.js';

/** A level's record: its price, totals and the ends of its FIFO queue of slots (oldest at the head). */
const priceField = 0;
const quantityField = 1;
const countField = 2;
const headField = 3;
const tailField = 4;
const recordSize = 8;

/**
 * The price levels of one book, numbered like the orders' slots and kept in one dense array beside
 * them: a level's queue is linked through its orders' slots, so appending and removing anywhere are
 * O(1). A freed level number is reused first.
 */
export class PriceLevels {
  private records: Float64Array;
  private readonly free: number[] = [];
  private used = 0;

  constructor(
    private readonly slots: OrderSlots,
    capacity = 256,
  ) {
    this.records = new Float64Array(capacity * recordSize);
  }

  /** A new empty level at this price. */
  open(priceTicks: number): number {
    const level = this.free.pop() ?? this.grow();
    const at = level * recordSize;
    this.records[at + priceField] = priceTicks;
    this.records[at + quantityField] = 0;
    this.records[at + countField] = 0;
    this.records[at + headField] = none;
    this.records[at + tailField] = none;
    return level;
  }

  close(level: number): void {
    this.free.push(level);
  }

  private grow(): number {
    if ((this.used + 1) * recordSize > this.records.length) {
      const larger = new Float64Array(this.records.length * 2);
      larger.set(this.records);
      this.records = larger;
    }
    this.used += 1;
    return this.used - 1;
  }

  price(level: number): number {
    return this.field(level, priceField);
  }

  quantity(level: number): number {
    return this.field(level, quantityField);
  }

  count(level: number): number {
    return this.field(level, countField);
  }

  /** The oldest order's slot, `none` for an empty level (a level a side lists never is). */
  head(level: number): number {
    return this.field(level, headField);
  }

  /** Takes `quantity` off the level's total: an order in it filled, was reduced or was prevented by so much. */
  reduce(level: number, quantity: number): void {
    this.add(level, quantityField, -quantity);
  }

  /** Queues the slot last, at the level's price, with what it has remaining. */
  append(level: number, slot: number): void {
    const slots = this.slots;
    const at = level * recordSize;
    const tail = this.field(level, tailField);
    slots.setPrice(slot, this.field(level, priceField));
    slots.setLevel(slot, level);
    slots.setPrevious(slot, tail);
    slots.setNext(slot, none);
    if (tail !== none) slots.setNext(tail, slot);
    else this.records[at + headField] = slot;
    this.records[at + tailField] = slot;
    this.add(level, quantityField, slots.remaining(slot));
    this.add(level, countField, 1);
  }

  /** Takes the slot out of its level's queue; the slot keeps its fields but links to nothing. */
  remove(slot: number): void {
    const slots = this.slots;
    const level = slots.level(slot);
    const at = level * recordSize;
    const previous = slots.previous(slot);
    const next = slots.next(slot);
    if (previous !== none) slots.setNext(previous, next);
    else this.records[at + headField] = next;
    if (next !== none) slots.setPrevious(next, previous);
    else this.records[at + tailField] = previous;
    slots.setPrevious(slot, none);
    slots.setNext(slot, none);
    slots.setLevel(slot, none);
    this.add(level, quantityField, -slots.remaining(slot));
    this.add(level, countField, -1);
  }

  private add(level: number, field: number, delta: number): void {
    this.records[level * recordSize + field] = this.field(level, field) + delta;
  }

  private field(level: number, field: number): number {
    return this.records[level * recordSize + field] ?? NaN;
  }
}
