import type { operations } from '../../../generated/types/platform.js';
import { notImplemented } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;
const pending = notImplemented('Account settings (issue 3)');

export const getSystemSettings: Handler<'getSystemSettings'> = pending;
export const setAccountMode: Handler<'setAccountMode'> = pending;
export const updateAutoBuy: Handler<'updateAutoBuy'> = pending;
export const updateAutoTransfer: Handler<'updateAutoTransfer'> = pending;
export const updateAutoReload: Handler<'updateAutoReload'> = pending;
