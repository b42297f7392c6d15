/** Programmer errors: an invariant is broken, so fail loudly. Bad input is a Failure (lib/failure.ts), never this. */
export class AssertionFailed extends Error {
  constructor(message: string) {
    super(`assertion failed: ${message}`);
    this.name = 'AssertionFailed';
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionFailed(message);
}
