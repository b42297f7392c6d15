/**
 * The engine's one assertion: a value its own invariants guarantee (a listed level has an order, an
 * index in range reads an element, a validated stop has a stop price). A miss is a bug in the book,
 * never bad input, so it throws. The engine imports nothing outside itself, hence its own.
 */
export function present<T>(value: T | null | undefined, invariant: string): T {
  if (value === null || value === undefined) throw new Error(`engine invariant broken: ${invariant}`);
  return value;
}
