/** Programmer errors: an invariant is broken, so fail loudly. Bad input is an ApiError, never this. */
export class AssertionFailed extends Error {
  constructor(message: string) {
    super(`assertion failed: ${message}`);
    this.name = 'AssertionFailed';
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailed(message);
}

function assertSafeInteger(value: number, what: string): number {
  assert(Number.isSafeInteger(value), `${what} must be a safe integer, got ${value}`);
  return value;
}

function unreachable(value: never): never {
  throw new AssertionFailed(`unreachable: ${JSON.stringify(value)}`);
}
