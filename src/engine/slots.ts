import { present } from './invariant.js';
import type { RestingOrderView, SelfTradePrevention, Side } from './types.js';

/** No slot (or no level): the end of a queue, an empty side. Slot and level numbers are never negative. */
export const none = -1;

/**
 * A resting order's record: eight numbers, 64 bytes, one cache line. A deep book's orders live in one
 * dense array instead of 100,000 objects scattered over the heap, so that an amend or a cancel of an
 * order anywhere in the book touches one line for the order (and one per neighbour it unlinks from).
 * Numbers are doubles: prices and quantities are safe integers, past what an Int32Array holds.
 */
const priceField = 0;
const remainingField = 1;
const previousField = 2;
const nextField = 3;
const levelField = 4;
/** NaN: never expires. */
const expiresField = 5;
/** The trader's number (see `traderNumber`). */
const traderField = 6;
/** Bit 0: a sell; bit 1: post-only; bits 2–3: the self-trade prevention mode's index in `modes`. */
const flagsField = 7;
const recordSize = 8;

const sellFlag = 1;
const postOnlyFlag = 2;
const modeShift = 2;
const modes: readonly SelfTradePrevention[] = ['expire_taker', 'expire_maker', 'expire_both', 'decrement'];

/** What a new slot holds: a resting order as it arrives. */
interface SlotOrder {
  orderId: string;
  traderId: string;
  side: Side;
  selfTradePrevention: SelfTradePrevention;
  postOnly: boolean;
  expiresAt: number | null;
}

/**
 * The resting orders of one book, each in a numbered slot: fields in `records`, ids beside them. A
 * freed slot goes on a free list (linked through its next field) and is reused first. Traders are
 * numbered as they first rest, so a self-trade check compares two numbers.
 */
export class OrderSlots {
  private records: Float64Array;
  private readonly orderIds: string[] = [];
  private readonly traderIds: string[] = [];
  private readonly traderNumbers = new Map<string, number>();
  private freeHead = none;
  private used = 0;

  constructor(capacity = 1024) {
    this.records = new Float64Array(capacity * recordSize);
  }

  /** A slot for a new resting order, outside any queue (previous, next and level: none; price and remaining: 0). */
  allocate(order: SlotOrder): number {
    let slot = this.freeHead;
    if (slot === none) slot = this.grow();
    else this.freeHead = this.field(slot, nextField);
    const at = slot * recordSize;
    const records = this.records;
    records[at + priceField] = 0;
    records[at + remainingField] = 0;
    records[at + previousField] = none;
    records[at + nextField] = none;
    records[at + levelField] = none;
    records[at + expiresField] = order.expiresAt ?? NaN;
    records[at + traderField] = this.numberTrader(order.traderId);
    records[at + flagsField] =
      (order.side === 'sell' ? sellFlag : 0) |
      (order.postOnly ? postOnlyFlag : 0) |
      (modes.indexOf(order.selfTradePrevention) << modeShift);
    this.orderIds[slot] = order.orderId;
    return slot;
  }

  release(slot: number): void {
    this.records[slot * recordSize + nextField] = this.freeHead;
    this.orderIds[slot] = '';
    this.freeHead = slot;
  }

  /** The next never-used slot, doubling the records when they are full. */
  private grow(): number {
    if ((this.used + 1) * recordSize > this.records.length) {
      const larger = new Float64Array(this.records.length * 2);
      larger.set(this.records);
      this.records = larger;
    }
    this.used += 1;
    return this.used - 1;
  }

  private numberTrader(traderId: string): number {
    const known = this.traderNumbers.get(traderId);
    if (known !== undefined) return known;
    this.traderIds.push(traderId);
    this.traderNumbers.set(traderId, this.traderIds.length - 1);
    return this.traderIds.length - 1;
  }

  /** The trader's number, or `none` for a trader with nothing resting yet (so matching no maker). */
  traderNumber(traderId: string): number {
    return this.traderNumbers.get(traderId) ?? none;
  }

  orderId(slot: number): string {
    return present(this.orderIds[slot], 'a slot in use has an order id');
  }

  traderId(slot: number): string {
    return present(this.traderIds[this.trader(slot)], 'a numbered trader has an id');
  }

  trader(slot: number): number {
    return this.field(slot, traderField);
  }

  side(slot: number): Side {
    return (this.field(slot, flagsField) & sellFlag) !== 0 ? 'sell' : 'buy';
  }

  postOnly(slot: number): boolean {
    return (this.field(slot, flagsField) & postOnlyFlag) !== 0;
  }

  selfTradePrevention(slot: number): SelfTradePrevention {
    return present(modes[this.field(slot, flagsField) >> modeShift], 'a slot has a self-trade mode');
  }

  expiresAt(slot: number): number | null {
    const expiresAt = this.field(slot, expiresField);
    return Number.isNaN(expiresAt) ? null : expiresAt;
  }

  price(slot: number): number {
    return this.field(slot, priceField);
  }

  remaining(slot: number): number {
    return this.field(slot, remainingField);
  }

  previous(slot: number): number {
    return this.field(slot, previousField);
  }

  next(slot: number): number {
    return this.field(slot, nextField);
  }

  level(slot: number): number {
    return this.field(slot, levelField);
  }

  setPrice(slot: number, priceTicks: number): void {
    this.records[slot * recordSize + priceField] = priceTicks;
  }

  setRemaining(slot: number, remaining: number): void {
    this.records[slot * recordSize + remainingField] = remaining;
  }

  setPrevious(slot: number, previous: number): void {
    this.records[slot * recordSize + previousField] = previous;
  }

  setNext(slot: number, next: number): void {
    this.records[slot * recordSize + nextField] = next;
  }

  setLevel(slot: number, level: number): void {
    this.records[slot * recordSize + levelField] = level;
  }

  view(slot: number): RestingOrderView {
    return {
      orderId: this.orderId(slot),
      traderId: this.traderId(slot),
      side: this.side(slot),
      priceTicks: this.price(slot),
      remaining: this.remaining(slot),
    };
  }

  private field(slot: number, field: number): number {
    return this.records[slot * recordSize + field] ?? NaN;
  }
}
