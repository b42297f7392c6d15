import { positiveInteger, usdCents, usdRange, wholeNumber } from './config-numbers.js';

/**
 * Withdrawals' limits (issue 32), in micro-dollars: core/withdrawal-options.ts says what each is (config is a leaf, so
 * the shape is repeated here, as PaymentsConfig is).
 */
interface WithdrawalsConfig {
  minMicros: number;
  maxMicros: number;
  dailyLimitMicros: number;
  coolOffS: number;
  reauthenticationS: number;
}

export function loadWithdrawals(env: NodeJS.ProcessEnv): WithdrawalsConfig {
  const [minMicros, maxMicros] = usdRange(env, 'MKT_WITHDRAWAL', [1_000_000, 10_000_000_000]);
  return {
    minMicros,
    maxMicros,
    dailyLimitMicros: usdCents(env, 'MKT_WITHDRAWAL_DAILY_LIMIT_USD', 5_000_000_000),
    coolOffS: wholeNumber(env, 'MKT_WITHDRAWAL_COOLOFF_S', 86_400),
    reauthenticationS: positiveInteger(env, 'MKT_WITHDRAWAL_REAUTH_S', 300),
  };
}
