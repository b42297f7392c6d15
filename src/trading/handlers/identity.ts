import type { operations } from '../../../generated/types/trading.js';
import { notImplemented } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;
const pending = notImplemented('This identity operation (issue 3: platform and identity)');

export const getMe: Handler<'getMe'> = pending;
export const getDiagnostics: Handler<'getDiagnostics'> = pending;
