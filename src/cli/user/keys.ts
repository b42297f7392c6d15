import type { components } from '../../../generated/types/platform.js';
import { dataOf, platformData, platformList, platformRequest, type Session } from './http.js';
import { renderRecord, renderTable, show, type Output } from './output.js';
import { profilePath, readProfile, updateProfile } from './profile.js';
import { generateSigningKey } from './signing.js';

type ApiKey = components['schemas']['ApiKey'];
type NewApiKey = components['schemas']['NewApiKey'];
type SigningKey = components['schemas']['SigningKey'];
type SystemSettings = components['schemas']['SystemSettings'];

/** `mkt keys create NAME`: the raw key is printed this once, and kept in the profile for `mkt chat` and `mkt usage`. */
export async function createKey(session: Session, output: Output, name: string): Promise<void> {
  const key = await platformData<NewApiKey>(session, 'POST', '/v1/api-keys', { body: { api_key: { name } } });
  updateProfile(session.store, (profile) => ({ ...profile, consumption_key: { id: key.id, name: key.name, key: key.key, key_prefix: key.key_prefix } }));
  show(output, key, () =>
    [
      renderRecord([
        ['id', key.id],
        ['name', key.name],
        ['key', key.key],
      ]),
      `The key is shown this once; it is stored in ${profilePath(session.store)} for \`mkt chat\` and \`mkt usage\`.`,
    ].join('\n'),
  );
}

export async function listKeys(session: Session, output: Output): Promise<void> {
  const keys = await platformList<ApiKey>(session, '/v1/api-keys');
  const stored = readProfile(session.store).consumption_key?.id;
  show(output, keys, () => renderTable(['id', 'name', 'prefix', 'active', 'created', 'last used', 'stored'], keys.map((k) => [k.id, k.name, k.key_prefix, k.active, k.created_at, k.last_used_at, k.id === stored ? 'yes' : ''])));
}

export async function deleteKey(session: Session, output: Output, id: string): Promise<void> {
  const reply = await platformRequest(session, 'DELETE', `/v1/api-keys/${encodeURIComponent(id)}`);
  if (reply.status !== 204) dataOf(reply, 'the platform API');
  updateProfile(session.store, ({ consumption_key, ...rest }) => (consumption_key?.id === id ? rest : { ...rest, ...(consumption_key ? { consumption_key } : {}) }));
  show(output, { id, deleted: true }, () => `Deleted the consumption key ${id}.`);
}

/** `mkt signing-keys create LABEL`: an Ed25519 pair made here, the public half registered, the private half kept in the profile (0600). */
export async function createSigningKey(session: Session, output: Output, label: string): Promise<void> {
  const pair = generateSigningKey();
  const key = await platformData<SigningKey>(session, 'POST', '/v1/signing-keys', { body: { signing_key: { label, public_key: pair.publicKey } } });
  if (key.fingerprint !== pair.fingerprint) throw new Error(`the service fingerprints the new key as ${key.fingerprint}, this command as ${pair.fingerprint}`);
  updateProfile(session.store, (profile) => ({ ...profile, signing_key: { id: key.id, label: key.label, fingerprint: key.fingerprint, public_key: key.public_key, private_key: pair.privateKey } }));
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
  show(output, keys, () => renderTable(['id', 'label', 'fingerprint', 'created', 'last used', 'stored'], keys.map((k) => [k.id, k.label, k.fingerprint, k.created_at, k.last_used_at, k.id === stored ? 'yes' : ''])));
}

export async function deleteSigningKey(session: Session, output: Output, id: string): Promise<void> {
  const reply = await platformRequest(session, 'DELETE', `/v1/signing-keys/${encodeURIComponent(id)}`);
  if (reply.status !== 204) dataOf(reply, 'the platform API');
  updateProfile(session.store, ({ signing_key, ...rest }) => (signing_key?.id === id ? rest : { ...rest, ...(signing_key ? { signing_key } : {}) }));
  show(output, { id, deleted: true }, () => `Deleted the signing key ${id}.`);
}

/** `mkt mode auto|advanced`. */
export async function setMode(session: Session, output: Output, mode: 'auto' | 'advanced'): Promise<void> {
  const settings = await platformData<SystemSettings>(session, 'POST', '/v1/self/system-settings/account-mode', { body: { account_mode: mode } });
  show(output, settings, () =>
    renderRecord([
      ['account mode', settings.account_mode],
      ['auto-buy', settings.auto_buy_enabled],
      ['auto-transfer', settings.auto_transfer_enabled],
    ]),
  );
}
