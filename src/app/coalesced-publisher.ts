import type { StreamEvent } from '../core/events.js';

type Publish = (events: readonly StreamEvent[]) => void;

/** Account ids per merged `accounts_changed`: well inside a NOTIFY payload (event-transport.ts), ids of ~40 bytes. */
const accountIdsPerEvent = 100;

/**
 * What the writers outside the trading batch announce (core/announcements.ts), published once per turn of the event
 * loop. An inference's admission and its settlement each announce `accounts_changed` after their commits; one NOTIFY
 * each was a statement of its own per request. The events of one turn leave together: the other events in the order
 * announced, then the turn's `accounts_changed` merged (a subscriber's process reads the balances again whichever commit
 * changed them, so only the set of accounts matters).
 */
export function coalescedPublisher(publish: Publish): Publish {
  let queued: StreamEvent[] = [];
  let accountIds = new Set<string>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const events = queued;
    const ids = [...accountIds];
    queued = [];
    accountIds = new Set();
    for (let start = 0; start < ids.length; start += accountIdsPerEvent)
      events.push({
        stream: 'control',
        event: 'accounts_changed',
        accountIds: ids.slice(start, start + accountIdsPerEvent),
      });
    if (events.length > 0) publish(events);
  };

  return (events) => {
    for (const event of events)
      if (event.stream === 'control' && event.event === 'accounts_changed')
        for (const id of event.accountIds) accountIds.add(id);
      else queued.push(event);
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
}
