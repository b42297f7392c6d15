import type { operations } from '../../../generated/types/platform.js';
import { notImplemented } from '../../http/respond.js';
import type { HandlerMap } from '../../http/types.js';

const platformIssue = notImplemented('This platform operation (issue 3: platform and identity)');

/** Every operation of openapi/platform.yaml; the server refuses to start if this and the document disagree. */
export const platformHandlers: HandlerMap<operations> = {
  getAuthorizationServerMetadata: platformIssue,
  listOAuthScopes: platformIssue,
  createDeviceCode: platformIssue,
  createToken: platformIssue,
  revokeToken: platformIssue,
  listOAuthGrants: platformIssue,
  deleteOAuthGrant: platformIssue,
  listApiKeys: platformIssue,
  createApiKey: platformIssue,
  getApiKey: platformIssue,
  updateApiKey: platformIssue,
  deleteApiKey: platformIssue,
  listSigningKeys: platformIssue,
  createSigningKey: platformIssue,
  getSigningKey: platformIssue,
  deleteSigningKey: platformIssue,
  getSystemSettings: platformIssue,
  setAccountMode: platformIssue,
  updateAutoBuy: platformIssue,
  updateAutoTransfer: platformIssue,
  updateAutoReload: platformIssue,
  getDiagnostics: platformIssue,
};
