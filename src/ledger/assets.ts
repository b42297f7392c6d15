/**
 * What the ledger counts. USD in micro-dollars; Units of an instrument on the trading side; tokens
 * of an instrument on the consumption side (inference draws tokens, and a Unit is
 * `tokens_per_unit` of them). Each asset balances on its own.
 */
export const usd = 'usd';
export const unitsOf = (instrumentId: string): string => `units:${instrumentId}`;
export const tokensOf = (instrumentId: string): string => `tokens:${instrumentId}`;

/** System accounts: the other side of every movement into or out of users' hands. */
export type SystemAccountName =
  | 'deposits' // USD paid in from outside (deposits and bonuses)
  | 'payouts' // USD paid out by withdrawals
  | 'fees' // fee revenue
  | 'issuance' // Units created by suppliers
  | 'conversion' // Units turned into consumption tokens by a transfer
  | 'consumed' // tokens used by inference
  | 'expired'; // tokens written off at expiry
