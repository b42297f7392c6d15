/**
 * Latency of a signed GET over HTTP, end to end: a real `mkt serve` process on a fresh database,
 * a client on the same machine signing every request with tweetnacl.
 *
 *   npm run build && node dist/scripts/latency-signed-get.js [--database sqlite|postgres] [--requests 5000] [--concurrency 1]
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateKey, sign } from 'node:crypto';
import { signatureHeaders } from '../test/support/http.js';
import { mktJson, mktServe } from '../test/support/processes.js';
import { startThrowawayPostgres } from './throwaway-postgres.js';
import { summarise } from './bench/stats.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '1' },
    path: { type: 'string', default: '/v1/instruments' },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

const scratch = mkdtempSync(join(tmpdir(), 'mkt-bench-'));
const postgres = values.database === 'postgres' ? await startThrowawayPostgres() : undefined;
const env = {
  DATABASE_URL: postgres ? await postgres.createDatabase('bench') : `sqlite:${join(scratch, 'bench.sqlite')}`,
  MKT_LOG_LEVEL: 'warn',
};

await mktJson(['admin', 'user', 'create', '--email', 'bench@example.com'], env);
const signing = await mktJson(
  ['admin', 'signing-key', 'create', '--email', 'bench@example.com', '--label', 'bench'],
  env,
);
const key = { privateKey: signing.private_key as string, fingerprint: signing.fingerprint as string };
const served = await mktServe(env, ['--only', 'trading']);
const url = served.urls.trading + values.path;

// tweetnacl signs ~100 requests/s in pure JS, which would measure the client, not the server.
// Ed25519 is deterministic: node:crypto makes the very same signature (checked below), much faster.
const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
const privateKey = createPrivateKey({
  key: Buffer.concat([pkcs8Prefix, Buffer.from(key.privateKey, 'base64')]),
  format: 'der',
  type: 'pkcs8',
});
function fastSignatureHeaders(
  method: string,
  path: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = sign(null, Buffer.from(`${timestamp}${method}${path}${body}`), privateKey).toString('base64');
  return { 'x-mkt-signature': signature, 'x-mkt-timestamp': String(timestamp), 'x-mkt-fingerprint': key.fingerprint };
}
const probeTimestamp = Math.floor(Date.now() / 1000);
if (
  fastSignatureHeaders('GET', values.path, '', probeTimestamp)['x-mkt-signature'] !==
  signatureHeaders(key, 'GET', values.path, '', probeTimestamp)['x-mkt-signature']
) {
  throw new Error('node:crypto and tweetnacl signatures differ');
}

async function once(): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: fastSignatureHeaders('GET', values.path, '') });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${values.path} answered ${response.status}`);
  return performance.now() - started;
}

try {
  for (let i = 0; i < 200; i += 1) await once(); // warm up: JIT, connection, caches
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        samples.push(await once());
      }
    }),
  );
  const result = summarise(samples, performance.now() - started);
  console.log(
    `signed GET ${values.path} on ${values.database}, concurrency ${concurrency}: ${result.count} requests, ` +
      `${result.perSecond.toFixed(0)}/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(2)} ms`,
  );
} finally {
  served.child.kill('SIGTERM');
  await served.exited;
  await postgres?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
