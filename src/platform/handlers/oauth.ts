import type { operations } from '../../../generated/types/platform.js';
import { notImplemented } from '../../http/respond.js';
import type { OperationHandler } from '../../http/types.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;
const pending = notImplemented('The OAuth device flow (issue 3)');

/** RFC 6749 endpoints: a request that fails the schema answers 400 invalid_request in the RFC body. */
export const oauthShapedOperations: ReadonlySet<string> = new Set(['createDeviceCode', 'createToken', 'revokeToken']);

export const getAuthorizationServerMetadata: Handler<'getAuthorizationServerMetadata'> = pending;
export const listOAuthScopes: Handler<'listOAuthScopes'> = pending;
export const createDeviceCode: Handler<'createDeviceCode'> = pending;
export const createToken: Handler<'createToken'> = pending;
export const revokeToken: Handler<'revokeToken'> = pending;
export const listOAuthGrants: Handler<'listOAuthGrants'> = pending;
export const deleteOAuthGrant: Handler<'deleteOAuthGrant'> = pending;
