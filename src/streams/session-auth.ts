import { accessTokenPrefix, findAccessTokenGrant, findUser } from '../core/identity.js';
import type { OAuthScope } from '../core/oauth-catalogue.js';
import { checkSignature } from '../core/signatures.js';
import { hashSecret } from '../lib/secrets.js';
import type { StreamDeps } from './deps.js';
import { error, type Reply } from './replies.js';
import type { Credential, SessionUser } from './session-deps.js';

/**
 * What an `authenticate` frame proves (session.ts admits the user it names): a signature of the
 * user's Ed25519 key over timestamp + fingerprint, or an OAuth access token of the platform's device
 * flow. Each refusal is the error reply the socket sends.
 */

type Admitted = Extract<Credential, { ok: true }>;

/** What an access token needs to authenticate a socket: the user streams are reads of trading data. */
const streamScope: OAuthScope = 'trade:read';

/** The user an authenticate payload proves, or the refusal; `current` is who the socket is already authenticated as. */
export async function credentialOf(
  deps: Pick<StreamDeps, 'db' | 'clock'>,
  payload: Record<string, unknown>,
  current: SessionUser | null,
): Promise<Credential> {
  const credential =
    'access_token' in payload
      ? await tokenCredential(deps, payload, current)
      : await signedCredential(deps, payload, current);
  return credential.ok ? refuseInactive(deps, credential) : credential;
}

const refused = (reply: Reply): Credential => ({ ok: false, reply });

/** An inactive (suspended) user authenticates no socket, as credential-checks.ts closes the ones it had. */
async function refuseInactive(deps: Pick<StreamDeps, 'db'>, admitted: Admitted): Promise<Credential> {
  const user = await findUser(deps.db, admitted.user.userId);
  if (user?.status === 'active') return admitted;
  return refused(
    error(
      'account_inactive',
      'This account is inactive, so it cannot authenticate a socket; contact support to have it reactivated.',
    ),
  );
}

async function signedCredential(
  deps: Pick<StreamDeps, 'db' | 'clock'>,
  payload: Record<string, unknown>,
  current: SessionUser | null,
): Promise<Credential> {
  const { fingerprint, signature } = payload;
  const timestamp =
    typeof payload.timestamp === 'number' && Number.isSafeInteger(payload.timestamp)
      ? String(payload.timestamp)
      : payload.timestamp;
  if (
    typeof timestamp !== 'string' ||
    typeof fingerprint !== 'string' ||
    typeof signature !== 'string' ||
    fingerprint === ''
  ) {
    return refused(
      error(
        'invalid_payload',
        'authenticate carries {timestamp, fingerprint, signature}: strings, the timestamp in Unix seconds; or {access_token} alone.',
      ),
    );
  }
  if (current !== null)
    return refused(
      error(
        'already_authenticated',
        `This socket is authenticated as ${current.userId}; open another socket for another key.`,
      ),
    );
  const check = await checkSignature(
    deps,
    {
      timestamp,
      fingerprint,
      signature,
      message: Buffer.from(timestamp + fingerprint, 'utf8'),
      wording: { timestamp: 'timestamp', signed: 'the UTF-8 string timestamp + fingerprint' },
    },
    deps.clock.nowUs(),
  );
  if (!check.ok) return refused(error(check.refusal.code, check.refusal.detail));
  const { user_id: userId, fingerprint: keyFingerprint } = check.key;
  return {
    ok: true,
    user: { userId, fingerprint: keyFingerprint, tokenHash: null },
    response: { user_id: userId, fingerprint: keyFingerprint },
  };
}

/** An OAuth access token of the platform's device flow, with `streamScope`; refused as the HTTP APIs refuse it. */
async function tokenCredential(
  deps: Pick<StreamDeps, 'db' | 'clock'>,
  payload: Record<string, unknown>,
  current: SessionUser | null,
): Promise<Credential> {
  const { access_token: token } = payload;
  if (typeof token !== 'string' || token === '' || 'signature' in payload || 'fingerprint' in payload) {
    return refused(
      error(
        'invalid_payload',
        'authenticate carries {access_token: "mkt_at_…"} alone, or {timestamp, fingerprint, signature}: not both.',
      ),
    );
  }
  if (current !== null)
    return refused(
      error(
        'already_authenticated',
        `This socket is authenticated as ${current.userId}; open another socket for another credential.`,
      ),
    );
  const grant = token.startsWith(accessTokenPrefix)
    ? await findAccessTokenGrant(deps.db, token, deps.clock.nowUs())
    : undefined;
  if (!grant)
    return refused(
      error(
        'invalid_token',
        'The access token is invalid, expired or revoked. Refresh it with the refresh token, or log in again.',
      ),
    );
  if (!grant.scopes.includes(streamScope)) {
    return refused(
      error(
        'insufficient_scope',
        `This access token lacks the scope ${streamScope}, which the user streams need; log in again requesting it.`,
        { required_scopes: [streamScope] },
      ),
    );
  }
  return {
    ok: true,
    user: { userId: grant.userId, fingerprint: null, tokenHash: hashSecret(token) },
    response: { user_id: grant.userId, grant_id: grant.grantId, scopes: grant.scopes },
  };
}
