import type { components } from '../../../generated/types/platform.js';
import type { components as consumption } from '../../../generated/types/consumption.js';
import { consumptionData, dataOf, platformData, platformList, platformRequest, type Session } from './http.js';
import { CliError, renderRecord, renderTable, show, type Cell, type Output } from './output.js';
import { profilePath, readProfile, updateProfile } from './profile.js';
import { generateSigningKey } from './signing.js';

type ApiKey = components['schemas']['ApiKey'];
type NewApiKey = components['schemas']['NewApiKey'];
type SigningKey = components['schemas']['SigningKey'];
type SystemSettings = components['schemas']['SystemSettings'];
type CurrentKey = consumption['schemas']['CurrentKey'];
type KeyLimitsBody = Pick<
  NonNullable<components['schemas']['UpdateApiKeyRequest']['api_key']>,
  'expires_at' | 'limit_usd' | 'limit_reset' | 'allowed_models'
>;

/** The limit options of `mkt keys create` and `mkt keys update`; `none` (and `all` for models) removes a limit. */
export interface KeyLimitOptions {
  limit?: string;
  reset?: 'daily' | 'weekly' | 'monthly' | 'none';
  expires?: string;
  models?: string;
}

/** A day (`2026-12-31`) is its first moment in UTC; anything else goes to the service as written. */
const expiryOf = (text: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);

/**
 * The options as the API's limit fields; the service checks the values. Removing a budget removes its period unless
 * --reset says otherwise.
 */
function limitsBody(options: KeyLimitOptions): KeyLimitsBody {
  const body: KeyLimitsBody = {};
  if (options.limit !== undefined) body.limit_usd = options.limit === 'none' ? null : options.limit;
  if (options.reset !== undefined) body.limit_reset = options.reset === 'none' ? null : options.reset;
  else if (body.limit_usd === null) body.limit_reset = null;
  if (options.expires !== undefined) body.expires_at = options.expires === 'none' ? null : expiryOf(options.expires);
  if (options.models !== undefined)
    body.allowed_models =
      options.models === 'all'
        ? null
        : options.models
            .split(',')
            .map((m) => m.trim())
            .filter((m) => m !== '');
  return body;
}

/** The limit columns of a key, in the tables of `keys list`, `keys update` and `key`. */
function limitCells(
  key: Pick<
    ApiKey,
    'usage_usd' | 'limit_usd' | 'limit_reset' | 'limit_remaining_usd' | 'expires_at' | 'allowed_models'
  >,
): Cell[] {
  return [
    key.usage_usd,
    key.limit_usd ?? 'none',
    key.limit_reset ?? 'never',
    key.limit_remaining_usd,
    key.expires_at ?? 'never',
    key.allowed_models?.join(',') ?? 'all',
  ];
}
const limitHeads = ['usage USD', 'limit USD', 'resets', 'remaining USD', 'expires', 'models'];

/**
 * `mkt keys create NAME [--limit USD --reset P --expires T --models a,b]`: the raw key is printed this once, and kept
 * in the profile for `mkt chat` and `mkt usage`.
 */
export async function createKey(
  session: Session,
  output: Output,
  name: string,
  options: KeyLimitOptions = {},
): Promise<void> {
  const key = await platformData<NewApiKey>(session, 'POST', '/v1/api-keys', {
    body: { api_key: { name, ...limitsBody(options) } },
  });
  updateProfile(session.store, (profile) => ({
    ...profile,
    consumption_key: { id: key.id, name: key.name, key: key.key, key_prefix: key.key_prefix },
  }));
  show(output, key, () =>
    [
      renderRecord([
        ['id', key.id],
        ['name', key.name],
        ['key', key.key],
        ...limitHeads.map((head, i): [string, Cell] => [head, limitCells(key)[i]]),
      ]),
      `The key is shown this once; it is stored in ${profilePath(session.store)} for \`mkt chat\` and \`mkt usage\`.`,
    ].join('\n'),
  );
}

export async function listKeys(session: Session, output: Output): Promise<void> {
  const keys = await platformList<ApiKey>(session, '/v1/api-keys');
  const stored = readProfile(session.store).consumption_key?.id;
  show(output, keys, () =>
    renderTable(
      ['id', 'name', 'prefix', 'active', ...limitHeads, 'last used', 'stored'],
      keys.map((k) => [
        k.id,
        k.name,
        k.key_prefix,
        k.active,
        ...limitCells(k),
        k.last_used_at,
        k.id === stored ? 'yes' : '',
      ]),
      {
        rightAligned: [4, 5, 7],
      },
    ),
  );
}

/** `mkt keys update ID [--name N] [--limit USD|none] [--reset P|none] [--expires T|none] [--models a,b|all]`. */
export async function updateKey(
  session: Session,
  output: Output,
  id: string,
  options: KeyLimitOptions & { name?: string },
): Promise<void> {
  const body = { ...(options.name === undefined ? {} : { name: options.name }), ...limitsBody(options) };
  if (Object.keys(body).length === 0)
    throw new CliError('nothing to change: give --name, --limit, --reset, --expires or --models');
  const key = await platformData<ApiKey>(session, 'PATCH', `/v1/api-keys/${encodeURIComponent(id)}`, {
    body: { api_key: body },
  });
  show(output, key, () =>
    renderRecord([
      ['id', key.id],
      ['name', key.name],
      ['active', key.active],
      ...limitHeads.map((head, i): [string, Cell] => [head, limitCells(key)[i]]),
    ]),
  );
}

/** `mkt key`: the stored consumption key's own view (GET /v1/key on the consumption host). */
export async function showCurrentKey(session: Session, output: Output): Promise<void> {
  const key = await consumptionData<CurrentKey>(session, '/v1/key');
  show(output, key, () =>
    renderRecord([
      ['id', key.id],
      ['name', key.name],
      ...limitHeads.map((head, i): [string, Cell] => [head, limitCells(key)[i]]),
      ['concurrency', key.rate_limit.concurrency],
    ]),
  );
}

export async function deleteKey(session: Session, output: Output, id: string): Promise<void> {
  const reply = await platformRequest(session, 'DELETE', `/v1/api-keys/${encodeURIComponent(id)}`);
  if (reply.status !== 204) dataOf(reply, 'the platform API');
  updateProfile(session.store, ({ consumption_key, ...rest }) =>
    consumption_key?.id === id ? rest : { ...rest, ...(consumption_key ? { consumption_key } : {}) },
  );
  show(output, { id, deleted: true }, () => `Deleted the consumption key ${id}.`);
}

/**
 * `mkt signing-keys create LABEL`: an Ed25519 pair made here, the public half registered, the private half kept in the
 * profile (0600).
 */
export async function createSigningKey(session: Session, output: Output, label: string): Promise<void> {
  const pair = generateSigningKey();
  const key = await platformData<SigningKey>(session, 'POST', '/v1/signing-keys', {
    body: { signing_key: { label, public_key: pair.publicKey } },
  });
  if (key.fingerprint !== pair.fingerprint)
    throw new Error(`the service fingerprints the new key as ${key.fingerprint}, this command as ${pair.fingerprint}`);
  updateProfile(session.store, (profile) => ({
    ...profile,
    signing_key: {
      id: key.id,
      label: key.label,
      fingerprint: key.fingerprint,
      public_key: key.public_key,
      private_key: pair.privateKey,
    },
  }));
  show(output, key, () =>
    [
      renderRecord([
        ['id', key.id],
        ['label', key.label],
        ['fingerprint', key.fingerprint],
      ]),
      `The private key never left this machine; it is in ${profilePath(session.store)} (mode 0600) and signs every trading command.`,
    ].join('\n'),
  );
}

export async function listSigningKeys(session: Session, output: Output): Promise<void> {
  const keys = await platformList<SigningKey>(session, '/v1/signing-keys');
  const stored = readProfile(session.store).signing_key?.id;
  show(output, keys, () =>
    renderTable(
      ['id', 'label', 'fingerprint', 'created', 'last used', 'stored'],
      keys.map((k) => [k.id, k.label, k.fingerprint, k.created_at, k.last_used_at, k.id === stored ? 'yes' : '']),
    ),
  );
}

export async function deleteSigningKey(session: Session, output: Output, id: string): Promise<void> {
  const reply = await platformRequest(session, 'DELETE', `/v1/signing-keys/${encodeURIComponent(id)}`);
  if (reply.status !== 204) dataOf(reply, 'the platform API');
  updateProfile(session.store, ({ signing_key, ...rest }) =>
    signing_key?.id === id ? rest : { ...rest, ...(signing_key ? { signing_key } : {}) },
  );
  show(output, { id, deleted: true }, () => `Deleted the signing key ${id}.`);
}

/** `mkt mode auto|advanced`. */
export async function setMode(session: Session, output: Output, mode: 'auto' | 'advanced'): Promise<void> {
  const settings = await platformData<SystemSettings>(session, 'POST', '/v1/self/system-settings/account-mode', {
    body: { account_mode: mode },
  });
  show(output, settings, () =>
    renderRecord([
      ['account mode', settings.account_mode],
      ['auto-buy', settings.auto_buy_enabled],
      ['auto-transfer', settings.auto_transfer_enabled],
    ]),
  );
}
