/**
 * How money goes out (DESIGN.md §16, platform.yaml tag "Funds"), as core/withdrawals.ts takes it. src/app/config.ts
 * reads it (config-withdrawals.ts); amounts in micro-dollars, whole cents.
 */
export interface WithdrawalOptions {
  /** Smallest and largest withdrawal (MKT_WITHDRAWAL_MIN_USD 1.00, MKT_WITHDRAWAL_MAX_USD 10000.00). */
  minMicros: number;
  maxMicros: number;
  /** Most one user's withdrawals, pending and paid, may take per UTC day (MKT_WITHDRAWAL_DAILY_LIMIT_USD 5000.00). */
  dailyLimitMicros: number;
  /** How long a new payout destination waits before it can receive a withdrawal (MKT_WITHDRAWAL_COOLOFF_S, 24 h). */
  coolOffS: number;
  /** How recent a dashboard session's sign-in must be to withdraw or change destinations (MKT_WITHDRAWAL_REAUTH_S, 300). */
  reauthenticationS: number;
}
