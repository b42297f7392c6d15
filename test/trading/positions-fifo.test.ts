import { expect } from 'chai';
import type { PositionEventRow } from '../../src/db/positions.js';
import { averageCostMicros, foldPosition } from '../../src/trading/accounts/positions.js';

/** The FIFO fold of GET /v1/positions, without a database: events in, cost and P&L (micro-dollars) out. */
const instrument = 'instrument-00000000-0000-0000-0000-000000000001';
let clock = 0;
const event = (kind: PositionEventRow['kind'], quantity: number, priceTicks = 0, feeMicros = 0): PositionEventRow => ({
  instrument_id: instrument,
  kind,
  quantity,
  price_ticks: priceTicks,
  fee_micros: feeMicros,
  at_us: ++clock,
});
const buy = (quantity: number, priceTicks: number, feeMicros = 0) => event('buy', quantity, priceTicks, feeMicros);
const sell = (quantity: number, priceTicks: number, feeMicros = 0) => event('sell', quantity, priceTicks, feeMicros);

describe('trading: positions, the FIFO fold', () => {
  // Each row: events, the Units the ledger holds (trading, consumption), and the figures expected.
  const rows: {
    name: string;
    events: PositionEventRow[];
    held: [number, number];
    cost: number;
    realized: number;
    fees: number;
  }[] = [
    {
      name: 'one buy: cost is price × quantity plus the fee',
      events: [buy(10, 4000, 20_000)],
      held: [10, 0],
      cost: 4_020_000,
      realized: 0,
      fees: 20_000,
    },
    {
      name: 'three buys and a partial sell: the oldest lot closes first, then part of the next',
      events: [buy(10, 4000, 20_000), buy(10, 5000, 25_000), buy(10, 6000, 30_000), sell(15, 7000, 52_500)],
      held: [15, 0],
      // closed: 4.020000 + 5 of 10 of 5.025000 = 6.532500; proceeds 10.500000 − 0.052500
      cost: 2_512_500 + 6_030_000,
      realized: 10_447_500 - 6_532_500,
      fees: 127_500,
    },
    {
      name: 'two partial sells of one lot share its cost without losing a micro-dollar',
      events: [buy(3, 3333, 1), sell(1, 4000), sell(1, 4000)],
      held: [1, 0],
      // lot cost 999_900 + 1 = 999_901; each sell takes floor(cost left × 1 / Units left) = 333_300; the last Unit keeps 333_301
      cost: 333_301,
      realized: 400_000 - 333_300 + 400_000 - 333_300,
      fees: 1,
    },
    {
      name: 'issued Units cost 0: their sale is all gain, less the fee',
      events: [event('issue', 100), sell(30, 4000, 60_000)],
      held: [70, 0],
      cost: 0,
      realized: 12_000_000 - 60_000,
      fees: 60_000,
    },
    {
      name: 'issued Units count in the average at 0 beside bought ones',
      events: [event('issue', 10), buy(10, 5000)],
      held: [20, 0],
      cost: 5_000_000,
      realized: 0,
      fees: 0,
    },
    {
      name: 'a sell after a transfer closes trading lots only; transferred lots keep their cost',
      events: [buy(5, 4000), buy(5, 6000), event('transfer', 5), sell(5, 7000)],
      held: [0, 5],
      // the transfer took the 0.40 lot to consumption; the sell closed the 0.60 lot
      cost: 2_000_000,
      realized: 3_500_000 - 3_000_000,
      fees: 0,
    },
    {
      name: 'Units consumed leave the oldest consumption lots at cost, with no gain or loss',
      events: [buy(4, 4000), buy(4, 8000), event('transfer', 8)],
      held: [0, 5],
      // 3 of the 0.40 lot were consumed: 1 × 0.40 + 4 × 0.80 remain
      cost: 400_000 + 3_200_000,
      realized: 0,
      fees: 0,
    },
    {
      name: 'Units held with no record of a price count at cost 0',
      events: [buy(2, 5000)],
      held: [7, 0],
      cost: 1_000_000,
      realized: 0,
      fees: 0,
    },
    {
      name: 'a sell of Units with no recorded lot is all gain',
      events: [sell(2, 5000)],
      held: [0, 0],
      cost: 0,
      realized: 1_000_000,
      fees: 0,
    },
    {
      name: 'everything sold: nothing left at cost',
      events: [buy(10, 4000, 20_000), sell(10, 3000, 15_000)],
      held: [0, 0],
      cost: 0,
      realized: 3_000_000 - 15_000 - 4_020_000,
      fees: 35_000,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const figures = foldPosition(row.events, { tradingUnits: row.held[0], consumptionUnits: row.held[1] });
      expect({
        cost: figures.totalCostMicros,
        realized: figures.realizedMicros,
        fees: figures.feesMicros,
      }).to.deep.equal({ cost: row.cost, realized: row.realized, fees: row.fees });
    });
  }

  it('keeps the first acquisition and the last event', () => {
    const events = [sell(1, 1000), buy(1, 1000), event('transfer', 1)];
    const figures = foldPosition(events, { tradingUnits: 0, consumptionUnits: 1 });
    expect([figures.firstAcquiredAtUs, figures.lastEventAtUs]).to.deep.equal([events[1]!.at_us, events[2]!.at_us]);
    expect(foldPosition([], { tradingUnits: 3, consumptionUnits: 0 })).to.include({
      firstAcquiredAtUs: null,
      lastEventAtUs: null,
      totalCostMicros: 0,
    });
  });

  it('rounds the average cost half up to the micro-dollar, and has none at quantity 0', () => {
    expect([
      averageCostMicros(7_537_500, 13),
      averageCostMicros(3, 2),
      averageCostMicros(5, 2),
      averageCostMicros(0, 0),
    ]).to.deep.equal([579_808, 2, 3, null]);
  });
});
