import type { operations } from '../../../generated/types/platform.js';
import { notImplemented } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

export const getDiagnostics: Handler<'getDiagnostics'> = notImplemented('Platform diagnostics (issue 3)');
