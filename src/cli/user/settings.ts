import type { components } from '../../../generated/types/platform.js';
import { platformData, type Session } from './http.js';
import { renderRecord, show, type Output } from './output.js';

type SystemSettings = components['schemas']['SystemSettings'];

export const settingNames = ['auto-buy-max-price', 'self-trade-prevention'] as const;
export type SettingName = (typeof settingNames)[number];

function renderSettings(settings: SystemSettings): string {
  const reload = settings.auto_reload;
  return renderRecord([
    ['account mode', settings.account_mode],
    ['auto-buy', settings.auto_buy_enabled],
    ['auto-buy max price', settings.auto_buy_max_price ?? 'none (market)'],
    ['auto-transfer', settings.auto_transfer_enabled],
    ['self-trade prevention', settings.self_trade_prevention],
    ['auto-reload', reload.enabled ? `below ${reload.threshold_usd} USD add ${reload.amount_usd} USD${reload.monthly_limit_usd === null ? '' : `, at most ${reload.monthly_limit_usd} USD a month`}` : 'off'],
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
      ? await platformData<SystemSettings>(session, 'PATCH', '/v1/self/system-settings/auto-buy', { body: { auto_buy_max_price: value === 'none' ? null : value } })
      : await platformData<SystemSettings>(session, 'PATCH', '/v1/self/system-settings/trading', { body: { self_trade_prevention: value } });
  show(output, settings, () => renderSettings(settings));
}
