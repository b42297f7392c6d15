import { Readable } from 'node:stream';

/** Bytes gathered at most before they are handed on without waiting for the turn to end. */
const gatheredCharsMax = 64 * 1024;

/**
 * A byte stream of `source`'s strings in which the strings that come within one turn of the event
 * loop leave together: an upstream's burst of tokens becomes one write to the client's socket
 * instead of one system call per event (Readable.from writes each string on its own). A string is
 * handed on at the latest when the source next makes the stream wait, so nothing is held back for
 * longer than the turn it came in.
 *
 * Backpressure and cancellation are Readable.from's: the source is read only while the stream
 * wants more, and destroying the stream (the client went away) returns the source.
 */
export function coalescedReadable(source: AsyncGenerator<string>): Readable {
  let gathered: string[] = [];
  let gatheredChars = 0;
  let pumping = false;
  let wanted = false;
  let flushScheduled = false;
  let ended = false;

  const stream = new Readable({
    read() {
      wanted = true;
      if (!pumping) void pump();
    },
    destroy(error, callback) {
      ended = true;
      source.return(undefined).then(
        () => callback(error),
        (failure: unknown) => callback((error ?? failure) as Error | null),
      );
    },
  });

  /** Hands on what was gathered; false when the stream wants no more for now. */
  function flush(): boolean {
    flushScheduled = false;
    if (gathered.length === 0 || stream.destroyed) return wanted;
    const text = gathered.length === 1 ? gathered[0]! : gathered.join('');
    gathered = [];
    gatheredChars = 0;
    wanted = stream.push(text);
    if (wanted && !pumping && !ended) void pump();
    return wanted;
  }

  async function pump(): Promise<void> {
    pumping = true;
    try {
      while (wanted && !ended) {
        const next = source.next();
        // If the source makes us wait, what was gathered leaves at the end of this turn.
        if (gathered.length > 0 && !flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
        const { done, value } = await next;
        if (stream.destroyed) return;
        if (done) {
          ended = true;
          flush();
          stream.push(null);
          return;
        }
        gathered.push(value);
        gatheredChars += value.length;
        if (gatheredChars >= gatheredCharsMax) flush();
      }
    } catch (error) {
      ended = true;
      flush();
      stream.destroy(error as Error);
    } finally {
      pumping = false;
    }
  }

  return stream;
}
