import { closeCodes } from './limits.js';
import type { CredentialEnding, SessionDeps, SessionUser } from './session-deps.js';

/**
 * A socket's credential is checked at `authenticate` and then again every `credentialCheckMs` while the socket is
 * open: an access token that expired, or was revoked (itself, by its refresh token, or its grant deleted), a signing
 * key that was deleted, and a user made inactive all close the sockets they authenticated, in every process.
 *
 * The database is the one source of truth, read by one statement per process and interval for all its sockets
 * (src/db/stream-credentials.ts), never one per socket. This covers what nothing would announce (a token simply
 * expiring), SQLite processes sharing a file (which hear no notifications from each other), and a PostgreSQL process
 * whose LISTEN connection missed a notification. On PostgreSQL a deleted signing key still closes its sockets at once
 * through the event transport (router.ts); this check is its fallback. The read is `deps.credentialEndings`
 * (credential-endings.ts, on the main thread); the timer and the closing run where the sockets are.
 */

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

/** Asks for the credentials of every authenticated session at once and closes the sessions whose ended. */
async function checkCredentials(
  deps: Pick<SessionDeps, 'credentialEndings'>,
  sessions: readonly CheckedSession[],
): Promise<void> {
  const held = sessions.flatMap((session) => {
    const user = session.authenticatedAs;
    return user === null ? [] : [{ session, user }];
  });
  if (held.length === 0) return;
  const endings = await deps.credentialEndings(held.map(({ user }) => user));
  held.forEach(({ session }, index) => {
    const ending = endings[index];
    if (ending) session.close(credentialClosings[ending].code, credentialClosings[ending].reason);
  });
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
  deps: Pick<SessionDeps, 'credentialEndings' | 'logger'>,
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
