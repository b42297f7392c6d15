import { addFundsHint } from './payments.js';
import type { components } from '../../generated/types/platform.js';
import { countActiveApiKeys, countTradingAccounts, marketsControls } from '../db/diagnostics.js';
import { apiKeyById, signingKeyOfUser } from '../db/identity.js';
import type { Db } from '../db/knex.js';
import { grantClientId } from '../db/oauth.js';
import { toIso, type Clock } from '../lib/clock.js';
import { Failure } from '../lib/failure.js';
import { allowanceOf, freeDailyRequestsMax } from './allowance.js';
import { listModels, type MarketRow } from './reference.js';
import { requireUser } from './account-rules.js';
import { scopeCatalogue } from './oauth-catalogue.js';
import type { SigningKeyRow, UserRow } from './identity.js';

/**
 * The read-only readiness checks of the three APIs (specification part 2 "Diagnostics envelope";
 * the getDiagnostics operation of each document lists its checks and codes). Each check says what
 * is wrong and, when something needs doing, how to fix it. Nothing here changes state.
 */
export type Diagnostics = components['schemas']['Diagnostics'];
type Check = components['schemas']['DiagnosticsCheck'];
type Status = components['schemas']['DiagnosticsStatus'];

/** Who called the platform API: an OAuth access token or a dashboard session. */
export type PlatformCaller =
  | { kind: 'oauth'; userId: string; grantId: string; scopes: ReadonlySet<string> }
  | { kind: 'session'; userId: string; sessionId: string };

/**
 * Who called the trading API: a signing key's signature, or an OAuth access token (openapi/trading.yaml
 * "Authentication").
 */
export type TradingCaller =
  | { kind: 'signature'; userId: string; signingKeyId: string; fingerprint: string }
  | { kind: 'oauth'; userId: string; grantId: string; scopes: ReadonlySet<string> };

export interface ConsumptionCaller {
  userId: string;
  apiKeyId: string;
}

export interface SignedIdentity {
  user: UserRow;
  /** The key that signed the request; null for an OAuth access token. */
  signingKey: SigningKeyRow | null;
}

/** A dashboard session acts with every scope of the catalogue (platform.yaml "Credentials"). */
const sessionScopes = scopeCatalogue.map((s) => s.scope);

const statusRank: Record<Status, number> = { ok: 0, warn: 1, fail: 2 };

const ok = (name: string, code: string, detail: string): Check => ({
  name,
  status: 'ok',
  code,
  detail,
  next_action: null,
});
const warn = (name: string, code: string, detail: string, nextAction: string): Check => ({
  name,
  status: 'warn',
  code,
  detail,
  next_action: nextAction,
});
const fail = (name: string, code: string, detail: string, nextAction: string): Check => ({
  name,
  status: 'fail',
  code,
  detail,
  next_action: nextAction,
});

function envelope(
  service: Diagnostics['service'],
  nowUs: number,
  checks: Check[],
  summary: Record<string, unknown>,
): Diagnostics {
  const status = checks.reduce<Status>(
    (worst, check) => (statusRank[check.status] > statusRank[worst] ? check.status : worst),
    'ok',
  );
  return { status, service, server_time: toIso(nowUs), checks, summary };
}

/** Diagnostics refuse only a caller whose signing key went between its authentication and the check. */
export type DiagnosticsFailure = 'unknown_fingerprint';

const unknownFingerprint = (fingerprint: string) =>
  new Failure<DiagnosticsFailure>(
    'unknown_fingerprint',
    `No signing key with fingerprint ${fingerprint} is registered (it has just been deleted).`,
  );

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A market accepts orders once its controls are coherent (DESIGN.md §4 defaults). */
const controlsReady = (m: Pick<MarketRow, 'tick_size_ticks' | 'lot_size' | 'min_order_size' | 'max_order_size'>) =>
  m.tick_size_ticks > 0 && m.lot_size > 0 && m.min_order_size > 0 && m.min_order_size <= m.max_order_size;

async function authenticationCheck(db: Db, caller: PlatformCaller): Promise<Check> {
  if (caller.kind === 'session')
    return ok('authentication', 'session_authenticated', 'Authenticated with the dashboard session.');
  const clientId = await grantClientId(db, caller.grantId);
  return ok(
    'authentication',
    'oauth_authenticated',
    `Authenticated with an OAuth access token of client ${clientId ?? 'unknown'}.`,
  );
}

const accountStatusCheck = (user: UserRow, name: string, inactive: typeof warn): Check =>
  user.status === 'active'
    ? ok(name, 'account_active', 'The account is active.')
    : inactive(
        name,
        'account_inactive',
        'The account is inactive.',
        'Contact support to have the account reactivated.',
      );

/** What the account may do: a verified email, accepted terms, an active status. */
function accountChecks(user: UserRow): Check[] {
  return [
    user.email_verified_at_us !== null
      ? ok('email', 'email_verified', 'Email address verified.')
      : warn(
          'email',
          'email_unverified',
          'The email address is not verified; settings cannot be changed.',
          'Open the verification link sent at sign-up, or ask the dashboard for a new one.',
        ),
    user.legal_terms_accepted_at_us !== null
      ? ok('legal_terms', 'legal_terms_accepted', 'Legal terms accepted.')
      : warn(
          'legal_terms',
          'legal_terms_not_accepted',
          'The legal terms are not accepted; settings cannot be changed.',
          'Accept the legal terms on the dashboard.',
        ),
    user.status === 'active'
      ? ok('account_status', 'account_active', 'Account is active.')
      : warn(
          'account_status',
          'account_inactive',
          'The account is inactive: settings writes and key creation are refused.',
          'Contact support to have the account reactivated.',
        ),
  ];
}

/** What the account is set up for: consumption keys, and the mode that says who buys. */
function setupChecks(user: UserRow, activeApiKeys: number): Check[] {
  return [
    activeApiKeys > 0
      ? ok(
          'api_keys',
          'api_keys_present',
          `${plural(activeApiKeys, 'active consumption API key', 'active consumption API keys')}.`,
        )
      : warn(
          'api_keys',
          'no_api_keys_present',
          'No active consumption API key; the consumption API cannot be called yet.',
          'Create one with POST /v1/api-keys (scope keys:manage).',
        ),
    user.account_mode === 'auto'
      ? ok(
          'account_mode',
          'account_mode_auto',
          'Auto Mode: the service buys capacity for you; trading writes are refused.',
        )
      : ok(
          'account_mode',
          'account_mode_advanced',
          'Advanced Mode: you place orders yourself; auto-buy and auto-transfer are off.',
        ),
  ];
}

export async function platformDiagnostics(
  { db, clock }: { db: Db; clock: Clock },
  caller: PlatformCaller,
): Promise<Diagnostics> {
  const user = await requireUser(db, caller.userId);
  const activeApiKeys = await countActiveApiKeys(db, user.id);
  const emailVerified = user.email_verified_at_us !== null;
  const termsAccepted = user.legal_terms_accepted_at_us !== null;
  const checks: Check[] = [
    await authenticationCheck(db, caller),
    ...accountChecks(user),
    ...setupChecks(user, activeApiKeys),
  ];
  return envelope('platform', clock.nowUs(), checks, {
    user_id: user.id,
    auth: caller.kind,
    scopes: caller.kind === 'oauth' ? [...caller.scopes] : sessionScopes,
    email_verified: emailVerified,
    legal_terms_accepted: termsAccepted,
    account_status: user.status,
    account_mode: user.account_mode,
    active_api_keys: activeApiKeys,
  });
}

async function tradingAuthenticationCheck(db: Db, caller: TradingCaller): Promise<Check> {
  if (caller.kind === 'signature')
    return ok('Signed request', 'signed_request_authenticated', `Signature verified for key ${caller.fingerprint}.`);
  const clientId = await grantClientId(db, caller.grantId);
  return ok(
    'Authentication',
    'oauth_authenticated',
    `Authenticated with an OAuth access token of client ${clientId ?? 'unknown'}; scopes: ${[...caller.scopes].join(' ')}.`,
  );
}

/** Whether there is a market to trade on, and whether its controls are set. */
function marketChecks(routableMarkets: number, orderControlsReady: boolean, unready: string[]): Check[] {
  return [
    routableMarkets > 0
      ? ok('Markets', 'markets_routable', `${plural(routableMarkets, 'market accepts', 'markets accept')} orders.`)
      : fail(
          'Markets',
          'no_routable_markets',
          'No market accepts orders.',
          'Try again later; GET /v1/markets lists the markets.',
        ),
    orderControlsReady
      ? ok(
          'Order controls',
          'order_controls_ready',
          'Every market has its tick size, lot size and order size limits set.',
        )
      : warn(
          'Order controls',
          'order_controls_not_ready',
          unready.length > 0
            ? `Order controls are incomplete on ${unready.join(', ')}.`
            : 'No market has order controls.',
          'Read GET /v1/markets/{market_id}/controls before placing orders there.',
        ),
  ];
}

async function tradingDiagnostics(
  { db, clock }: { db: Db; clock: Clock },
  caller: TradingCaller,
): Promise<Diagnostics> {
  const user = await requireUser(db, caller.userId);
  const tradingAccounts = await countTradingAccounts(db, user.id);
  const markets = await marketsControls(db);
  const routableMarkets = markets.length;
  const unready = markets.filter((m) => !controlsReady(m)).map((m) => m.id);
  const orderControlsReady = routableMarkets > 0 && unready.length === 0;
  const checks: Check[] = [
    await tradingAuthenticationCheck(db, caller),
    user.account_mode === 'auto'
      ? warn(
          'Account mode',
          'auto_mode_trading_restricted',
          'The account is in Auto Mode; order create, amend and cancel are refused.',
          'Switch to Advanced Mode: POST {platform_url}/v1/self/system-settings/account-mode.',
        )
      : ok('Account mode', 'account_mode_advanced', 'Advanced Mode: orders can be created, amended and cancelled.'),
    accountStatusCheck(user, 'Account status', fail),
    tradingAccounts > 0
      ? ok(
          'Trading accounts',
          'trading_accounts_visible',
          `${plural(tradingAccounts, 'trading account is', 'trading accounts are')} visible.`,
        )
      : warn(
          'Trading accounts',
          'no_trading_accounts',
          'No trading account yet: accounts open with the first deposit or fill.',
          `${addFundsHint('{platform_url}')}; then buy Units with POST /v1/orders.`,
        ),
    ...marketChecks(routableMarkets, orderControlsReady, unready),
  ];
  return envelope('trading', clock.nowUs(), checks, {
    user_id: user.id,
    ...(caller.kind === 'signature'
      ? { signing_key_id: caller.signingKeyId, fingerprint: caller.fingerprint }
      : { signing_key_id: null, fingerprint: null, auth: 'oauth', scopes: [...caller.scopes] }),
    account_mode: user.account_mode,
    account_status: user.status,
    trading_accounts: tradingAccounts,
    routable_markets: routableMarkets,
    order_controls_ready: orderControlsReady,
  });
}

export async function consumptionDiagnostics(
  { db, clock }: { db: Db; clock: Clock },
  caller: ConsumptionCaller,
): Promise<Diagnostics> {
  const user = await requireUser(db, caller.userId);
  const key = await apiKeyById(db, caller.apiKeyId);
  const { instruments, aliases } = await listModels({ db });
  const visibleModels = instruments.length + aliases.length;
  // The same reading and limits as admission, so this never disagrees with x-ratelimit-limit.
  const allowance = await allowanceOf(db, user.id, clock.nowUs());
  const { concurrencyLimit, concurrencyInUse, dailyRequestsRemaining } = allowance;
  const checks: Check[] = [
    ok('API key', 'api_key_authenticated', `Key ${key?.key_prefix ?? 'mkt_ck_'}… authenticated.`),
    accountStatusCheck(user, 'Account', fail),
    visibleModels > 0
      ? ok('Models', 'models_visible', `${plural(visibleModels, 'model is', 'models are')} visible to this key.`)
      : fail(
          'Models',
          'no_models_visible',
          'No model is visible to this key.',
          'Try again later; GET /v1/models lists the models.',
        ),
    concurrencyInUse < concurrencyLimit
      ? ok(
          'Concurrency',
          'concurrency_available',
          `${concurrencyInUse} of ${concurrencyLimit} concurrent inference requests in use.`,
        )
      : warn(
          'Concurrency',
          'concurrency_exhausted',
          `All ${concurrencyLimit} concurrent inference requests are in use: new requests get 429 until one ends.`,
          'Wait for a request to end, reduce parallelism, or deposit more to reach a higher tier.',
        ),
  ];
  if (dailyRequestsRemaining !== null) {
    checks.push(
      warn(
        'Daily limit',
        'free_account_daily_limit',
        `Free account: ${freeDailyRequestsMax} inference requests per UTC day, ${dailyRequestsRemaining} left today.`,
        'Make a first deposit to lift the daily limit and raise concurrency.',
      ),
    );
  }
  return envelope('consumption', clock.nowUs(), checks, {
    api_key_id: caller.apiKeyId,
    account_status: user.status,
    account_mode: user.account_mode,
    visible_model_count: visibleModels,
    concurrency_limit: concurrencyLimit,
    concurrency_in_use: concurrencyInUse,
    daily_requests_remaining: dailyRequestsRemaining,
  });
}

/** The user, and the signing key of a signed request, behind a trading request (trading GET /v1/me). */
async function signedIdentity({ db }: { db: Db }, caller: TradingCaller): Promise<SignedIdentity> {
  const user = await requireUser(db, caller.userId);
  if (caller.kind === 'oauth') return { user, signingKey: null };
  const signingKey = await signingKeyOfUser(db, caller.userId, caller.signingKeyId);
  // The authenticator found this key a moment ago; a deletion in between makes it unknown now.
  if (!signingKey) throw unknownFingerprint(caller.fingerprint);
  return { user, signingKey };
}

/**
 * The checks bound to one database and clock, for the trading handlers that still
 * take a `diagnostics` object (Services.diagnostics); new code calls the functions.
 */
export interface DiagnosticsService {
  platform(caller: PlatformCaller): Promise<Diagnostics>;
  trading(caller: TradingCaller): Promise<Diagnostics>;
  consumption(caller: ConsumptionCaller): Promise<Diagnostics>;
  signedIdentity(caller: TradingCaller): Promise<SignedIdentity>;
}

export function bindDiagnostics(deps: { db: Db; clock: Clock }): DiagnosticsService {
  return {
    platform: (caller) => platformDiagnostics(deps, caller),
    trading: (caller) => tradingDiagnostics(deps, caller),
    consumption: (caller) => consumptionDiagnostics(deps, caller),
    signedIdentity: (caller) => signedIdentity(deps, caller),
  };
}
