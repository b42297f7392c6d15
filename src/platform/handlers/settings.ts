import type { operations } from '../../../generated/types/platform.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';
import * as settings from '../../core/settings.js';
import { callerId } from './keys.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

export const getSystemSettings: Handler<'getSystemSettings'> = async ({ principal }, services) =>
  ok({ data: await settings.getSystemSettings(services, callerId(principal)) });

export const setAccountMode: Handler<'setAccountMode'> = async ({ principal, body }, services) =>
  ok({ data: await settings.setAccountMode(services, callerId(principal), body.account_mode) });

export const updateAutoBuy: Handler<'updateAutoBuy'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoBuy(services, callerId(principal), body.auto_buy_enabled) });

export const updateAutoTransfer: Handler<'updateAutoTransfer'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoTransfer(services, callerId(principal), body.auto_transfer_enabled) });

export const updateAutoReload: Handler<'updateAutoReload'> = async ({ principal, body }, services) =>
  ok({ data: await settings.updateAutoReload(services, callerId(principal), body) });
