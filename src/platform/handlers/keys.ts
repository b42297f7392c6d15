import type { operations } from '../../../generated/types/platform.js';
import { notImplemented } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;
const pending = notImplemented('Key management (issue 3)');

export const listApiKeys: Handler<'listApiKeys'> = pending;
export const createApiKey: Handler<'createApiKey'> = pending;
export const getApiKey: Handler<'getApiKey'> = pending;
export const updateApiKey: Handler<'updateApiKey'> = pending;
export const deleteApiKey: Handler<'deleteApiKey'> = pending;
export const listSigningKeys: Handler<'listSigningKeys'> = pending;
export const createSigningKey: Handler<'createSigningKey'> = pending;
export const getSigningKey: Handler<'getSigningKey'> = pending;
export const deleteSigningKey: Handler<'deleteSigningKey'> = pending;
