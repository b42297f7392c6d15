/** A mistake in how the command was called: exit 2 with the usage text. */
export class UsageError extends Error {}
