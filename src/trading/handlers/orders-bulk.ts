import type { operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { toIso, toIsoOrNull } from '../../lib/clock.js';
import { RequestValidationError } from '../../lib/errors.js';
import * as batchCancel from '../orders/batch-cancel.js';
import * as deadManSwitch from '../orders/dead-man-switch.js';
import { callerId } from './requests.js';
import { answered } from './failures.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;

/** The document holds timeout_seconds to 0–86,400; the gap of 1–4 s is ours to refuse, in the schema's own words. */
function checkTimeout(timeoutSeconds: number): void {
  const { timeoutSecondsMin, timeoutSecondsMax } = deadManSwitch;
  if (timeoutSeconds === 0 || timeoutSeconds >= timeoutSecondsMin) return;
  const message = `must be 0 (disarm) or from ${timeoutSecondsMin} to ${timeoutSecondsMax}`;
  throw new RequestValidationError([{ path: 'body.timeout_seconds', message, value: timeoutSeconds }]);
}

export const cancelAllOrdersAfter: Handler<'cancelAllOrdersAfter'> = async ({ principal, body }, services) => {
  checkTimeout(body.timeout_seconds);
  const nowUs = services.clock.nowUs();
  const triggerAtUs = answered(
    await deadManSwitch.cancelAllOrdersAfter(
      services,
      callerId(principal),
      { timeoutSeconds: body.timeout_seconds, marketId: body.market_id },
      nowUs,
    ),
  );
  return ok({ data: { current_time: toIso(nowUs), trigger_time: toIsoOrNull(triggerAtUs) } });
};

export const batchCancelOrders: Handler<'batchCancelOrders'> = async ({ principal, body }, services) => {
  const results = answered(
    await batchCancel.batchCancelOrders(services, callerId(principal), body.order_ids, services.clock.nowUs()),
  );
  return ok({ data: results.map(({ orderId, status }) => ({ order_id: orderId, status })) });
};
