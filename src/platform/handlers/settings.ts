import type { operations } from '../../../generated/types/platform.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import * as settings from '../../core/settings.js';
import { checkAutoReload } from '../auto-reload.js';
import {
  autoReloadPatchOf,
  autoTopUpPatchOf,
  autoTransferOf,
  requestedAccountMode,
} from '../../core/settings-spellings.js';
import { callerId } from './keys.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], PlatformDeps>;

export const getSystemSettings: Handler<'getSystemSettings'> = async ({ principal }, services) =>
  ok({ data: await settings.getSystemSettings(services, callerId(principal)) });

export const setAccountMode: Handler<'setAccountMode'> = async ({ principal, body }, services) =>
  ok({ data: await settings.setAccountMode(services, callerId(principal), requestedAccountMode(body)) });

export const updateAutoBuy: Handler<'updateAutoBuy'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoBuy(services, callerId(principal), body) });

export const updateTradingSettings: Handler<'updateTradingSettings'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateTradingSettings(services, callerId(principal), body.self_trade_prevention) });

export const updateAutoTransfer: Handler<'updateAutoTransfer'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoTransfer(services, callerId(principal), autoTransferOf(body)) });

/** Saved settings may already find the balance below the threshold: checked at once, and answered as they then are. */
export const updateAutoReload: Handler<'updateAutoReload'> = async ({ principal, body }, services) => {
  const userId = callerId(principal);
  const saved = await settings.updateAutoReload(services, userId, autoReloadPatchOf(body));
  if (!saved.auto_reload.enabled) return ok({ data: saved });
  const checked = await checkAutoReload(services, userId, services.clock.nowUs());
  return ok({ data: checked?.outcome === 'reloaded' ? await settings.getSystemSettings(services, userId) : saved });
};

export const updateAutoTopUp: Handler<'updateAutoTopUp'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoTopUp(services, callerId(principal), autoTopUpPatchOf(body)) });

export const toggleAutoTopUp: Handler<'toggleAutoTopUp'> = async ({ principal }, services) =>
  ok({ data: await settings.toggleAutoTopUp(services, callerId(principal)) });
