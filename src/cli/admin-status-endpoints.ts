import type { Services } from '../app/services.js';
import { instrumentEndpoints, latestQualificationEvents } from '../db/endpoint-status.js';
import type { QualificationEventRow } from '../db/qualification-events.js';
import { toIso } from '../lib/clock.js';
import { renderTable } from './user/output.js';

/**
 * The endpoints' section of `mkt admin status` (issue 31, item 5): per instrument, its endpoints qualified, suspended by
 * the watch or by an operator, and missing the contract; the canaries sent and passed in the last hour; and the latest
 * changes of qualification, with who made them and why. All of it is in the database, the same from any process.
 */

const canaryWindowUs = 3_600_000_000;
/** The changes of qualification shown: the latest few, enough to see what the watch and operators just did. */
const eventsShown = 5;

const eventView = (row: QualificationEventRow) => ({
  at: toIso(Number(row.created_at_us)),
  endpoint_id: row.endpoint_id,
  instrument_id: row.instrument_id,
  event: row.event,
  actor: row.actor,
  qualification: row.qualification,
  reason: row.reason,
});

export async function endpointsStatus(services: Pick<Services, 'db' | 'clock'>) {
  const [instruments, events] = await Promise.all([
    instrumentEndpoints(services.db, services.clock.nowUs() - canaryWindowUs),
    latestQualificationEvents(services.db, eventsShown),
  ]);
  return {
    instruments: instruments.map((row) => ({
      instrument_id: row.instrumentId,
      model: row.modelName,
      qualified: row.qualified,
      suspended_by_watch: row.suspendedByWatch,
      suspended_by_operator: row.suspendedByOperator,
      misses: row.misses,
      canaries_last_hour: { sent: row.canariesSent, passed: row.canariesPassed },
    })),
    latest_events: events.map(eventView),
  };
}

export function renderEndpointsStatus(status: Awaited<ReturnType<typeof endpointsStatus>>): string {
  const instruments =
    status.instruments.length === 0
      ? 'none'
      : renderTable(
          [
            'instrument',
            'model',
            'qualified',
            'suspended by watch',
            'by operator',
            'misses',
            'canaries 1h passed / sent',
          ],
          status.instruments.map((i) => [
            i.instrument_id,
            i.model,
            i.qualified,
            i.suspended_by_watch,
            i.suspended_by_operator,
            i.misses,
            `${i.canaries_last_hour.passed} / ${i.canaries_last_hour.sent}`,
          ]),
          { rightAligned: [2, 3, 4, 5, 6] },
        );
  const events =
    status.latest_events.length === 0
      ? 'none'
      : renderTable(
          ['at', 'endpoint', 'instrument', 'event', 'by', 'qualification', 'reason'],
          status.latest_events.map((e) => [
            e.at,
            e.endpoint_id,
            e.instrument_id,
            e.event,
            e.actor,
            e.qualification,
            e.reason,
          ]),
        );
  return `Endpoints per instrument\n${instruments}\n\nLatest qualification changes\n${events}`;
}
