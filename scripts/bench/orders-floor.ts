import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { listenLocally, readBody } from './local-server.js';

/**
 * The floor under signed order placement on this machine: a bare node:http server that does only
 * the work no order server can skip — read the body, check the timestamp window, look up the key by
 * fingerprint, verify the Ed25519 signature with node:crypto, and insert one row into better-sqlite3
 * (WAL, synchronous=NORMAL) — with no validation, ledger, matching or framework. bench-orders runs
 * it in its own process beside mkt, so mkt's cost reads as a ratio to it in the same run.
 */
export interface FloorKey {
  fingerprint: string;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
}

export interface OrdersFloor {
  url: string;
  close(): Promise<void>;
}

const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');
const windowSeconds = 30;

export async function startOrdersFloor(filename: string, keys: readonly FloorKey[]): Promise<OrdersFloor> {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(
    'create table if not exists orders (id integer primary key, fingerprint text not null, body text not null, created_at_us integer not null)',
  );
  const insert = db.prepare('insert into orders (fingerprint, body, created_at_us) values (?, ?, ?)');
  const keyObjects = new Map<string, KeyObject>(
    keys.map((k) => [
      k.fingerprint,
      createPublicKey({
        key: Buffer.concat([spkiPrefix, Buffer.from(k.publicKey, 'base64')]),
        format: 'der',
        type: 'spki',
      }),
    ]),
  );

  const answer = (outgoing: ServerResponse, status: number, body: string): void => {
    outgoing
      .writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
      .end(body);
  };

  function handle(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer): void {
    const timestamp = String(incoming.headers['x-mkt-timestamp'] ?? '');
    const key = keyObjects.get(String(incoming.headers['x-mkt-fingerprint'] ?? ''));
    const signature = Buffer.from(String(incoming.headers['x-mkt-signature'] ?? ''), 'base64');
    if (!key || Math.abs(Date.now() / 1000 - Number(timestamp)) > windowSeconds)
      return answer(outgoing, 401, '{"error":"unauthorised"}');
    const message = Buffer.concat([Buffer.from(`${timestamp}${incoming.method}${incoming.url!.split('?')[0]}`), body]);
    if (!verify(null, message, key, signature)) return answer(outgoing, 401, '{"error":"invalid_signature"}');
    const { lastInsertRowid } = insert.run(
      incoming.headers['x-mkt-fingerprint'],
      body.toString('utf8'),
      Date.now() * 1000,
    );
    answer(outgoing, 201, `{"order_id":"${lastInsertRowid}","status":"pending"}`);
  }

  const listening = await listenLocally(
    createServer((incoming, outgoing) => void readBody(incoming).then((body) => handle(incoming, outgoing, body))),
  );
  return {
    url: listening.url,
    close: async () => {
      await listening.close();
      db.close();
    },
  };
}
