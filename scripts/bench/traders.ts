import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { createUser, registerSigningKey } from '../../src/core/identity.js';
import type { Db } from '../../src/db/knex.js';
import { deposit } from '../../src/ledger/funds.js';
import { systemClock } from '../../src/lib/clock.js';
import { parseDecimal, usdScale } from '../../src/lib/money.js';
import { giveUnits } from './seed.js';

/**
 * Traders for the benchmarks that drive orders over HTTP, seeded straight through the library
 * before the server starts (as bench-orders does): a verified Advanced Mode user each, one Ed25519
 * signing key, USD and Units of every instrument; and how to sign and send their requests.
 */
export interface SeededTrader {
  userId: string;
  fingerprint: string;
  /** Raw public key, base64. */
  publicKey: string;
  /** Raw private key (the Ed25519 seed), base64: what the live CLI and test/streams/support.ts sign with. */
  seed: string;
  privateKey: KeyObject;
}

const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

export async function seedTraders(
  db: Db,
  count: number,
  options: { prefix: string; usd: string; unitsPerInstrument: number },
): Promise<SeededTrader[]> {
  const instruments = ((await db('instruments').select('id')) as { id: string }[]).map((r) => r.id);
  const traders: SeededTrader[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createUser(db, systemClock, {
      email: `${options.prefix}-${i}@example.com`,
      verified: true,
      acceptTerms: true,
      mode: 'advanced',
    });
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
    const signing = await registerSigningKey(db, systemClock, user.id, 'bench', rawPublic.toString('base64'));
    await db.transaction((trx) =>
      deposit(trx, {
        userId: user.id,
        usdMicros: parseDecimal(options.usd, usdScale)!,
        source: 'deposit',
        nowUs: systemClock.nowUs(),
      }),
    );
    for (const instrumentId of instruments) await giveUnits(db, user.id, instrumentId, options.unitsPerInstrument);
    traders.push({
      userId: user.id,
      fingerprint: signing.fingerprint,
      publicKey: rawPublic.toString('base64'),
      seed: Buffer.from(seed).toString('base64'),
      privateKey: createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' }),
    });
  }
  return traders;
}

/** The X-Mkt-* headers of a signed request (part 5): Ed25519 over timestamp + method + path + body. */
export function signatureHeaders(
  trader: SeededTrader,
  method: string,
  path: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = sign(null, Buffer.from(`${timestamp}${method}${path}${body}`), trader.privateKey).toString(
    'base64',
  );
  return {
    'x-mkt-signature': signature,
    'x-mkt-timestamp': String(timestamp),
    'x-mkt-fingerprint': trader.fingerprint,
  };
}

export interface Reply {
  status: number;
  text: string;
  /** process.hrtime.bigint() when the whole response had arrived, in milliseconds (CLOCK_MONOTONIC: comparable across processes of one machine). */
  arrivedMs: number;
}

/** Now on the machine-wide monotonic clock, in milliseconds; the same clock in every process. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export function send(
  agent: Agent,
  baseUrl: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: baseUrl.hostname,
        port: baseUrl.port,
        method,
        path,
        headers:
          body === ''
            ? headers
            : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            arrivedMs: monotonicMs(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Soft limit on open files of this process (/proc/self/limits), or undefined where that cannot be read. */
export function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l: string) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined ? undefined : soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return undefined;
  }
}
