import { streamCredentials, type StreamCredentialRow } from '../db/stream-credentials.js';
import type { StreamDeps } from './deps.js';
import type { CredentialEnding, SessionUser } from './session-deps.js';

/**
 * The read behind credential-checks.ts: the credentials of every authenticated socket of a process in one statement
 * (src/db/stream-credentials.ts), never one per socket, and why each one ended. On the main thread, whose database
 * and clock it uses, for the sockets of either thread.
 */

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

/** For each of `users`, in order, why its credential ended, or null while it holds. */
export async function credentialEndings(
  deps: Pick<StreamDeps, 'db' | 'clock'>,
  users: readonly SessionUser[],
): Promise<(CredentialEnding | null)[]> {
  if (users.length === 0) return [];
  const tokenHashes = new Set(users.flatMap((user) => (user.tokenHash === null ? [] : [user.tokenHash])));
  const fingerprints = new Set(users.flatMap((user) => (user.fingerprint === null ? [] : [user.fingerprint])));
  const rows = await streamCredentials(deps.db, [...tokenHashes], [...fingerprints]);
  const found = new Map(rows.map((row) => [keyOf(row.kind, row.credential), row]));
  // After the read: a token that expired while it ran counts as expired.
  const nowUs = deps.clock.nowUs();
  return users.map((user) => endingOf(user, found, nowUs));
}
