import type { Db } from './knex.js';
import { deploymentSecretOf } from './deployment-secrets.js';
import { poolSql, statement, type Sql } from './sql.js';

/**
 * The SQL of admission tickets (migration 0019, DESIGN.md §7): the claim that makes a ticket good
 * once in every process, its pruning, and the ticket key a deployment on PostgreSQL shares when no
 * MKT_TICKET_SECRET is set.
 */

const claimTicket = statement(
  'used_ticket_claim',
  'INSERT INTO used_tickets (expires_at_us, ticket_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
);
const pruneTickets = statement('used_tickets_prune', 'DELETE FROM used_tickets WHERE expires_at_us < ?');

/**
 * Records a ticket as used, in the caller's transaction (admission's: a refused admission leaves it unused); false
 * when it was used before (by any process).
 */
export async function claimUsedTicket(sql: Sql, ticketId: string, expiresAtUs: number): Promise<boolean> {
  return (await sql.run(claimTicket, [expiresAtUs, ticketId])) === 1;
}

/**
 * A used ticket is kept this long past its expiry, so that a process whose clock runs behind
 * another's still finds the claim while it would take the ticket for valid.
 */
const usedTicketRetentionUs = 60_000_000;

/**
 * Deletes the claims of tickets expired more than usedTicketRetentionUs before `nowUs`: one range of the primary key.
 */
export async function pruneUsedTickets(db: Db, nowUs: number): Promise<number> {
  return poolSql(db).run(pruneTickets, [nowUs - usedTicketRetentionUs]);
}

/** The file beside the SQLite database that holds its deployment's ticket key. */
const ticketSecretFileName = 'ticket-secret';

/**
 * The key admission tickets are signed with (consumption/inference/tickets.ts), which every process that
 * serves inference for this database must share:
 * - `configured` (MKT_TICKET_SECRET) when set;
 * - on SQLite (the embedded default: one process), a file beside the database file, made on
 *   first start with mode 0600, so tickets survive a restart;
 * - on PostgreSQL, a row of `deployment_secrets`: the first process writes the one it made, and
 *   every process, on any machine, reads that same row, so several processes agree with nothing
 *   configured (set MKT_TICKET_SECRET to rotate it, on every process at once).
 * A database in memory (tests) has its key in memory.
 */
export function ticketSecretOf(db: Db, configured: string | undefined, nowUs: number): Promise<string> {
  return deploymentSecretOf(db, { configured, name: 'ticket', fileName: ticketSecretFileName }, nowUs);
}
