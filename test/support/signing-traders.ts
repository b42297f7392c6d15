import nacl from 'tweetnacl';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import type { Db } from '../../src/db/knex.js';
import { deposit } from '../../src/ledger/funds.js';
import { systemClock } from '../../src/lib/clock.js';
import type { SigningKey } from './http.js';

/** A trader (Advanced Mode, 100 USD) with a tweetnacl signing key, seeded straight into a database that processes share. */
export async function seedSigningTrader(
  db: Db,
  label: string,
): Promise<SigningKey & { userId: string; signingKeyId: string }> {
  const user = await createUser(db, systemClock, {
    email: `${label}-${Date.now()}-${Math.random()}@example.com`,
    verified: true,
    acceptTerms: true,
    mode: 'advanced',
  });
  const pair = nacl.sign.keyPair();
  const signing = await registerSigningKey(
    db,
    systemClock,
    user.id,
    label,
    Buffer.from(pair.publicKey).toString('base64'),
  );
  await db.transaction((trx) =>
    deposit(trx, { userId: user.id, usdMicros: 100_000_000, source: 'deposit', nowUs: systemClock.nowUs() }),
  );
  return {
    userId: user.id,
    signingKeyId: signing.id,
    privateKey: Buffer.from(pair.secretKey).toString('base64'),
    fingerprint: signing.fingerprint,
  };
}
