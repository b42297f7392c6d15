/**
 * Long synchronous steps of different requests (decoding, parsing, validating a body of megabytes)
 * take turns: one step per event-loop iteration, with I/O polled between any two. Yielding with a
 * bare setImmediate is not enough: the steps of every waiting request would then run back to back
 * in one check phase, and a request of another API would wait for all of them.
 */
const waiting: (() => void)[] = [];
let pumping = false;

function pump(): void {
  const next = waiting.shift();
  if (next === undefined) {
    pumping = false;
    return;
  }
  next(); // its step runs in the microtasks that follow this callback, before the next one
  setImmediate(pump);
}

/** Resolves when it is this caller's turn to run one long step. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}
