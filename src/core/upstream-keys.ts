import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { assert } from '../lib/assert.js';
import { newGcmNonce } from '../lib/ids.js';

/**
 * Suppliers' upstream keys at rest (issue 31): AES-256-GCM under a key derived with HKDF-SHA-256 from the deployment's
 * secret (MKT_UPSTREAM_KEY_SECRET, else made once and shared as the ticket key is: src/db/deployment-secrets.ts). Each
 * key is sealed with a fresh 96-bit nonce and bound to its endpoint's id as associated data, so a sealed key copied
 * onto another endpoint does not open. Sealed text: `v1.<nonce>.<tag>.<ciphertext>`, each base64url.
 */
export class UpstreamKeyring {
  private derived: Promise<Buffer> | undefined;

  constructor(private readonly loadSecret: () => Promise<string>) {}

  private pseudonymKey: Promise<Buffer> | undefined;

  /**
   * The pseudonym public scorecards name an endpoint by: `sup_` and the first 12 hex digits of an HMAC of its id under
   * a key derived apart from the sealing key, so it is stable for the deployment and reveals neither id nor supplier.
   */
  async pseudonym(endpointId: string): Promise<string> {
    const key = await (this.pseudonymKey ??= this.loadSecret().then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'mkt scorecards', 'endpoint pseudonym v1', 32)),
    ));
    return 'sup_' + createHmac('sha256', key).update(endpointId, 'utf8').digest('hex').slice(0, 12);
  }

  private key(): Promise<Buffer> {
    return (this.derived ??= this.loadSecret().then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'mkt upstream keys', 'aes-256-gcm v1', 32)),
    ));
  }

  async seal(endpointId: string, plaintext: string): Promise<string> {
    const nonce = newGcmNonce();
    const cipher = createCipheriv('aes-256-gcm', await this.key(), nonce);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext of a key this keyring sealed for this endpoint; throws when it was sealed under another secret. */
  async open(endpointId: string, sealed: string): Promise<string> {
    const [version, nonce, tag, body, ...rest] = sealed.split('.');
    assert(
      version === 'v1' && nonce !== undefined && tag !== undefined && body !== undefined && rest.length === 0,
      `the upstream key of ${endpointId} is not sealed (v1.…)`,
    );
    const decipher = createDecipheriv('aes-256-gcm', await this.key(), Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** What the API may show of a key: its last 4 characters, and only for a key long enough that they reveal little. */
export const keyHintOf = (key: string): string | null => (key.length >= 16 ? key.slice(-4) : null);
