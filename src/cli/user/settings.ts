import type { components } from '../../../generated/types/platform.js';
import { platformData, type Session } from './http.js';
import { CliError, renderRecord, show, type Output } from './output.js';

type SystemSettings = components['schemas']['SystemSettings'];

export const settingNames = ['auto-buy-max-price', 'self-trade-prevention'] as const;
type SettingName = (typeof settingNames)[number];

function renderSettings(settings: SystemSettings): string {
  const reload = settings.auto_reload;
  const topUp = settings.auto_top_up;
  return renderRecord([
    ['account mode', settings.account_mode],
    ['auto-buy', settings.auto_buy_enabled],
    ['auto-buy max price', settings.auto_buy_max_price ?? 'none (market)'],
    ['auto-transfer', settings.auto_transfer_enabled],
    ['self-trade prevention', settings.self_trade_prevention],
    [
      'auto-reload',
      reload.enabled
        ? `below ${reload.threshold_usd} USD add ${reload.amount_usd} USD${reload.monthly_limit_usd === null ? '' : `, at most ${reload.monthly_limit_usd} USD a month`}`
        : 'off',
    ],
    [
      'auto top-up',
      topUp.enabled
        ? `buy ${topUp.quantity} Units when a consumption account holds fewer than ${topUp.trigger_threshold}`
        : 'off',
    ],
    ['last top-up', topUp.last_outcome === null ? 'never' : `${topUp.last_outcome} at ${topUp.last_attempt_at}`],
    ['updated', settings.updated_at],
  ]);
}

/** `mkt settings`: the account's settings and defaults. */
export async function showSettings(session: Session, output: Output): Promise<void> {
  const settings = await platformData<SystemSettings>(session, 'GET', '/v1/self/system-settings');
  show(output, settings, () => renderSettings(settings));
}

/**
 * `mkt settings set auto-buy-max-price PRICE|none` and `mkt settings set self-trade-prevention MODE`:
 * each its endpoint; the service checks the value (a price, USD per Unit, at most four decimals).
 */
export async function setSetting(session: Session, output: Output, name: SettingName, value: string): Promise<void> {
  const settings =
    name === 'auto-buy-max-price'
      ? await platformData<SystemSettings>(session, 'PATCH', '/v1/self/system-settings/auto-buy', {
          body: { auto_buy_max_price: value === 'none' ? null : value },
        })
      : await platformData<SystemSettings>(session, 'PATCH', '/v1/self/system-settings/trading', {
          body: { self_trade_prevention: value },
        });
  show(output, settings, () => renderSettings(settings));
}

export interface AutoTopUpOptions {
  on?: boolean;
  off?: boolean;
  quantity?: string;
  threshold?: string;
}

/**
 * Whole Units as the API takes them; `none` clears. Anything else is sent as written, for the service to refuse with
 * its reason.
 */
function unitsOrNone(text: string): number | string | null {
  if (text === 'none') return null;
  return /^[0-9]{1,10}$/.test(text) ? Number(text) : text;
}

/**
 * `mkt settings auto-top-up [--on|--off] [--quantity UNITS|none] [--threshold UNITS|none]`
 * (PATCH /v1/self/system-settings/auto-top-up): after an inference leaves a consumption account
 * below the threshold, the service buys the quantity and moves it there.
 */
export async function setAutoTopUp(session: Session, output: Output, options: AutoTopUpOptions): Promise<void> {
  if (options.on && options.off) throw new CliError('give --on or --off, not both');
  const body = {
    ...(options.on ? { enabled: true } : options.off ? { enabled: false } : {}),
    ...(options.quantity === undefined ? {} : { quantity: unitsOrNone(options.quantity) }),
    ...(options.threshold === undefined ? {} : { trigger_threshold: unitsOrNone(options.threshold) }),
  };
  if (Object.keys(body).length === 0)
    throw new CliError('nothing to change: give --on, --off, --quantity or --threshold');
  const settings = await platformData<SystemSettings>(session, 'PATCH', '/v1/self/system-settings/auto-top-up', {
    body,
  });
  show(output, settings, () => renderSettings(settings));
}
