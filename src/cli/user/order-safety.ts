import type { components } from '../../../generated/types/trading.js';
import { tradingData, type Session } from './http.js';
import { resolveMarket } from './market.js';
import { CliError, renderRecord, renderTable, show, type Output } from './output.js';

type DeadManSwitch = components['schemas']['DeadManSwitch'];
type BatchCancelResult = components['schemas']['BatchCancelResult'];

/**
 * `mkt cancel-after SECONDS [--market M]`: arms (or re-arms) the dead-man's switch, which cancels
 * your open orders (of M, or everywhere) unless called again within SECONDS; 0 disarms it. The
 * server judges the range (5 to 86,400).
 */
export async function cancelAfter(
  session: Session,
  output: Output,
  secondsText: string,
  options: { market?: string },
): Promise<void> {
  if (!/^\d{1,9}$/.test(secondsText))
    throw new CliError(`SECONDS must be a whole number: 0 to disarm, or 5 to 86400; got ${secondsText}`);
  const market = options.market === undefined ? undefined : await resolveMarket(session, options.market);
  const body = { timeout_seconds: Number(secondsText), ...(market ? { market_id: market.market_id } : {}) };
  const armed = await tradingData<DeadManSwitch>(session, 'POST', '/v1/orders/cancel-all-after', { body });
  const scope = market ? `${market.instrument_symbol} (${market.market_id})` : 'every market';
  show(output, armed, () =>
    renderRecord([
      ['scope', scope],
      ['current time', armed.current_time],
      ['trigger time', armed.trigger_time ?? 'disarmed'],
    ]),
  );
}

/** `mkt cancel ID ID …`: several orders at once (`POST /v1/orders/batch-cancel`), a status each. */
export async function cancelOrdersById(session: Session, output: Output, orderIds: readonly string[]): Promise<void> {
  const results = await tradingData<BatchCancelResult[]>(session, 'POST', '/v1/orders/batch-cancel', {
    body: { order_ids: orderIds },
  });
  show(output, results, () =>
    renderTable(
      ['order', 'status'],
      results.map((r) => [r.order_id, r.status]),
    ),
  );
}
