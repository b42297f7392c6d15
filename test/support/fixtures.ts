import nacl from 'tweetnacl';
import type { Services } from '../../src/services.js';
import { createApiKey, createGrant, createUser, registerSigningKey, type AccountMode } from '../../src/platform/identity.js';
import type { SigningKey } from './http.js';

let counter = 0;

export interface TestUser {
  userId: string;
  email: string;
  apiKey: string;
  apiKeyId: string;
  signingKey: SigningKey & { id: string; publicKey: string };
}

/** A user with one consumption key and one signing key (made with tweetnacl, as a client would). */
export async function createTestUser(services: Services, options: { mode?: AccountMode } = {}): Promise<TestUser> {
  counter += 1;
  const email = `trader${counter}-${Date.now()}@example.com`;
  const user = await createUser(services.db, services.clock, { email, password: 'correct horse battery staple', verified: true, acceptTerms: true, mode: options.mode ?? 'advanced' });
  const { row, key } = await createApiKey(services.db, services.clock, user.id, 'test key');
  const pair = nacl.sign.keyPair();
  const publicKey = Buffer.from(pair.publicKey).toString('base64');
  const signing = await registerSigningKey(services.db, services.clock, user.id, 'test signing key', publicKey);
  return {
    userId: user.id,
    email,
    apiKey: key,
    apiKeyId: row.id,
    signingKey: { id: signing.id, publicKey, privateKey: Buffer.from(pair.secretKey).toString('base64'), fingerprint: signing.fingerprint },
  };
}

export async function grantTokens(services: Services, userId: string, scopes: string[]) {
  return createGrant(services.db, services.clock, userId, 'mkt-cli', scopes);
}
