import nacl from 'tweetnacl';
import type { Services } from '../../src/app/services.js';
import {
  createApiKey,
  createGrant,
  createUser,
  registerSigningKey,
  type AccountMode,
} from '../../src/core/identity.js';
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
  const user = await createUser(services.db, services.clock, {
    email,
    password: 'correct horse battery staple',
    verified: true,
    acceptTerms: true,
    mode: options.mode ?? 'advanced',
  });
  const { row, key } = await createApiKey(services.db, services.clock, user.id, 'test key');
  const pair = nacl.sign.keyPair();
  const publicKey = Buffer.from(pair.publicKey).toString('base64');
  const signing = await registerSigningKey(services.db, services.clock, user.id, 'test signing key', publicKey);
  return {
    userId: user.id,
    email,
    apiKey: key,
    apiKeyId: row.id,
    signingKey: {
      id: signing.id,
      publicKey,
      privateKey: Buffer.from(pair.secretKey).toString('base64'),
      fingerprint: signing.fingerprint,
    },
  };
}

export async function grantTokens(services: Services, userId: string, scopes: string[]) {
  return createGrant(services.db, services.clock, userId, 'mkt-cli', scopes);
}

/** Writes the 100 receipts of today that use up a free account's daily inference requests (specification part 8). */
export async function useUpFreeDailyRequests(
  services: Services,
  user: TestUser,
  instrumentId: string,
  model: string,
  endpoint: 'chat.completions' | 'messages' = 'chat.completions',
): Promise<void> {
  const nowUs = services.clock.nowUs();
  const rows = Array.from({ length: 100 }, (_, i) => ({
    id: `req_daily_${user.userId.slice(-8)}_${i}`,
    user_id: user.userId,
    api_key_id: user.apiKeyId,
    model,
    instrument_id: instrumentId,
    endpoint,
    stream: false,
    status: 'succeeded',
    reserved_tokens: 0,
    cost_status: 'not_billed',
    created_at_us: nowUs - (nowUs % 86_400_000_000) + i,
  }));
  await services.db.batchInsert('inference_requests', rows, 50);
}
