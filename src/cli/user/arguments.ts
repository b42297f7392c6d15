/** Positional arguments as commander hands them over, checked by what commander already enforced. */

/** A `<required>` argument: commander refuses the command without it, so a missing one is a bug here. */
export function required(argument: string | undefined): string {
  if (argument === undefined) throw new Error('commander passed no value for a required argument');
  return argument;
}

/** An argument commander checked against `choices`, as the type of those choices. */
export function chosen<T extends string>(choices: readonly T[], argument: string | undefined): T {
  const found = choices.find((choice) => choice === argument);
  if (found === undefined) throw new Error(`commander passed ${argument} outside its choices`);
  return found;
}
