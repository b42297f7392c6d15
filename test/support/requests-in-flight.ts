import type { Knex } from 'knex';

let counter = 0;

/**
 * The receipt an inference admission writes beside the tokens it locks (src/consumption/
 * capacity.ts), for tests that lock a consumption account's tokens through the journal as a
 * request in flight would: the ledger audit holds every locked token to a request in progress.
 * Written as a request admitted before migration 0019 (no named lots), so that its tokens settle
 * oldest lot first. Returns its id, for `settleRequestInFlight`.
 */
export async function recordRequestInFlight(
  db: Knex,
  request: { userId: string; accountId: string; instrumentId: string; tokens: number; nowUs: number },
): Promise<string> {
  const id = `req_INFLIGHT${String(++counter).padStart(12, '0')}`;
  await db('inference_requests').insert({
    id,
    user_id: request.userId,
    api_key_id: 'key_test_in_flight',
    model: request.instrumentId,
    instrument_id: request.instrumentId,
    endpoint: 'chat.completions',
    stream: false,
    status: 'in_progress',
    reserved_tokens: request.tokens,
    cost_tokens: request.tokens,
    cost_status: 'reserved',
    consumption_account_id: request.accountId,
    created_at_us: request.nowUs,
  });
  // Its slot, leased for a day: without one the consumption sweep (every 2 s) takes the request for
  // abandoned and settles it, so a slow step of a test would find its tokens released.
  await db('inference_slots').insert({
    request_id: id,
    user_id: request.userId,
    acquired_at_us: request.nowUs,
    expires_at_us: request.nowUs + 86_400_000_000,
    process_id: null,
  });
  return id;
}

/** The receipt settled, as settlement completes it in the transaction that spends and releases its tokens. */
export async function settleRequestInFlight(db: Knex, requestId: string, costTokens: number): Promise<void> {
  await db('inference_requests')
    .where({ id: requestId })
    .update({ status: 'succeeded', cost_status: 'settled', cost_tokens: costTokens });
  await db('inference_slots').where({ request_id: requestId }).delete();
}
