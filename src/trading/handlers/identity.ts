import type { components, operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import { AssertionFailed } from '../../lib/assert.js';
import { toIso } from '../../lib/clock.js';
import type { SignedIdentity, TradingCaller } from '../../core/diagnostics.js';
import { isSupplier } from '../supply.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K]>;

function signedCaller(principal: Principal | null): TradingCaller {
  if (principal?.kind !== 'signature') throw new AssertionFailed('trading identity operations need a signature principal');
  return principal;
}

function meView({ user, signingKey }: SignedIdentity, isSupplier: boolean): components['schemas']['Me'] {
  return {
    user_id: user.id,
    email: user.email,
    account_mode: user.account_mode,
    status: user.status,
    email_verified: user.email_verified_at_us !== null,
    legal_terms_accepted: user.legal_terms_accepted_at_us !== null,
    is_supplier: isSupplier,
    signing_key: { id: signingKey.id, label: signingKey.label, fingerprint: signingKey.fingerprint },
    created_at: toIso(user.created_at_us),
  };
}

export const getMe: Handler<'getMe'> = async ({ principal }, services) => {
  const caller = signedCaller(principal);
  return ok({ data: meView(await services.diagnostics.signedIdentity(caller), await isSupplier(services, caller.userId)) });
};

export const getDiagnostics: Handler<'getDiagnostics'> = async ({ principal }, { diagnostics }) =>
  ok({ data: await diagnostics.trading(signedCaller(principal)) });
