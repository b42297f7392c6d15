import { streamCredentials, type StreamCredentialRow } from '../db/stream-credentials.js';
import type { StreamDeps } from './deps.js';
import { closeCodes } from './limits.js';
import type { SessionUser } from './session-auth.js';

/**
 * A socket's credential is checked at `authenticate` and then again every `credentialCheckMs` while the socket is
 * open: an access token that expired, or was revoked (itself, by its refresh token, or its grant deleted), a signing
 * key that was deleted, and a user made inactive all close the sockets they authenticated, in every process.
 *
 * The database is the one source of truth, read by one statement per process and interval for all its sockets
 * (src/db/stream-credentials.ts), never one per socket. This covers what nothing would announce (a token simply
 * expiring), SQLite processes sharing a file (which hear no notifications from each other), and a PostgreSQL process
 * whose LISTEN connection missed a notification. On PostgreSQL a deleted signing key still closes its sockets at once
 * through the event transport (router.ts); this check is its fallback.
 */

/** Why a socket's credential no longer holds. */
type CredentialEnding = 'expired' | 'revoked' | 'account_inactive' | 'signing_key_deleted';

/** The close code and reason each ending sends (openapi/asyncapi.yaml names them); a reason is at most 123 bytes. */
export const credentialClosings: Readonly<Record<CredentialEnding, { code: number; reason: string }>> = {
  expired: {
    code: closeCodes.credentialsExpiredOrRevoked,
    reason: 'access token expired: refresh it and authenticate again on a new socket',
  },
  revoked: {
    code: closeCodes.credentialsExpiredOrRevoked,
    reason: 'access token revoked: the token or its grant was revoked; log in again',
  },
  account_inactive: {
    code: closeCodes.credentialsExpiredOrRevoked,
    reason: 'account inactive: the user of this socket was made inactive',
  },
  signing_key_deleted: {
    code: closeCodes.signingKeyDeleted,
    reason: 'signing key deleted: the key that authenticated this socket was deleted',
  },
};

/** A socket as the checks see it: who it is authenticated as (null before authenticate), and how it is closed. */
export interface CheckedSession {
  readonly authenticatedAs: SessionUser | null;
  close(code: number, reason: string): void;
}

const keyOf = (kind: StreamCredentialRow['kind'], credential: string): string => `${kind} ${credential}`;

/** Why `user`'s credential no longer holds at `nowUs`, given the rows still found; null while it holds. */
function endingOf(
  user: SessionUser,
  found: ReadonlyMap<string, StreamCredentialRow>,
  nowUs: number,
): CredentialEnding | null {
  if (user.tokenHash !== null) {
    const row = found.get(keyOf('access_token', user.tokenHash));
    if (row === undefined) return 'revoked'; // its grant's user was deleted with it
    if (row.user_status !== 'active') return 'account_inactive';
    if (row.revoked !== 0) return 'revoked';
    return row.expires_at_us !== null && row.expires_at_us <= nowUs ? 'expired' : null;
  }
  if (user.fingerprint !== null) {
    const row = found.get(keyOf('signing_key', user.fingerprint));
    if (row === undefined) return 'signing_key_deleted';
    return row.user_status === 'active' ? null : 'account_inactive';
  }
  return null;
}

/** Reads the credentials of every authenticated session in one statement and closes the sessions whose ended. */
async function checkCredentials(
  deps: Pick<StreamDeps, 'db' | 'clock'>,
  sessions: readonly CheckedSession[],
): Promise<void> {
  const held = sessions.flatMap((session) => {
    const user = session.authenticatedAs;
    return user === null ? [] : [{ session, user }];
  });
  if (held.length === 0) return;
  const tokenHashes = new Set(held.flatMap(({ user }) => (user.tokenHash === null ? [] : [user.tokenHash])));
  const fingerprints = new Set(held.flatMap(({ user }) => (user.fingerprint === null ? [] : [user.fingerprint])));
  const rows = await streamCredentials(deps.db, [...tokenHashes], [...fingerprints]);
  const found = new Map(rows.map((row) => [keyOf(row.kind, row.credential), row]));
  // After the read: a token that expired while it ran counts as expired.
  const nowUs = deps.clock.nowUs();
  for (const { session, user } of held) {
    const ending = endingOf(user, found, nowUs);
    if (ending !== null) session.close(credentialClosings[ending].code, credentialClosings[ending].reason);
  }
}

export interface CredentialChecks {
  /** Stops the checks, once the one running (if any) is done. */
  stop(): Promise<void>;
}

/**
 * Checks the credentials of `sessions()` every `intervalMs`, each check starting `intervalMs` after the last one ended
 * (so they never overlap). A check that fails (the database unreachable) closes nothing: the sockets stay open until a
 * check can tell.
 */
export function startCredentialChecks(
  deps: Pick<StreamDeps, 'db' | 'clock' | 'logger'>,
  sessions: () => Iterable<CheckedSession>,
  intervalMs: number,
): CredentialChecks {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    timer = setTimeout(() => {
      running = checkCredentials(deps, [...sessions()])
        .catch((failure: unknown) =>
          deps.logger.warn({ err: failure }, 'stream credential check failed; the sockets stay open until the next'),
        )
        .finally(() => stopped || schedule());
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
