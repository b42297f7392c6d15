import type { SupplierError } from './types.js';

/**
 * Aborts a call that takes too long: a fixed limit (the first byte, or a whole answer) and, once a
 * stream has started, the longest the upstream may stay silent while we wait for its next bytes.
 * Time the caller spends not reading (a slow client holding the stream back) is not silence.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private idle: { ms: number; reason: () => SupplierError } | undefined;

  constructor(ms: number, reason: () => SupplierError) {
    this.timer = setTimeout(() => this.controller.abort(reason()), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ends the fixed limit; from now on each wait for bytes may last at most `ms`. */
  watchSilence(ms: number, reason: () => SupplierError): void {
    this.stop();
    this.idle = { ms, reason };
  }

  /** A read is waiting for the upstream's next bytes. */
  waiting(): void {
    if (!this.idle) return;
    const { ms, reason } = this.idle;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(reason()), ms);
  }

  /** The bytes came. */
  received(): void {
    if (this.idle) clearTimeout(this.timer);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
