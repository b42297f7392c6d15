import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../lib/clock.js';
import { CliError } from './output.js';

/** Where the four hosts are: the environment, else the local listeners of `mkt serve` (DESIGN.md §2). */
export interface Hosts {
  platform: string;
  trading: string;
  consumption: string;
  messages: string;
}

export function hostsOf(env: NodeJS.ProcessEnv): Hosts {
  const url = (name: string, fallback: string) => (env[name] || fallback).replace(/\/+$/, '');
  return {
    platform: url('MKT_PLATFORM_URL', 'http://127.0.0.1:8083'),
    trading: url('MKT_TRADING_URL', 'http://127.0.0.1:8082'),
    consumption: url('MKT_CONSUMPTION_URL', 'http://127.0.0.1:8080'),
    messages: url('MKT_MESSAGES_URL', 'http://127.0.0.1:8081'),
  };
}

/** What one profile keeps: the login's tokens, one consumption key, one signing key. */
export interface Profile {
  platform_url?: string;
  tokens?: {
    access_token: string;
    refresh_token: string;
    /** ISO 8601: when the access token stops working (from `expires_in`). */
    expires_at: string;
    scope: string;
  };
  consumption_key?: { id: string; name: string; key: string; key_prefix: string };
  signing_key?: {
    id: string;
    label: string;
    fingerprint: string;
    public_key: string;
    /** base64 of the raw 32-byte Ed25519 seed */ private_key: string;
  };
}

export interface ProfileStore {
  directory: string;
  name: string;
}

/** `$XDG_CONFIG_HOME/mkt/` (default `~/.config/mkt/`), one file per profile. */
export function profileStore(env: NodeJS.ProcessEnv, name: string): ProfileStore {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name) || name.startsWith('.'))
    throw new CliError(
      `--profile must be 1 to 64 letters, digits, '_', '-' or '.' (not first); got ${JSON.stringify(name)}`,
    );
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return { directory: join(base, 'mkt'), name };
}

export const profilePath = (store: ProfileStore): string => join(store.directory, `${store.name}.json`);

export function readProfile(store: ProfileStore): Profile {
  const path = profilePath(store);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Profile;
  } catch (error) {
    throw new CliError(`cannot read the profile ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Writes the whole profile through a temporary file of mode 0600 in a directory of mode 0700, then renames it into
 * place.
 */
function writeProfile(store: ProfileStore, profile: Profile): void {
  mkdirSync(store.directory, { recursive: true, mode: 0o700 });
  chmodSync(store.directory, 0o700);
  const path = profilePath(store);
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, JSON.stringify(profile, null, 2) + '\n', { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function updateProfile(store: ProfileStore, change: (profile: Profile) => Profile): Profile {
  const next = change(readProfile(store));
  writeProfile(store, next);
  return next;
}

const lockWaitMs = 10_000;
/** A lock older than this was left by a process that died holding it. */
const lockStaleMs = 30_000;
const lockPollMs = 50;

/**
 * Runs `body` holding the profile's lock file (created exclusively, mode 0600), so that two `mkt`
 * processes never refresh one login at once: the second would spend a refresh token the first
 * already replaced, and the service then revokes the whole login (platform.yaml, TokenResponse).
 */
export async function withProfileLock<T>(store: ProfileStore, clock: Clock, body: () => Promise<T>): Promise<T> {
  mkdirSync(store.directory, { recursive: true, mode: 0o700 });
  const path = `${profilePath(store)}.lock`;
  const untilMs = clock.nowUs() / 1000 + lockWaitMs;
  for (;;) {
    try {
      closeSync(openSync(path, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const nowMs = clock.nowUs() / 1000;
      if (existsSync(path) && nowMs - statSync(path).mtimeMs > lockStaleMs) rmSync(path, { force: true });
      else if (nowMs > untilMs) throw new CliError(`another mkt holds ${path}; remove it if no mkt is running`);
      else await new Promise((resolve) => setTimeout(resolve, lockPollMs));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(path, { force: true });
  }
}
