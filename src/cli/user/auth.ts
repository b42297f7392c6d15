import { spawn } from 'node:child_process';
import type { components as platform } from '../../../generated/types/platform.js';
import type { components as trading } from '../../../generated/types/trading.js';
import {
  clientId,
  clientScopes,
  dataOf,
  failure,
  oauthForm,
  platformData,
  storedTokens,
  tradingRequest,
  tradingTokenRequest,
  type Session,
} from './http.js';
import { CliError, renderRecord, show, type Output } from './output.js';
import { profilePath, readProfile, updateProfile } from './profile.js';
import { startSpinner } from './spinner.js';
import { deviceAuthorizationOf, tokensOf, type DeviceAuthorization, type Tokens } from './replies.js';

type Diagnostics = platform['schemas']['Diagnostics'];
type Me = trading['schemas']['Me'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.5: a `slow_down` adds five seconds to the interval of every later poll. */
const slowDownSeconds = 5;

/** Tries to open the page in a browser; a machine without one (or without xdg-open) is no failure. */
function openBrowser(url: string): void {
  try {
    const child = spawn('xdg-open', [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no browser here: the URL is printed anyway
  }
}

/** Polls the token endpoint at `interval` until the user decides (RFC 8628 §3.4–3.5). */
async function pollForTokens(session: Session, device: DeviceAuthorization): Promise<Tokens> {
  let intervalSeconds = device.interval;
  const deadlineUs = session.clock.nowUs() + device.expires_in * 1_000_000;
  while (session.clock.nowUs() < deadlineUs) {
    await sleep(intervalSeconds * 1000);
    const reply = await oauthForm(session, '/v1/oauth/token', {
      grant_type: deviceGrant,
      device_code: device.device_code,
      client_id: clientId,
    });
    if (reply.status === 200) return tokensOf(reply.body, 'the token endpoint');
    const error = failure(reply, 'the token endpoint');
    if (error.code === 'authorization_pending') continue;
    if (error.code === 'slow_down') {
      intervalSeconds += slowDownSeconds;
      continue;
    }
    if (error.code === 'access_denied')
      throw new CliError('the login was refused in the browser', error.code, reply.status);
    if (error.code === 'expired_token') break;
    throw error;
  }
  throw new CliError('the login code expired before it was approved: run `mkt login` again', 'expired_token');
}

/**
 * Every scope the public client may request, `funds:withdraw` included: what `mkt login --allow-withdrawals` asks for
 * (a login naming no scope gets them all but that one).
 */
async function withdrawingScope(session: Session): Promise<string> {
  return (await clientScopes(session)).map((s) => s.scope).join(' ');
}

/** `mkt login`: the device flow for the public client, tokens stored in the profile (0600). */
export async function login(
  session: Session,
  output: Output,
  options: { browser: boolean; allowWithdrawals?: boolean | undefined },
): Promise<void> {
  const params: Record<string, string> = { client_id: clientId };
  if (options.allowWithdrawals) params.scope = await withdrawingScope(session);
  const started = await oauthForm(session, '/v1/oauth/device/code', params);
  if (started.status !== 200) throw failure(started, 'the device authorization endpoint');
  const device = deviceAuthorizationOf(started.body, 'the device authorization endpoint');
  const prompt = `To log in, open ${device.verification_uri_complete}\nand check that it shows the code ${device.user_code} (or enter it at ${device.verification_uri}).\n`;
  if (output.json) process.stderr.write(prompt);
  else output.write(prompt);
  if (options.browser) openBrowser(device.verification_uri_complete);
  const spinner = startSpinner(process.stderr, 'Waiting for approval in the browser…');
  let tokens: Tokens;
  try {
    tokens = await pollForTokens(session, device);
  } finally {
    spinner.stop();
  }
  const stored = storedTokens(session.clock, tokens);
  const replaced = readProfile(session.store).tokens;
  updateProfile(session.store, (profile) => ({ ...profile, platform_url: session.hosts.platform, tokens: stored }));
  // The profile's earlier login would otherwise stay valid, unseen, until it expires.
  if (replaced)
    await oauthForm(session, '/v1/oauth/revoke', {
      token: replaced.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: clientId,
    }).catch(() => undefined);
  const result = {
    profile: session.store.name,
    scope: stored.scope,
    expires_at: stored.expires_at,
    path: profilePath(session.store),
  };
  show(
    output,
    result,
    () => `Logged in (profile ${result.profile}); scopes: ${result.scope}.\nTokens stored in ${result.path}.`,
  );
}

/** `mkt logout`: revokes both tokens (RFC 7009), then forgets them; the profile's keys stay. */
export async function logout(session: Session, output: Output): Promise<void> {
  const tokens = readProfile(session.store).tokens;
  if (!tokens) {
    show(
      output,
      { profile: session.store.name, revoked: false },
      () => `Not logged in (profile ${session.store.name}).`,
    );
    return;
  }
  for (const [token, hint] of [
    [tokens.access_token, 'access_token'],
    [tokens.refresh_token, 'refresh_token'],
  ] as const) {
    const reply = await oauthForm(session, '/v1/oauth/revoke', { token, token_type_hint: hint, client_id: clientId });
    if (reply.status !== 200) throw failure(reply, 'the revocation endpoint');
  }
  updateProfile(session.store, ({ tokens: _revoked, ...rest }) => rest);
  show(
    output,
    { profile: session.store.name, revoked: true },
    () => `Logged out (profile ${session.store.name}); the tokens are revoked.`,
  );
}

/**
 * The trading API's `GET /v1/me`: signed when the profile holds a signing key, else with the login's
 * access token (a login with no signing key yet); null when neither answers (a deleted key, a token
 * without `trade:read`).
 */
async function meOrNull(session: Session): Promise<Me | null> {
  const reply = readProfile(session.store).signing_key
    ? await tradingRequest(session, 'GET', '/v1/me')
    : await tradingTokenRequest(session, 'GET', '/v1/me');
  return reply.status === 200 ? dataOf<Me>(reply, 'GET /v1/me') : null;
}

/**
 * `mkt whoami`: the platform's diagnostics of this login, the trading identity (`GET /v1/me`), and what the profile
 * holds.
 */
export async function whoami(session: Session, output: Output): Promise<void> {
  const diagnostics = await platformData<Diagnostics>(session, 'GET', '/v1/diagnostics');
  const me = await meOrNull(session);
  const profile = readProfile(session.store);
  const summary = diagnostics.summary;
  const data = {
    profile: session.store.name,
    platform_url: session.hosts.platform,
    user_id: summary.user_id,
    email: me?.email ?? null,
    account_mode: summary.account_mode,
    scopes: summary.scopes,
    token_expires_at: profile.tokens?.expires_at ?? null,
    consumption_key: profile.consumption_key
      ? { id: profile.consumption_key.id, key_prefix: profile.consumption_key.key_prefix }
      : null,
    signing_key: profile.signing_key
      ? { id: profile.signing_key.id, fingerprint: profile.signing_key.fingerprint }
      : null,
    diagnostics,
  };
  show(output, data, () =>
    [
      renderRecord([
        ['profile', data.profile],
        ['platform', data.platform_url],
        ['user', String(data.user_id)],
        ['email', data.email],
        ['account mode', String(data.account_mode)],
        ['scopes', Array.isArray(data.scopes) ? data.scopes.join(' ') : null],
        ['token expires', data.token_expires_at],
        [
          'consumption key',
          data.consumption_key ? `${data.consumption_key.key_prefix}… (${data.consumption_key.id})` : null,
        ],
        ['signing key', data.signing_key ? `${data.signing_key.fingerprint} (${data.signing_key.id})` : null],
      ]),
      ...diagnostics.checks
        .filter((c) => c.status !== 'ok')
        .map((c) => `${c.status}: ${c.detail}${c.next_action ? ` ${c.next_action}` : ''}`),
    ].join('\n'),
  );
}
