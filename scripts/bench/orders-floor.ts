import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { listenLocally, readBody } from './local-server.js';

/**
 * The floor under signed order placement on this machine: a bare node:http server that does only
 * the work no order server can skip — read the body, check the timestamp window, look up the key by
 * fingerprint, verify the Ed25519 signature with node:crypto, and insert one row — with no
 * validation, ledger, matching or framework. The row goes into better-sqlite3 (WAL,
 * synchronous=NORMAL) or, for the PostgreSQL figures, through a pg pool into the same cluster mkt
 * uses (one prepared INSERT, one round trip). bench-orders runs it in its own process beside mkt, so
 * mkt's cost reads as a ratio to it in the same run.
 */
export interface FloorKey {
  fingerprint: string;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
}

/** Where the floor keeps its rows: a SQLite file, or a PostgreSQL database's URL. */
export type FloorStore = { sqlite: string } | { postgres: string };

interface OrdersFloor {
  url: string;
  close(): Promise<void>;
}

/** What the floor does with one verified order: store it, and answer its id. */
interface FloorInsert {
  insert(fingerprint: string, body: string, createdAtUs: number): Promise<string>;
  close(): Promise<void>;
}

const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');
const windowSeconds = 30;
const createTable =
  'create table if not exists orders (id %ID% primary key, fingerprint text not null, body text not null, created_at_us bigint not null)';
/** Connections of the PostgreSQL floor: as many as mkt's pool would use for as many clients. */
const postgresConnections = 10;

function sqliteInsert(filename: string): FloorInsert {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(createTable.replace('%ID%', 'integer'));
  const insert = db.prepare('insert into orders (fingerprint, body, created_at_us) values (?, ?, ?)');
  return {
    insert: (fingerprint, body, createdAtUs) =>
      Promise.resolve(String(insert.run(fingerprint, body, createdAtUs).lastInsertRowid)),
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

async function postgresInsert(url: string): Promise<FloorInsert> {
  const pool = new pg.Pool({ connectionString: url, max: postgresConnections });
  await pool.query(createTable.replace('%ID%', 'bigserial'));
  return {
    insert: async (fingerprint, body, createdAtUs) => {
      const result = await pool.query<{ id: string }>({
        name: 'floor_order_insert',
        text: 'insert into orders (fingerprint, body, created_at_us) values ($1, $2, $3) returning id',
        values: [fingerprint, body, createdAtUs],
      });
      return result.rows[0]?.id ?? '';
    },
    close: () => pool.end(),
  };
}

export async function startOrdersFloor(store: FloorStore, keys: readonly FloorKey[]): Promise<OrdersFloor> {
  const rows = 'sqlite' in store ? sqliteInsert(store.sqlite) : await postgresInsert(store.postgres);
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

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer): Promise<void> {
    const timestamp = String(incoming.headers['x-mkt-timestamp'] ?? '');
    const fingerprint = String(incoming.headers['x-mkt-fingerprint'] ?? '');
    const key = keyObjects.get(fingerprint);
    const signature = Buffer.from(String(incoming.headers['x-mkt-signature'] ?? ''), 'base64');
    if (!key || Math.abs(Date.now() / 1000 - Number(timestamp)) > windowSeconds)
      return answer(outgoing, 401, '{"error":"unauthorised"}');
    const path = (incoming.url ?? '').split('?')[0] ?? '';
    const message = Buffer.concat([Buffer.from(`${timestamp}${incoming.method}${path}`), body]);
    if (!verify(null, message, key, signature)) return answer(outgoing, 401, '{"error":"invalid_signature"}');
    const id = await rows.insert(fingerprint, body.toString('utf8'), Date.now() * 1000);
    answer(outgoing, 201, `{"order_id":"${id}","status":"pending"}`);
  }

  const listening = await listenLocally(
    createServer((incoming, outgoing) => {
      readBody(incoming)
        .then((body) => handle(incoming, outgoing, body))
        .catch((error: unknown) => answer(outgoing, 500, JSON.stringify({ error: String(error) })));
    }),
  );
  return {
    url: listening.url,
    close: async () => {
      await listening.close();
      await rows.close();
    },
  };
}
