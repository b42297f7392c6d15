import type { components, operations } from '../../../generated/types/trading.js';
import { ok } from '../../http/respond.js';
import type { OperationHandler, Principal } from '../../http/types.js';
import type { TradingDeps } from '../deps.js';
import { AssertionFailed } from '../../lib/assert.js';
import { toIso } from '../../lib/clock.js';
import type { SignedIdentity, TradingCaller } from '../../core/diagnostics.js';
import { isSupplier } from '../supply/supply.js';

type Handler<K extends keyof operations> = OperationHandler<operations[K], TradingDeps>;
type Capability = components['schemas']['TradingCapability'];

/** The caller of a trading operation: the HTTP layer lets only a signature or an OAuth access token through. */
function tradingCaller(principal: Principal | null): TradingCaller {
  if (principal?.kind !== 'signature' && principal?.kind !== 'oauth')
    throw new AssertionFailed('trading identity operations need a signature or an OAuth principal');
  return principal;
}

/**
 * What the request's credential opens here, named by the scope each operation asks of a token
 * (openapi/trading.yaml): a signature opens everything, a token what its grant holds; the supply
 * operations only for a supplier, whose qualification the issuance itself still checks.
 */
function capabilitiesOf(caller: TradingCaller, supplier: boolean): Capability[] {
  const all: Capability[] = supplier
    ? ['trade:read', 'trade:write', 'supply:read', 'supply:write']
    : ['trade:read', 'trade:write'];
  return caller.kind === 'signature' ? all : all.filter((capability) => caller.scopes.has(capability));
}

function meView(
  { user, signingKey }: SignedIdentity,
  caller: TradingCaller,
  supplier: boolean,
): components['schemas']['Me'] {
  const legalTermsAccepted = user.legal_terms_accepted_at_us !== null;
  return {
    user_id: user.id,
    id: user.id,
    email: user.email,
    account_mode: user.account_mode,
    status: user.status,
    email_verified: user.email_verified_at_us !== null,
    legal_terms_accepted: legalTermsAccepted,
    accepted_terms: legalTermsAccepted,
    is_supplier: supplier,
    auth: caller.kind,
    scopes: caller.kind === 'oauth' ? [...caller.scopes] : null,
    capabilities: capabilitiesOf(caller, supplier),
    signing_key: signingKey && { id: signingKey.id, label: signingKey.label, fingerprint: signingKey.fingerprint },
    created_at: toIso(user.created_at_us),
    updated_at: toIso(user.updated_at_us),
  };
}

export const getMe: Handler<'getMe'> = async ({ principal }, services) => {
  const caller = tradingCaller(principal);
  const supplier = await isSupplier(services, caller.userId);
  return ok({ data: meView(await services.diagnostics.signedIdentity(caller), caller, supplier) });
};

export const getDiagnostics: Handler<'getDiagnostics'> = async ({ principal }, { diagnostics }) =>
  ok({ data: await diagnostics.trading(tradingCaller(principal)) });
