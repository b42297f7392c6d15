import { expect } from 'chai';
import { coalescedPublisher } from '../../src/app/coalesced-publisher.js';
import type { StreamEvent } from '../../src/core/events.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const changed = (...accountIds: string[]): StreamEvent => ({
  stream: 'control',
  event: 'accounts_changed',
  accountIds,
});
const keyDeleted: StreamEvent = { stream: 'control', event: 'signing_key_deleted', userId: 'u1', fingerprint: 'f1' };

describe('streams: announcements of one turn leave together (app/coalesced-publisher.ts)', () => {
  it("publishes a turn's events once, the other events in order, then one accounts_changed of every account", async () => {
    const published: StreamEvent[][] = [];
    const publish = coalescedPublisher((events) => published.push([...events]));
    publish([changed('a', 'b')]);
    publish([keyDeleted]);
    publish([changed('b', 'c')]);
    expect(published).to.deep.equal([]);
    await nextTurn();
    expect(published).to.deep.equal([[keyDeleted, changed('a', 'b', 'c')]]);
  });

  it('publishes each turn on its own, and nothing for a turn without events', async () => {
    const published: StreamEvent[][] = [];
    const publish = coalescedPublisher((events) => published.push([...events]));
    publish([changed('a')]);
    await nextTurn();
    publish([changed('a')]);
    await nextTurn();
    publish([]);
    await nextTurn();
    expect(published).to.deep.equal([[changed('a')], [changed('a')]]);
  });

  it('splits the accounts of a busy turn into events of at most 100 ids, each well inside a NOTIFY payload', async () => {
    const published: StreamEvent[][] = [];
    const publish = coalescedPublisher((events) => published.push([...events]));
    const ids = Array.from({ length: 250 }, (_, i) => `acct_${String(i).padStart(36, '0')}`);
    for (const id of ids) publish([changed(id)]);
    await nextTurn();
    expect(published).to.have.length(1);
    const sizes = published[0]!.map((e) =>
      e.stream === 'control' && e.event === 'accounts_changed' ? e.accountIds.length : 0,
    );
    expect(sizes).to.deep.equal([100, 100, 50]);
    expect(
      published[0]!.flatMap((e) => (e.stream === 'control' && e.event === 'accounts_changed' ? e.accountIds : [])),
    ).to.deep.equal(ids);
    for (const event of published[0]!) expect(Buffer.byteLength(JSON.stringify(event))).to.be.below(7_900);
  });
});
