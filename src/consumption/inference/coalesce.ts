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
  const state: Coalescing = {
    gathered: [],
    gatheredChars: 0,
    pumping: false,
    wanted: false,
    flushScheduled: false,
    ended: false,
  };
  const stream: Readable = new Readable({
    read() {
      state.wanted = true;
      if (!state.pumping) void pump(state, source, stream);
    },
    destroy(error, callback) {
      state.ended = true;
      source.return(undefined).then(
        () => callback(error),
        (failure: unknown) => callback(error ?? errorOf(failure)),
      );
    },
  });
  return stream;
}

/** Where one coalesced stream stands: what was gathered, and whether a read, a flush or the end is under way. */
interface Coalescing {
  gathered: string[];
  gatheredChars: number;
  /** The source is being read (pump runs). */
  pumping: boolean;
  /** The stream wants more. */
  wanted: boolean;
  flushScheduled: boolean;
  /** The source is done, failed, or was returned. */
  ended: boolean;
}

/** Hands on what was gathered; false when the stream wants no more for now. */
function flush(state: Coalescing, source: AsyncGenerator<string>, stream: Readable): boolean {
  state.flushScheduled = false;
  if (state.gathered.length === 0 || stream.destroyed) return state.wanted;
  const [only] = state.gathered;
  const text = state.gathered.length === 1 && only !== undefined ? only : state.gathered.join('');
  state.gathered = [];
  state.gatheredChars = 0;
  state.wanted = stream.push(text);
  if (state.wanted && !state.pumping && !state.ended) void pump(state, source, stream);
  return state.wanted;
}

async function pump(state: Coalescing, source: AsyncGenerator<string>, stream: Readable): Promise<void> {
  state.pumping = true;
  try {
    while (state.wanted && !state.ended) {
      const next = source.next();
      // If the source makes us wait, what was gathered leaves at the end of this turn.
      if (state.gathered.length > 0 && !state.flushScheduled) {
        state.flushScheduled = true;
        setImmediate(() => flush(state, source, stream));
      }
      const step = await next;
      if (stream.destroyed) return;
      if (step.done === true) {
        state.ended = true;
        flush(state, source, stream);
        stream.push(null);
        return;
      }
      state.gathered.push(step.value);
      state.gatheredChars += step.value.length;
      if (state.gatheredChars >= gatheredCharsMax) flush(state, source, stream);
    }
  } catch (error) {
    state.ended = true;
    flush(state, source, stream);
    stream.destroy(errorOf(error));
  } finally {
    state.pumping = false;
  }
}

/** What a source threw, as the Error a stream is destroyed with. */
function errorOf(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
