import { parseArgs } from 'node:util';
import type { Services } from '../app/services.js';
import type { ProcessStatus } from '../app/process-status.js';
import { lastAuditRun, type AuditRun } from '../db/audit-runs.js';
import { marketStatuses, slotsInUse, type MarketStatusRow } from '../db/market-status.js';
import { toIso } from '../lib/clock.js';
import { formatDecimal, priceScale } from '../lib/money.js';
import { listSuppliers, type Supplier } from '../trading/supply/supply.js';
import { endpointsStatus, renderEndpointsStatus } from './admin-status-endpoints.js';
import { marketOwnersStatus, renderMarketOwners } from './admin-status-markets.js';
import { renderRecord, renderTable } from './user/output.js';

/**
 * `mkt admin status [--metrics URL]… [--json]`: the state of the market for people. From the database: every market's
 * best bid and ask, resting orders and last trade; the inference slots in use per instrument; the endpoints per
 * instrument as the watch left them, with the latest qualification changes (admin-status-endpoints.ts); the last
 * ledger audit. From each running `mkt serve` (its metrics listener's `/status`, app/process-status.ts): each
 * supplier's state (ok or cooling down, kept in that process's memory), the event lag and the slots it holds. Last, the
 * map of markets to processes, with its warnings (admin-status-markets.ts).
 */

/** The metrics listener's default address (MKT_METRICS_HOST:MKT_METRICS_PORT). */
const metricsUrlDefault = 'http://127.0.0.1:9464';
/** A process that does not answer its /status within this is reported as not answering. */
const statusWaitMs = 3_000;

/** A command's human view, printed as it is (the other admin commands print their JSON). */
export class HumanView {
  constructor(readonly text: string) {}
}

type ProcessAnswer =
  { url: string; answered: true; status: ProcessStatus } | { url: string; answered: false; error: string };

async function askProcess(baseUrl: string): Promise<ProcessAnswer> {
  const url = `${baseUrl.replace(/\/+$/, '')}/status`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(statusWaitMs) });
    if (!response.ok) return { url, answered: false, error: `HTTP ${response.status}` };
    return { url, answered: true, status: (await response.json()) as ProcessStatus };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { url, answered: false, error: cause instanceof Error ? cause.message : String(cause) };
  }
}

const price = (ticks: number | null) => (ticks === null ? null : formatDecimal(ticks, priceScale));

const marketView = (row: MarketStatusRow) => ({
  market_id: row.marketId,
  model: row.modelName,
  best_bid: price(row.bestBidTicks),
  best_ask: price(row.bestAskTicks),
  resting_orders: row.restingOrders,
  last_trade: row.lastTrade && {
    price: price(row.lastTrade.priceTicks),
    quantity: row.lastTrade.quantity,
    taker_side: row.lastTrade.takerSide,
    executed_at: toIso(row.lastTrade.executedAtUs),
  },
});

const auditView = (run: AuditRun | undefined) =>
  run ? { ran_at: toIso(run.ranAtUs), ok: run.ok, failures: run.failures, detail: run.detail } : null;

/** A supplier is cooling down when any process that answered passes it over; unknown when none answered. */
function supplierView(supplier: Supplier, answers: ProcessAnswer[]) {
  const states = answers.flatMap((a) =>
    a.answered ? a.status.suppliers.filter((s) => s.supplier_user_id === supplier.userId) : [],
  );
  const cooling = states.filter((s) => s.state === 'cooling_down');
  const anyAnswered = answers.some((a) => a.answered);
  return {
    supplier_user_id: supplier.userId,
    email: supplier.email,
    status: supplier.status,
    state: cooling.length > 0 ? 'cooling_down' : anyAnswered ? 'ok' : 'unknown',
    cooling_until:
      cooling
        .map((s) => s.cooling_until)
        .sort()
        .at(-1) ?? null,
  };
}

type ProcessView =
  | ({ url: string; answered: true; process_id: string | null; host: string; pid: number; slots_held: number } & Pick<
      ProcessStatus,
      'event_lag'
    >)
  | { url: string; answered: false; error: string };

const processView = (answer: ProcessAnswer): ProcessView =>
  answer.answered
    ? {
        url: answer.url,
        answered: true,
        process_id: answer.status.process_id,
        host: answer.status.host,
        pid: answer.status.pid,
        event_lag: answer.status.event_lag,
        slots_held: answer.status.slots_held,
      }
    : { url: answer.url, answered: false, error: answer.error };

type StatusData = Awaited<ReturnType<typeof statusData>>;

async function statusData(services: Services, metricsUrls: string[]) {
  const [markets, slots, audit, suppliers, endpoints, answers, owners] = await Promise.all([
    marketStatuses(services.db),
    slotsInUse(services.db, services.clock.nowUs()),
    lastAuditRun(services.db),
    listSuppliers(services),
    endpointsStatus(services),
    Promise.all(metricsUrls.map(askProcess)),
    marketOwnersStatus(services),
  ]);
  return {
    markets: markets.map(marketView),
    inference_slots: slots.map((s) => ({ instrument_id: s.instrumentId, model: s.modelName, slots_in_use: s.slots })),
    suppliers: suppliers.map((s) => supplierView(s, answers)),
    endpoints,
    last_audit: auditView(audit),
    processes: answers.map(processView),
    market_owners: owners,
  };
}

export async function adminStatus(services: Services, args: string[]): Promise<StatusData | HumanView> {
  const { values } = parseArgs({
    args,
    options: { metrics: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } },
  });
  const data = await statusData(services, values.metrics ?? [metricsUrlDefault]);
  return values.json ? data : new HumanView(renderStatus(data));
}

function renderStatus(data: StatusData): string {
  const markets = renderTable(
    ['market', 'model', 'best bid', 'best ask', 'resting', 'last trade', 'at'],
    data.markets.map((m) => [
      m.market_id,
      m.model,
      m.best_bid,
      m.best_ask,
      m.resting_orders,
      m.last_trade && `${m.last_trade.quantity} @ ${m.last_trade.price} (${m.last_trade.taker_side})`,
      m.last_trade?.executed_at,
    ]),
    { rightAligned: [2, 3, 4] },
  );
  const slots =
    data.inference_slots.length === 0
      ? 'none'
      : renderTable(
          ['instrument', 'model', 'slots in use'],
          data.inference_slots.map((s) => [s.instrument_id, s.model, s.slots_in_use]),
          { rightAligned: [2] },
        );
  const suppliers = renderTable(
    ['supplier', 'email', 'status', 'state', 'cooling until'],
    data.suppliers.map((s) => [s.supplier_user_id, s.email, s.status, s.state, s.cooling_until]),
  );
  return [
    `Markets\n${markets}`,
    `Inference slots in use\n${slots}`,
    `Suppliers\n${suppliers}`,
    renderEndpointsStatus(data.endpoints),
    `Last ledger audit\n${renderAudit(data.last_audit)}`,
    `Processes\n${renderProcesses(data.processes)}`,
    renderMarketOwners(data.market_owners),
  ].join('\n\n');
}

function renderAudit(audit: StatusData['last_audit']): string {
  if (audit === null) return 'none recorded yet (each mkt serve records one every MKT_AUDIT_INTERVAL_S)';
  return renderRecord([
    ['ran at', audit.ran_at],
    ['ok', audit.ok ? 'yes' : 'NO'],
    ['failures', audit.failures],
    ['detail', audit.detail],
  ]);
}

function renderProcesses(processes: StatusData['processes']): string {
  const table = renderTable(
    ['status URL', 'answered', 'process', 'host', 'pid', 'event lag ms (last / max)', 'late events', 'slots held'],
    processes.map((p) =>
      p.answered
        ? [
            p.url,
            'yes',
            p.process_id,
            p.host,
            p.pid,
            `${p.event_lag.last_ms} / ${p.event_lag.max_ms}`,
            p.event_lag.late,
            p.slots_held,
          ]
        : [p.url, `no: ${p.error}`, null, null, null, null, null, null],
    ),
  );
  if (processes.some((p) => p.answered)) return table;
  return (
    `${table}\nNo mkt serve process answered: suppliers' states and the event lag are unknown. ` +
    'Pass each process\u2019s metrics listener with --metrics URL (MKT_METRICS_HOST:MKT_METRICS_PORT, ' +
    `default ${metricsUrlDefault}).`
  );
}
