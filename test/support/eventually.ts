import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `probe` until it answers something other than undefined, for at most `ms`: no test waits on timing luck. */
export async function eventually<T>(ms: number, what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}
