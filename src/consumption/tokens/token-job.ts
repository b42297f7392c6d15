/** What the token pool (token-pool.ts) and its threads (token-worker.ts) send each other. */

/** Texts whose tokens a thread counts, summed. */
export interface TokenJob {
  id: number;
  texts: string[];
}

/** A job's answer: its tokens, or why they could not be counted. */
export interface TokenAnswer {
  id: number;
  tokens?: number;
  error?: string;
}
