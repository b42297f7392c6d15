import type { OptionValues } from 'commander';
import type { Session } from './http.js';
import type { Output } from './output.js';

/** How program.ts binds an action to a command (its session, output, positional arguments and options). */
export type Bind = <O extends OptionValues>(
  body: (session: Session, output: Output, args: string[], options: O) => Promise<void>,
) => (...received: unknown[]) => Promise<void>;
