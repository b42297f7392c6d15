import type { operations } from '../../../generated/types/platform.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import { callerId } from './keys.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

export const getSystemSettings: Handler<'getSystemSettings'> = async ({ principal }, { settings }) =>
  ok({ data: await settings.get(callerId(principal)) });

export const setAccountMode: Handler<'setAccountMode'> = async ({ principal, body }, { settings }) =>
  ok({ data: await settings.setAccountMode(callerId(principal), body.account_mode) });

export const updateAutoBuy: Handler<'updateAutoBuy'> = async ({ principal, body }, { settings }) =>
  ok({ data: await settings.updateAutoBuy(callerId(principal), body.auto_buy_enabled) });

export const updateAutoTransfer: Handler<'updateAutoTransfer'> = async ({ principal, body }, { settings }) =>
  ok({ data: await settings.updateAutoTransfer(callerId(principal), body.auto_transfer_enabled) });

export const updateAutoReload: Handler<'updateAutoReload'> = async ({ principal, body }, { settings }) =>
  ok({ data: await settings.updateAutoReload(callerId(principal), body) });
