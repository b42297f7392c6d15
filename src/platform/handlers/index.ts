import type { operations } from '../../../generated/types/platform.js';
import type { HandlerMap } from '../../http/types.js';
import type { PlatformDeps } from '../deps.js';
import { getDiagnostics } from './diagnostics.js';
import { createDeposit, getDeposit, getFunding, listDeposits } from './funds.js';
import {
  cancelWithdrawal,
  createPayoutDestination,
  createWithdrawal,
  deletePayoutDestination,
  getWithdrawal,
  listPayoutDestinations,
  listWithdrawals,
} from './withdrawals.js';
import {
  createApiKey,
  createSigningKey,
  deleteApiKey,
  deleteSigningKey,
  getApiKey,
  getSigningKey,
  listApiKeys,
  listSigningKeys,
  updateApiKey,
} from './keys.js';
import {
  createDeviceCode,
  createToken,
  deleteOAuthGrant,
  getAuthorizationServerMetadata,
  listOAuthGrants,
  listOAuthScopes,
  revokeToken,
} from './oauth.js';
import {
  getSystemSettings,
  setAccountMode,
  toggleAutoTopUp,
  updateAutoBuy,
  updateAutoReload,
  updateAutoTopUp,
  updateAutoTransfer,
  updateTradingSettings,
} from './settings.js';

export { oauthShapedOperations } from './oauth.js';

/** Every operation of openapi/platform.yaml; the server refuses to start if this and the document disagree. */
export const platformHandlers: HandlerMap<operations, PlatformDeps> = {
  getAuthorizationServerMetadata,
  listOAuthScopes,
  createDeviceCode,
  createToken,
  revokeToken,
  listOAuthGrants,
  deleteOAuthGrant,
  listApiKeys,
  createApiKey,
  getApiKey,
  updateApiKey,
  deleteApiKey,
  listSigningKeys,
  createSigningKey,
  getSigningKey,
  deleteSigningKey,
  getSystemSettings,
  setAccountMode,
  updateAutoBuy,
  updateAutoTransfer,
  updateAutoTopUp,
  toggleAutoTopUp,
  updateTradingSettings,
  updateAutoReload,
  getFunding,
  listDeposits,
  createDeposit,
  getDeposit,
  listPayoutDestinations,
  createPayoutDestination,
  deletePayoutDestination,
  listWithdrawals,
  createWithdrawal,
  getWithdrawal,
  cancelWithdrawal,
  getDiagnostics,
};
